import Foundation
import MediaSearchCore
import MediaSearchKit

/// The search screen's and the search API's parameters, checked: `q`, `kind` (`all` or an
/// enabled kind), `source` (`all` or the source of an enabled kind), `country` (two letters),
/// `lang` (`default` or a supported language), `limit` (1-200; clamped, with a notice, when out of range), `page` (1-10,000), `sort`, `explicit` (`on`/`off`), `reverse`,
/// and any provider filter by its name (`artist=…`). Unknown parameters are ignored, like a
/// browser's own; a bad value of a known one is a ``BadRequest``.
struct WebQuery: Sendable, Hashable {
    var term: String?
    var kind: String?
    /// The one source to ask (`source=deezer`), `nil` for all.
    var source: String?
    var limit: Int?
    /// The storefront and the language of results, when the query sets them; else the config's.
    var country: String?
    var lang: String?
    var page: Int
    var sort: ResultSort
    var reverse: Bool
    var explicit: Bool
    var filters: [String: String]

    static let maxTermLength = 500

    init(_ values: [String: String], catalog: ProviderCatalog, configuration: Configuration) throws(BadRequest) {
        let term = values["q"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        // Counted as the schema counts: in Unicode scalars of the value as sent.
        if let raw = values["q"], raw.unicodeScalars.count > Self.maxTermLength {
            throw BadRequest(key: "request.termTooLong", values: ["n": String(Self.maxTermLength)])
        }
        self.term = term?.isEmpty == false ? term : nil
        let enabled = catalog.enabled.map(\.kind)
        // A provider, or a kind of media or a source of enabled providers, as `--kind` takes.
        var words = enabled
        for entry in catalog.enabled {
            for word in [entry.media, entry.source] where !words.contains(word) { words.append(word) }
        }
        switch values["kind"].map({ $0.lowercased() }) {
        case nil, "", "all": kind = nil
        case let kind?:
            guard words.contains(kind) else {
                throw BadRequest(
                    key: "request.kind", values: ["list": words.joined(separator: ", "), "value": kind])
            }
            self.kind = kind
        }
        let sources = catalog.enabledSources.map(\.id)
        switch values["source"].map({ $0.lowercased() }) {
        case nil, "", "all": source = nil
        case let source?:
            guard sources.contains(source) else {
                throw BadRequest(
                    key: "request.source", values: ["list": sources.joined(separator: ", "), "value": source])
            }
            self.source = source
        }
        if let text = values["country"], !text.isEmpty {
            guard let code = CountryCode.normalize(text) else {
                throw BadRequest(key: "request.country", values: ["value": text])
            }
            country = code
        }
        if let text = values["lang"], !text.isEmpty, text.lowercased() != "default" {
            guard let code = LanguageCode.normalize(text) else {
                throw BadRequest(
                    key: "request.lang",
                    values: ["list": LanguageCode.supported.joined(separator: ", "), "value": text])
            }
            lang = code
        }
        // Out of 1-200, the session clamps it and says so, as on the command line (``ItemRules``).
        if let text = values["limit"] {
            // A whole number too long for an Int is as far out of range as it looks.
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw BadRequest(key: "request.limit", values: ["value": text])
            }
            limit = Int(text) ?? (text.hasPrefix("-") ? Int.min : Int.max)
        }
        page = try Self.number(values["page"], name: "page", in: 1...10_000) ?? 1
        if let text = values["sort"], !text.isEmpty {
            guard let sort = ResultSort(rawValue: text.lowercased()) else {
                let names = ResultSort.allCases.map(\.rawValue).joined(separator: ", ")
                throw BadRequest(key: "request.sort", values: ["list": names, "value": text])
            }
            self.sort = sort
        } else {
            sort = .relevance
        }
        reverse = try Self.flag(values["reverse"], name: "reverse") ?? false
        explicit = try Self.flag(values["explicit"], name: "explicit") ?? configuration.explicit
        let filterNames = Set(catalog.enabled.flatMap { $0.filters.map(\.name) })
        var filters: [String: String] = [:]
        for (name, value) in values where filterNames.contains(name) {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard value.unicodeScalars.count <= Self.maxTermLength else {
                throw BadRequest(key: "request.filterTooLong", values: ["name": name, "n": String(Self.maxTermLength)])
            }
            if !trimmed.isEmpty { filters[name] = trimmed }
        }
        self.filters = filters
    }

    /// Whether there is anything to search for.
    var isEmpty: Bool { term == nil && filters.isEmpty }

    /// The request the session runs.
    func request(configuration: Configuration) -> SearchRequest {
        var request = SearchRequest(
            term: term, filters: filters, kinds: kind.map { [$0] }, limit: limit,
            country: country ?? configuration.country, lang: lang ?? configuration.lang, explicit: explicit)
        request.page = page
        request.sources = source.map { [$0] }
        return request
    }

    var order: ResultOrder { ResultOrder(sort: sort, reversed: reverse, grouped: false) }

    /// This query's parameters with some changed, as a query string for a link.
    func link(kind: String?? = .none, page: Int? = nil, explicit: Bool? = nil, removing filter: String? = nil) -> String
    {
        var pairs: [(String, String?)] = [
            ("q", term), ("kind", (kind ?? self.kind) ?? nil), ("source", source), ("country", country),
            ("lang", lang), ("limit", limit.map(String.init)),
            ("sort", sort == .relevance ? nil : sort.rawValue), ("reverse", reverse ? "on" : nil),
            ("explicit", (explicit ?? self.explicit) ? "on" : "off"),
        ]
        pairs += filters.keys.sorted().filter { $0 != filter }.map { ($0, filters[$0]) }
        let target = page ?? (kind == nil && filter == nil ? self.page : 1)
        if target > 1 { pairs.append(("page", String(target))) }
        return "/" + QueryString.make(pairs)
    }

    private static func number(
        _ text: String?, name: String, in range: ClosedRange<Int>
    ) throws(BadRequest) -> Int? {
        // Absent is the default; present but empty is as wrong as any other non-number.
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw BadRequest(
                key: "request.number",
                values: [
                    "name": name, "min": String(range.lowerBound), "max": String(range.upperBound), "value": text,
                ])
        }
        return value
    }

    static func flag(_ text: String?, name: String) throws(BadRequest) -> Bool? {
        switch text?.lowercased() {
        case nil, "": return nil
        case "on", "true", "1", "yes": return true
        case "off", "false", "0", "no": return false
        case let other?: throw BadRequest(key: "request.flag", values: ["name": name, "value": other])
        }
    }
}
