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
public struct JSONSource: Sendable, Hashable {
    /// How the source's durations are counted.
    public enum DurationUnit: String, Sendable, Hashable, CaseIterable {
        case seconds = "s", milliseconds = "ms", minutes = "min"

        /// A duration in this unit, in milliseconds; `nil` when it is no duration or out of range.
        func milliseconds(_ value: Double) -> Int? {
            switch self {
            case .seconds: SourceNumber.milliseconds(value, per: 1000)
            case .milliseconds: SourceNumber.milliseconds(value)
            case .minutes: SourceNumber.milliseconds(value, per: 60_000)
            }
        }
    }

    /// The provider's id: its key under `providers:`, what `kinds:` and `--kind` name.
    public var name: String
    /// The source it shares with other descriptions of the same API (MusicBrainz's recordings
    /// and releases: one request budget, one `$MEDIASEARCH_MUSICBRAINZ_URL`); `nil` when it is
    /// its own source, named ``name``.
    public var source: String? = nil
    /// The kind of media its results are, e.g. `tv-show`.
    public var mediaKind: String
    /// A name for people; by default the id, capitalised.
    public var displayName: String?
    /// The search URL, with `{term}` and optionally `{limit}`, `{offset}`, `{page}`, `{country}`,
    /// `{lang}`; values are percent-encoded.
    public var search: String
    /// The dotted path to the array of results in a search answer; `""` is the answer itself.
    public var results: String
    /// The lookup URL with `{id}`, for `show <id>`; `nil` when the source has none.
    public var lookup: String?
    /// The dotted path to the item in a lookup's answer (and a `detail` answer's), where the source
    /// wraps it in an envelope: `data` for Jikan's `{"data": {...}}` and every JSON:API source;
    /// `""` reads the answer as it comes (the item itself, or one result as a search answers).
    public var lookupItem: String = ""
    /// Item field → dotted path inside one result. `id` and `title` are required.
    public var fields: [String: String]
    public var durationUnit: DurationUnit
    /// Facts shown on the tile and in the detail, in order: a label and a dotted path, or a
    /// template with paths in braces (`"{bitrate} kbps"`), and the fact's type. A fact whose path
    /// is missing, empty or 0 is left out.
    public var facts: [FactSpec] = []

    /// One fact of the source's items: what it is called, where it is, and its type (#60), which
    /// says how every face writes it (``Fact``): `Pages` at `number_of_pages_median`, a count
    /// of `page`s, reads `1,712 pages`.
    public struct FactSpec: Sendable, Hashable {
        public var label: String
        public var template: String
        public var kind: Fact.Kind
        /// A count's unit (`page`), a rating's scale (`10`), an id's scheme (`isbn`).
        public var unit: String?

        /// Creates a fact of a source.
        public init(_ label: String, _ template: String, _ kind: Fact.Kind = .text, unit: String? = nil) {
            self.label = label
            self.template = template
            self.kind = kind
            self.unit = unit
        }

        /// What a type needs beside it: its key, and what it says.
        static let needs: [Fact.Kind: (key: String, example: String)] = [
            .count: ("unit", "unit: page (a count's unit, singular)"), .rating: ("scale", "scale: 10"),
            .id: ("scheme", "scheme: isbn"),
        ]
    }
    /// What people call a field in the detail, by field (`creator: Country`, `url: Homepage`,
    /// `preview: Listen live`): a source's own words instead of the generic By, Page, Preview.
    public var labels: [String: String] = [:]
    /// The fields ``labels`` may name.
    public static let labelledFields = ["creator", "released", "genre", "description", "url", "preview"]
    /// Requests per window, for this source only; `nil` takes the engine's default.
    public var rateLimit: (count: Int, seconds: Double)?
    /// The HTTP status with which the source says "nothing found" (LibriVox: 404), in a JSON body
    /// of its own (an HTML page of that status is still an error); `nil` when any status but 200
    /// is an error.
    public var emptyStatus: Int? = nil
    /// Lookups of an id written in another scheme, by scheme (`isbn` for `show isbn:9780…`): a URL
    /// template with `{id}`, filled with what follows the scheme's colon. Its answer is read as a
    /// lookup's (one result, or a search's list whose first result is taken).
    public var lookupBy: [String: String] = [:]
    /// A second request for a detail, a URL template with `{id}`: its answer, read by the same
    /// fields, fills what the item lacks (a description a search result does not carry). When it
    /// fails, the detail is shown without it, with a notice.
    public var detail: String? = nil
    /// Lists a detail shows below the item's facts, each from a request of its own (a show's
    /// episodes, its cast), in order.
    public var lists: [ItemList] = []
    /// A term the source finds something for, which `providers check` searches unless told
    /// another (`example: "silicon valley"`).
    public var example: String? = nil

    /// A list of a detail: its title, the URL template of its request (with `{id}`, the item's
    /// id), the path to the list in the answer (`""` the answer itself) and its items' fields
    /// (as ``fields``: `id` and `title` required). An item with a preview plays in its row.
    public struct ItemList: Sendable, Hashable {
        public var title: String
        public var url: String
        public var results: String
        public var fields: [String: String]
        /// Parts of the list, by a template of each entry (`"Season {season}"`): each part a
        /// section of its own, titled by it, in the order the parts first appear, which a face
        /// may fold (a show's 80 episodes as its seasons). `nil` for one section.
        public var group: String?

        public init(
            title: String, url: String, results: String = "", fields: [String: String], group: String? = nil
        ) {
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
    public var filters: [(name: String, field: String)] = []
    /// The item fields a filter may narrow.
    public static let filterFields = ["creator", "collection", "genre", "released", "description"]

    /// The most items one list shows: a source may send thousands.
    public static let maximumListItems = 200

    /// Internet radio stations from Radio Browser (radio-browser.info, no key), on by default.
    /// The station's resolved stream is the preview the web player and `open --preview` play.
    public static let radioBrowser = JSONSource(
        name: "radio", mediaKind: "radio-station", displayName: "Radio Browser",
        search:
            "https://de1.api.radio-browser.info/json/stations/search?name={term}&limit={limit}&offset={offset}&hidebroken=true&order=votes&reverse=true",
        lookup: "https://de1.api.radio-browser.info/json/stations/byuuid/{id}",
        fields: [
            "id": "stationuuid", "title": "name", "creator": "country", "url": "homepage", "artwork": "favicon",
            "preview": "url_resolved | url", "genre": "tags",
        ], rateLimit: (10, 10), facts: [FactSpec("Codec", "codec"), FactSpec("Bitrate", "{bitrate} kbps")],
        labels: ["creator": "Country", "url": "Homepage", "preview": "Listen live", "genre": "Tags"],
        filters: [("tag", "genre")], example: "jazz")

    /// Songs as MusicBrainz knows them (musicbrainz.org, no key): recordings, with their ISRC (the
    /// same ISRC at another source is the same work: one result) and their first release's cover
    /// from the Cover Art Archive. Off until `musicbrainz` is listed under `kinds:`. MusicBrainz
    /// asks for about one request a second and a `User-Agent` naming the client (every request
    /// carries MediaSearch's); it answers 503 past its rate.
    public static let musicBrainz = JSONSource(
        name: "musicbrainz", mediaKind: "song", displayName: "MusicBrainz",
        search: "https://musicbrainz.org/ws/2/recording?query={term}&fmt=json&limit={limit}&offset={offset}",
        results: "recordings",
        lookup: "https://musicbrainz.org/ws/2/recording/{id}?fmt=json&inc=isrcs+artist-credits+releases",
        fields: [
            "id": "id", "title": "title", "creator": "artist-credit.0.name", "collection": "releases.0.title",
            "released": "first-release-date", "duration": "length", "standard_id": "isrc:{isrcs.0}",
            "artwork": "https://coverartarchive.org/release/{releases.0.id}/front-250",
            "url": "https://musicbrainz.org/recording/{id}",
        ], durationUnit: .milliseconds, rateLimit: (1, 1), facts: [FactSpec("ISRC", "isrcs.0", .id, unit: "isrc")],
        filters: [("artist", "creator"), ("year", "released")], example: "ed sheeran")

    /// Albums as MusicBrainz knows them: releases, with their barcode (a UPC: the same one at
    /// Deezer is the same album), label, catalog number and format, and their tracks (the first
    /// medium's) in the detail. Off until `musicbrainz-album` is listed under `kinds:`; it shares
    /// the `musicbrainz` source with the recordings: one budget of one request a second, one
    /// base URL.
    public static let musicBrainzReleases: JSONSource = {
        var source = JSONSource(
            name: "musicbrainz-album", mediaKind: "album", displayName: "MusicBrainz",
            search: "https://musicbrainz.org/ws/2/release?query={term}&fmt=json&limit={limit}&offset={offset}",
            results: "releases",
            lookup:
                "https://musicbrainz.org/ws/2/release/{id}?fmt=json&inc=artist-credits+labels+recordings+isrcs+release-groups",
            fields: [
                "id": "id", "title": "title", "creator": "artist-credit.0.name", "released": "date",
                "genre": "release-group.primary-type", "standard_id": "upc:{barcode}",
                "artwork": "https://coverartarchive.org/release/{id}/front-250",
                "url": "https://musicbrainz.org/release/{id}",
            ], rateLimit: (1, 1),
            facts: [
                FactSpec("Label", "label-info.0.label.name"), FactSpec("UPC", "barcode", .id, unit: "upc"),
                FactSpec("Catalog number", "label-info.0.catalog-number", .id, unit: "catalog"),
                FactSpec("Format", "media.0.format"),
                FactSpec("Tracks", "track-count | media.0.track-count", .count, unit: "track"),
                FactSpec("Country", "country", .country),
            ],
            labels: ["genre": "Type"],
            lists: [
                ItemList(
                    // The lookup's own URL: a release just looked up costs no second request.
                    title: "Tracks",
                    url:
                        "https://musicbrainz.org/ws/2/release/{id}?fmt=json&inc=artist-credits+labels+recordings+isrcs+release-groups",
                    results: "media.0.tracks",
                    fields: [
                        "id": "recording.id | id", "title": "title", "duration": "length",
                        "collection": "Track {number}", "creator": "artist-credit.0.name",
                        "url": "https://musicbrainz.org/recording/{recording.id}",
                    ])
            ], filters: [("artist", "creator"), ("year", "released"), ("label", "fact:Label")])
        source.source = "musicbrainz"
        source.durationUnit = .milliseconds
        source.example = "ed sheeran"
        return source
    }()

    /// Free public-domain audiobooks from LibriVox (librivox.org, no key), off until `librivox` is
    /// listed under `kinds:`. Its search is by title, a prefix match (`^`); "nothing found" is an
    /// HTTP 404; numbers come as strings; `extended=1` adds each book's sections, the first of
    /// which is the preview (an MP3 of the reading).
    public static let librivox: JSONSource = {
        var source = JSONSource(
            name: "librivox", mediaKind: "audiobook", displayName: "LibriVox",
            search:
                "https://librivox.org/api/feed/audiobooks?title=%5E{term}&format=json&limit={limit}&offset={offset}&extended=1&coverart=1",
            results: "books",
            lookup: "https://librivox.org/api/feed/audiobooks?id={id}&format=json&extended=1&coverart=1",
            fields: [
                "id": "id", "title": "title", "creator": "{authors.0.first_name} {authors.0.last_name}",
                "url": "url_librivox", "artwork": "coverart_jpg", "preview": "sections.0.listen_url",
                "released": "copyright_year", "duration": "totaltimesecs", "genre": "genres.0.name",
                "description": "description",
            ],
            facts: [
                FactSpec("Language", "language", .language),
                FactSpec("Sections", "num_sections", .count, unit: "section"),
                FactSpec("Read by", "sections.0.readers.0.display_name"),
            ])
        source.emptyStatus = 404
        source.filters = [("language", "fact:Language"), ("genre", "genre")]
        // A prefix of a title, as its search matches.
        source.example = "pride"
        // Its sections, each an MP3 of the reading: a playable list.
        source.lists = [
            ItemList(
                // The lookup's own URL: a book just looked up costs no second request.
                title: "Sections",
                url: "https://librivox.org/api/feed/audiobooks?id={id}&format=json&extended=1&coverart=1",
                results: "books.0.sections",
                fields: [
                    "id": "id", "title": "title", "preview": "listen_url", "duration": "playtime",
                    "creator": "readers.0.display_name", "collection": "Section {section_number}",
                ])
        ]
        return source
    }()

    /// Books from Open Library (openlibrary.org, no key): works, on by default. A work's id is its key's last part (`/works/OL45804W` is `OL45804W`); `show
    /// isbn:9780…` finds the work of an edition; a detail asks for the work itself too, for its
    /// description (a plain string or a typed `{"type": "/type/text", "value": …}`). Covers come
    /// from covers.openlibrary.org by cover id. Open Library asks for a User-Agent naming the
    /// client and publishes no rate; one request a second is kept to.
    public static let openLibrary: JSONSource = {
        let fieldList =
            "fields=key,title,author_name,first_publish_year,cover_i,isbn,language,edition_count,subject,"
            + "number_of_pages_median,first_sentence"
        var source = JSONSource(
            name: "openlibrary", mediaKind: "book", displayName: "Open Library",
            search: "https://openlibrary.org/search.json?q={term}&limit={limit}&offset={offset}&" + fieldList,
            results: "docs",
            lookup: "https://openlibrary.org/works/{id}.json",
            fields: [
                "id": "key.@last", "title": "title", "creator": "author_name",
                "released": "first_publish_year | first_publish_date", "genre": "subject | subjects",
                "description": "description.value | description | first_sentence.value | first_sentence",
                "artwork": "https://covers.openlibrary.org/b/id/{cover_i | covers.0}-M.jpg",
                "url": "https://openlibrary.org/works/{key.@last}",
            ], rateLimit: (1, 1),
            facts: [
                FactSpec("Editions", "edition_count", .count, unit: "edition"),
                FactSpec("Pages", "number_of_pages_median", .count, unit: "page"),
                FactSpec("Language", "language", .language), FactSpec("ISBN", "isbn.0", .id, unit: "isbn"),
            ],
            labels: ["creator": "Author", "released": "First published", "genre": "Subjects"])
        source.lookupBy = ["isbn": "https://openlibrary.org/search.json?q=isbn:{id}&limit=1&" + fieldList]
        source.filters = [("year", "released"), ("language", "fact:Language"), ("subject", "genre")]
        source.detail = "https://openlibrary.org/works/{id}.json"
        source.example = "the lord of the rings"
        // A work's editions (its first 50, as Open Library pages them): each its publisher, its
        // format, its date as written ("November 2006") and its cover; its row links its page.
        source.lists = [
            ItemList(
                title: "Editions", url: "https://openlibrary.org/works/{id}/editions.json", results: "entries",
                fields: [
                    "id": "key.@last", "title": "title", "creator": "publishers.0",
                    "collection": "physical_format", "released": "publish_date",
                    "url": "https://openlibrary.org/books/{key.@last}",
                    "artwork": "https://covers.openlibrary.org/b/id/{covers.0}-S.jpg",
                ])
        ]
        return source
    }()

    /// TV shows from TVmaze (api.tvmaze.com, no key): a source shipped as a description, on by
    /// default. TVmaze allows 20 calls per 10 s per address; its
    /// search answers at most 10 shows, with no paging, and a show by id is the bare object a
    /// search result wraps.
    public static let tvmaze = JSONSource(
        name: "tv", mediaKind: "tv-show", displayName: "TVmaze",
        search: "https://api.tvmaze.com/search/shows?q={term}",
        lookup: "https://api.tvmaze.com/shows/{id}",
        fields: [
            "id": "show.id", "title": "show.name", "creator": "show.network.name | show.webChannel.name",
            "url": "show.officialSite | show.url", "artwork": "show.image.original | show.image.medium",
            "released": "show.premiered", "duration": "show.runtime", "genre": "show.genres",
            "description": "show.summary",
        ], durationUnit: .minutes, rateLimit: (20, 10),
        facts: [
            FactSpec("Status", "show.status"), FactSpec("Language", "show.language", .language),
            FactSpec("Rating", "show.rating.average", .rating, unit: "10"),
        ],
        labels: ["creator": "Network", "released": "Premiered"],
        // The cast first, then the episodes by season (#60: 38 flat episodes came before the cast).
        lists: [
            ItemList(
                title: "Cast", url: "https://api.tvmaze.com/shows/{id}/cast",
                fields: [
                    "id": "person.id", "title": "person.name", "creator": "character.name", "url": "person.url",
                    "artwork": "person.image.medium",
                ]),
            ItemList(
                title: "Episodes", url: "https://api.tvmaze.com/shows/{id}/episodes",
                fields: [
                    "id": "id", "title": "name", "collection": "Episode {number}", "released": "airdate",
                    "duration": "runtime", "url": "url", "description": "summary",
                ], group: "Season {season}"),
        ], filters: [("year", "released"), ("language", "fact:Language"), ("genre", "genre")],
        example: "silicon valley")

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

    /// Creates a source; ``check()`` says whether it can work.
    public init(
        name: String, mediaKind: String, displayName: String? = nil, search: String, results: String = "",
        lookup: String? = nil, fields: [String: String], durationUnit: DurationUnit = .seconds,
        rateLimit: (count: Int, seconds: Double)? = nil, facts: [FactSpec] = [],
        labels: [String: String] = [:], lists: [ItemList] = [], filters: [(name: String, field: String)] = [],
        example: String? = nil
    ) {
        self.example = example
        self.filters = filters
        self.lists = lists
        self.facts = facts
        self.labels = labels
        self.name = name
        self.mediaKind = mediaKind
        self.displayName = displayName
        self.search = search
        self.results = results
        self.lookup = lookup
        self.fields = fields
        self.durationUnit = durationUnit
        self.rateLimit = rateLimit
    }

    public static func == (lhs: JSONSource, rhs: JSONSource) -> Bool {
        lhs.name == rhs.name && lhs.mediaKind == rhs.mediaKind && lhs.displayName == rhs.displayName
            && lhs.search == rhs.search && lhs.results == rhs.results && lhs.lookup == rhs.lookup
            && lhs.fields == rhs.fields && lhs.durationUnit == rhs.durationUnit
            && lhs.rateLimit?.count == rhs.rateLimit?.count && lhs.rateLimit?.seconds == rhs.rateLimit?.seconds
            && lhs.facts == rhs.facts && lhs.emptyStatus == rhs.emptyStatus
            && lhs.labels == rhs.labels && lhs.lookupBy == rhs.lookupBy && lhs.detail == rhs.detail
            && lhs.lists == rhs.lists && lhs.filters.map(\.name) == rhs.filters.map(\.name)
            && lhs.lookupItem == rhs.lookupItem
            && lhs.filters.map(\.field) == rhs.filters.map(\.field) && lhs.source == rhs.source
            && lhs.example == rhs.example
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(search)
    }

    /// What is wrong with the description, as (key, why) pairs of its keys, first problem first;
    /// empty when the source can work. Checked when the config is read, before any request.
    public func problems() -> [(key: String, message: String)] {
        var found: [(String, String)] = []
        found += Self.templateProblems(search, key: "search", required: "term", allowed: Self.placeholders)
        if let lookup {
            found += Self.templateProblems(lookup, key: "lookup", required: "id", allowed: ["id", "country", "lang"])
        }
        if !lookupItem.isEmpty && !JSONPath(lookupItem).isWellFormed {
            found.append(("lookup_item", "expected a dotted path to the item, e.g. data"))
        }
        for (scheme, template) in lookupBy.sorted(by: { $0.key < $1.key }) {
            if scheme.isEmpty || !scheme.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) {
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
            if filter.name.isEmpty
                || !filter.name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
            {
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
            if fact.kind == .id, let scheme = fact.unit, !scheme.isEmpty,
                !scheme.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
            {
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
                    ("\(key).\(field)", "unknown item field (known: \(Self.fieldNames.joined(separator: ", ")))"))
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
