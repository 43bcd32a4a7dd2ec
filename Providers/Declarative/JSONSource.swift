import Foundation
import MediaSearchKit

/// A source described in `config.yaml` instead of code: any JSON-over-HTTP API, mapped to items
/// by dotted paths (`type: json`). ``JSONProvider`` asks it.
///
/// ```yaml
/// providers:
///   shows:
///     type: json
///     kind: tv-show
///     search: "https://api.tvmaze.com/search/shows?q={term}"
///     lookup: "https://api.tvmaze.com/shows/{id}"
///     fields: {id: show.id, title: show.name, creator: show.network.name}
/// ```
///
/// Its coding keys are the description's keys: ``JSONSourceType`` reads a description into it
/// with the settings' decoder (``SettingNode/decode(_:)``), which names an unknown key at any
/// depth, and ``problems()`` checks what the keys say. The sources MediaSearch ships described
/// are YAML files read by the same reader (`Providers/Declarative/Shipped`).
public struct JSONSource: Sendable, Hashable, Decodable {
    /// How the source's durations are counted.
    public enum DurationUnit: String, Sendable, Hashable, CaseIterable, Decodable {
        case seconds = "s", milliseconds = "ms", minutes = "min"

        public init(from decoder: any Decoder) throws {
            let raw = try String(from: decoder)
            guard let unit = Self(rawValue: raw) else {
                throw decoder.settingProblem(
                    "'\(raw)' is not one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self = unit
        }

        /// A duration in this unit, in milliseconds; `nil` when it is no duration or out of range.
        func milliseconds(_ value: Double) -> Int? {
            switch self {
            case .seconds: SourceNumber.milliseconds(value, per: 1000)
            case .milliseconds: SourceNumber.milliseconds(value)
            case .minutes: SourceNumber.milliseconds(value, per: 60_000)
            }
        }
    }

    /// The description's keys, in the order messages name them.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case mediaKind = "kind", displayName = "name", source, search, results, lookup, lookupItem = "lookup_item"
        case lookupBy = "lookup_by", detail, lists, filters, fields, facts, labels
        case durationUnit = "duration_unit", emptyStatus = "empty_status", example
    }

    /// The provider's id: its key under `providers:`, what `kinds:` and `--kind` name.
    public var name = ""
    /// The source it shares with other descriptions of the same API (MusicBrainz's recordings
    /// and releases: one request budget, one `$MEDIASEARCH_MUSICBRAINZ_URL`); `nil` when it is
    /// its own source, named ``name``.
    public var source: String?
    /// The kind of media its results are, e.g. `tv-show`.
    public var mediaKind: String
    /// A name for people; by default the id, capitalised.
    public var displayName: String?
    /// The search URL, with `{term}` and optionally `{limit}`, `{offset}`, `{page}`, `{country}`,
    /// `{lang}`; values are percent-encoded.
    public var search: String
    /// The dotted path to the array of results in a search answer; none (or `""`) is the answer
    /// itself.
    public var results: String?
    /// The lookup URL with `{id}`, for `show <id>`; `nil` when the source has none.
    public var lookup: String?
    /// The dotted path to the item in a lookup's answer (and a `detail` answer's), where the source
    /// wraps it in an envelope: `data` for Jikan's `{"data": {...}}` and every JSON:API source;
    /// none reads the answer as it comes (the item itself, or one result as a search answers).
    public var lookupItem: String?
    /// Item field → dotted path inside one result. `id` and `title` are required.
    public var fields: [String: String]
    /// The unit of its durations; none is seconds.
    public var durationUnit: DurationUnit?
    /// Facts shown on the tile and in the detail, in order: a label and a dotted path, or a
    /// template with paths in braces (`"{bitrate} kbps"`), and the fact's type. A fact whose path
    /// is missing, empty or 0 is left out.
    public var facts: NamedSettings<FactSpec> = []

    /// One fact of the source's items: what it is called, where it is, and its type (#60), which
    /// says how every face writes it (``Fact``): `Pages` at `number_of_pages_median`, a count
    /// of `page`s, reads `1,712 pages`. Written as a path (a text fact) or
    /// `{path: …, type: count, unit: page}`; a rating takes `scale`, an id `scheme`.
    public struct FactSpec: NamedSetting {
        public var label: String
        public var template: String
        public var kind: Fact.Kind
        /// A count's unit (`page`), a rating's scale (`10`), an id's scheme (`isbn`).
        public var unit: String?

        public static var nameKey: WritableKeyPath<Self, String> { \.label }

        /// Creates a fact of a source.
        public init(_ label: String, _ template: String, _ kind: Fact.Kind = .text, unit: String? = nil) {
            self.label = label
            self.template = template
            self.kind = kind
            self.unit = unit
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case path, type, unit, scale, scheme }

        public init(from decoder: any Decoder) throws {
            if let template = try? String(from: decoder) {
                self.init("", template)
                return
            }
            guard let keys = try? decoder.container(keyedBy: CodingKeys.self) else {
                throw decoder.settingProblem(
                    "expected a dotted path, or path and type (e.g. {path: pages, type: count, unit: page})")
            }
            let template = try keys.decode(String.self, forKey: .path)
            let raw = try keys.decodeIfPresent(String.self, forKey: .type) ?? "text"
            guard let kind = Fact.Kind(rawValue: raw) else {
                throw try keys.superDecoder(forKey: .type).settingProblem(
                    "'\(raw)' is not a type of fact (\(Fact.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            // A count takes its unit, a rating its scale, an id its scheme, and another type none.
            let needed = Self.needs[kind]?.key
            var unit: String?
            for key in [CodingKeys.unit, .scale, .scheme] where keys.contains(key) {
                guard key.rawValue == needed else {
                    throw try keys.superDecoder(forKey: key).settingProblem(
                        needed.map { "a \(kind.rawValue) takes \($0), not \(key.rawValue)" }
                            ?? "a \(kind.rawValue) takes no \(key.rawValue)")
                }
                unit = try keys.decode(String.self, forKey: key)
            }
            self.init("", template, kind, unit: unit)
        }

        /// What a type needs beside it: its key, and what it says.
        static let needs: [Fact.Kind: (key: String, example: String)] = [
            .count: ("unit", "unit: page (a count's unit, singular)"), .rating: ("scale", "scale: 10"),
            .id: ("scheme", "scheme: isbn"),
        ]
    }
    /// What people call a field in the detail, by field (`creator: Country`, `url: Homepage`,
    /// `preview: Listen live`): a source's own words instead of the generic By, Page, Preview.
    public var labels: [String: String]?
    /// The fields ``labels`` may name.
    public static let labelledFields = ["creator", "released", "genre", "description", "url", "preview"]
    /// Requests per window, for this source only; `nil` takes the engine's default. What a
    /// description's `rate_limit` says, which the engine reads as it does every source's.
    public var rateLimit: RequestRate?
    /// The HTTP status with which the source says "nothing found" (LibriVox: 404), in a JSON body
    /// of its own (an HTML page of that status is still an error); `nil` when any status but 200
    /// is an error.
    public var emptyStatus: Int?
    /// Lookups of an id written in another scheme, by scheme (`isbn` for `show isbn:9780…`): a URL
    /// template with `{id}`, filled with what follows the scheme's colon. Its answer is read as a
    /// lookup's (one result, or a search's list whose first result is taken).
    public var lookupBy: [String: String]?
    /// A second request for a detail, a URL template with `{id}`: its answer, read by the same
    /// fields, fills what the item lacks (a description a search result does not carry). When it
    /// fails, the detail is shown without it, with a notice.
    public var detail: String?
    /// Lists a detail shows below the item's facts, each from a request of its own (a show's
    /// episodes, its cast), in order.
    public var lists: NamedSettings<ItemList> = []
    /// A term the source finds something for, which `providers check` searches unless told
    /// another (`example: "silicon valley"`).
    public var example: String?

    /// A list of a detail, under its title: the URL template of its request (with `{id}`, the
    /// item's id), the path to the list in the answer (none: the answer itself) and its items'
    /// fields (as ``fields``: `id` and `title` required). An item with a preview plays in its row.
    public struct ItemList: NamedSetting {
        public var title = ""
        public var url: String
        public var results: String?
        public var fields: [String: String]
        /// Parts of the list, by a template of each entry (`"Season {season}"`): each part a
        /// section of its own, titled by it, in the order the parts first appear, which a face
        /// may fold (a show's 80 episodes as its seasons). `nil` for one section.
        public var group: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case url, results, fields, group }

        public static var nameKey: WritableKeyPath<Self, String> { \.title }

        public init(title: String, url: String, results: String? = nil, fields: [String: String], group: String? = nil)
        {
            self.title = title
            self.url = url
            self.results = results
            self.fields = fields
            self.group = group
        }
    }

    /// Filters the source's results offer (`--year 1995`, `--subject fantasy`), in order: a
    /// filter's name and what it narrows, an item field (``filterFields``; `released` takes a
    /// year) or `fact:<label>`, a fact's text (`fact:Language`). The engine narrows the results.
    public var filters: NamedSettings<Filter> = []

    /// One of ``filters``: `year: released`.
    public struct Filter: NamedSetting {
        public var name: String
        public var field: String

        public static var nameKey: WritableKeyPath<Self, String> { \.name }

        public init(_ name: String, _ field: String) {
            self.name = name
            self.field = field
        }

        public init(from decoder: any Decoder) throws {
            guard let field = try? String(from: decoder) else {
                throw decoder.settingProblem(
                    "expected the field it narrows (\(JSONSource.filterFields.joined(separator: ", "))) or fact:<label>"
                )
            }
            self.init("", field)
        }
    }
    /// The item fields a filter may narrow.
    public static let filterFields = ["creator", "collection", "genre", "released", "description"]

    /// The most items one list shows: a source may send thousands.
    public static let maximumListItems = 200

    /// The keys of a description, as `config.yaml` writes them.
    public static let keys = CodingKeys.allCases.map(\.rawValue)

    /// Creates a source of the keys every description has; set the others as needed.
    public init(name: String, mediaKind: String, search: String, fields: [String: String]) {
        self.name = name
        self.mediaKind = mediaKind
        self.search = search
        self.fields = fields
    }

    /// A URL template at another origin (scheme, host and port), e.g. a mirror or a test server,
    /// keeping its path and query: what `providers.<name>.base_url` and `$MEDIASEARCH_<NAME>_URL`
    /// do (see ``JSONProvider``). A base URL's own path is kept in front of the template's.
    static func rebase(_ template: String, on base: URL) -> String {
        guard let schemeEnd = template.range(of: "://") else { return template }
        let rest = template[schemeEnd.upperBound...]
        let pathStart = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let origin = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        return origin + rest[pathStart...]
    }

    /// The item fields a path may fill.
    public static let fieldNames = [
        "id", "title", "creator", "collection", "url", "artwork", "preview", "released", "duration", "genre",
        "description", "explicit", "price", "currency", "standard_id",
    ]
    /// The placeholders a search URL may hold.
    public static let placeholders = ["term", "limit", "offset", "page", "country", "lang"]

    /// What is wrong with the description, as (key, why) pairs of its keys, first problem first;
    /// empty when the source can work. Checked when the config is read, before any request.
    public func problems() -> [(key: String, message: String)] {
        var found: [(String, String)] = []
        if mediaKind.isEmpty {
            found.append(("kind", "is required: the kind of media its results are, e.g. tv-show"))
        } else if !Self.isName(mediaKind) {
            // Shown in badges, tabs and file names: a word, as a source's name is (S11).
            found.append(("kind", "a kind of media is lower-case letters, digits or '-', e.g. tv-show"))
        }
        if let source, !Self.isName(source) {
            found.append(("source", "a source's name is lower-case letters, digits or '-', e.g. musicbrainz"))
        }
        for field in (labels ?? [:]).keys.sorted() where !Self.labelledFields.contains(field) {
            found.append(
                ("labels.\(field)", "unknown key (known here: \(Self.labelledFields.joined(separator: ", ")))"))
        }
        found += Self.templateProblems(search, key: "search", required: "term", allowed: Self.placeholders)
        if let lookup {
            found += Self.templateProblems(lookup, key: "lookup", required: "id", allowed: ["id", "country", "lang"])
        }
        if let lookupItem, !lookupItem.isEmpty && !JSONPath(lookupItem).isWellFormed {
            found.append(("lookup_item", "expected a dotted path to the item, e.g. data"))
        }
        if let status = emptyStatus, !(300...599).contains(status) {
            found.append(("empty_status", "'\(status)' is not an HTTP status from 300 to 599"))
        }
        for (scheme, template) in (lookupBy ?? [:]).sorted(by: { $0.key < $1.key }) {
            if !Self.isName(scheme) {
                found.append(("lookup_by.\(scheme)", "a scheme is lower-case letters, digits or '-', e.g. isbn"))
            }
            found += Self.templateProblems(
                template, key: "lookup_by.\(scheme)", required: "id", allowed: ["id", "country", "lang"])
        }
        if let detail {
            found += Self.templateProblems(detail, key: "detail", required: "id", allowed: ["id", "country", "lang"])
        }
        for filter in filters {
            let key = "filters.\(filter.name)"
            if !Self.isName(filter.name) {
                found.append((key, "a filter's name is lower-case letters, digits or '-', e.g. year"))
            }
            let fact = filter.field.hasPrefix("fact:") ? String(filter.field.dropFirst(5)) : nil
            if let fact, !facts.contains(where: { $0.label == fact }) {
                found.append(
                    (key, "no fact is labelled '\(fact)' (facts: \(facts.map(\.label).joined(separator: ", ")))"))
            } else if fact == nil, !Self.filterFields.contains(filter.field) {
                found.append(
                    (key, "'\(filter.field)' is not \(Self.filterFields.joined(separator: ", ")) or fact:<label>"))
            }
        }
        for list in lists {
            let key = "lists.\(list.title)"
            found += Self.templateProblems(
                list.url, key: key + ".url", required: "id", allowed: ["id", "country", "lang"])
            found += Self.fieldProblems(list.fields, key: key + ".fields")
        }
        found += Self.fieldProblems(fields, key: "fields")
        for fact in facts {
            let paths = Self.factPaths(fact.template)
            if fact.label.isEmpty || paths.isEmpty || !paths.allSatisfy({ JSONPath($0).isWellFormed }) {
                found.append(
                    ("facts.\(fact.label)", "'\(fact.template)' is not a dotted path, nor text with paths in braces"))
            }
            if fact.kind != .text && fact.template.contains("{") {
                found.append(
                    (
                        "facts.\(fact.label)",
                        "a \(fact.kind.rawValue) reads one dotted path, not text with paths in braces"
                    ))
            }
            if fact.kind == .id, let scheme = fact.unit, !scheme.isEmpty, !Self.isName(scheme) {
                found.append(("facts.\(fact.label).scheme", "a scheme is lower-case letters, digits or '-', e.g. isbn"))
            }
            if let need = FactSpec.needs[fact.kind], (fact.unit ?? "").isEmpty {
                found.append(("facts.\(fact.label).\(need.key)", "a \(fact.kind.rawValue) needs \(need.example)"))
            }
            if fact.kind == .rating, let scale = fact.unit, !scale.isEmpty,
                Double(scale).map({ !$0.isFinite || $0 <= 0 }) ?? true
            {
                found.append(("facts.\(fact.label).scale", "'\(scale)' is not a number above 0, e.g. 10"))
            }
        }
        return found
    }

    /// What is wrong with a set of item fields, under `key`.
    static func fieldProblems(_ fields: [String: String], key: String) -> [(String, String)] {
        var found: [(String, String)] = []
        for required in ["id", "title"] where fields[required] == nil {
            found.append((key, "'\(required)' is required (the dotted path to each result's \(required))"))
        }
        for (field, path) in fields.sorted(by: { $0.key < $1.key }) {
            if !Self.fieldNames.contains(field) {
                found.append(
                    ("\(key).\(field)", "unknown key (known here: \(Self.fieldNames.joined(separator: ", ")))"))
            } else if !Self.factPaths(path).allSatisfy({ JSONPath($0).isWellFormed }) || Self.factPaths(path).isEmpty {
                found.append(
                    (
                        "\(key).\(field)",
                        "'\(path)' is not a dotted path such as show.name (or a | b), nor text with paths in braces"
                    ))
            }
        }
        return found
    }

    /// Whether a word is lower-case letters, digits or '-', as names of schemes, filters and
    /// sources are.
    static func isName(_ word: String) -> Bool {
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }

    /// The paths a fact reads: those in braces, or the whole template when it has none.
    static func factPaths(_ template: String) -> [String] {
        template.contains("{") ? placeholderNames(in: template) : [template]
    }

    private static func templateProblems(
        _ template: String, key: String, required: String, allowed: [String]
    ) -> [(String, String)] {
        var found: [(String, String)] = []
        let probe = placeholderNames(in: template).reduce(template) {
            $0.replacingOccurrences(of: "{\($1)}", with: "x")
        }
        if let url = URL(string: probe), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        {
        } else {
            found.append((key, "'\(template)' is not an http(s) URL"))
        }
        // Values go in the path or the query, never where they would choose the host.
        let afterScheme = template.range(of: "://").map { template[$0.upperBound...] } ?? template[...]
        if afterScheme.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).contains("{") {
            found.append((key, "a placeholder may stand in the path or the query, not in the host"))
        }
        let names = placeholderNames(in: template)
        for name in names where !allowed.contains(name) {
            found.append(
                (key, "unknown placeholder {\(name)} (known: \(allowed.map { "{\($0)}" }.joined(separator: " ")))"))
        }
        if !names.contains(required) { found.append((key, "must contain {\(required)}")) }
        return found
    }

    /// The names between braces in a template.
    static func placeholderNames(in template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// A template filled in, in one pass (a value is never read as a placeholder), every value
    /// percent-encoded as one query value or one path segment; `nil` when a value would stand
    /// for a whole path segment that is empty, `.` or `..` (a search for `..` must not climb a
    /// folder of the source's API).
    static func fill(_ template: String, _ values: [String: String]) -> String? {
        // RFC 3986's unreserved characters, ASCII only: any other letter is percent-encoded too.
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var out = ""
        var rest = template[...]
        var inQuery = false
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let before = rest[..<open]
            if before.contains("?") || before.contains("#") { inQuery = true }
            out += before
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
                let segmentStart = out.last == "/"
                let segmentEnd =
                    rest.index(after: close) == rest.endIndex
                    || ["/", "?", "#"].contains(rest[rest.index(after: close)])
                if !inQuery, segmentStart, segmentEnd, ["", ".", ".."].contains(encoded) { return nil }
                out += encoded
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
