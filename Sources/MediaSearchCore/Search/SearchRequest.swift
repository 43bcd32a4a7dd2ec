import MediaSearchKit

/// What the user asked for, before it is split into one query per provider.
public struct SearchRequest: Sendable, Hashable {
    /// The term; `nil` when searching by filters only.
    public var term: String?
    /// Raw filter values by filter name, as typed.
    public var filters: [String: String]
    /// Kinds chosen on the command line; `nil` means every enabled kind (S1).
    public var kinds: [String]?
    /// Sources to narrow to (`--source deezer`), by id or name; `nil` for every source.
    public var sources: [String]? = nil
    /// Results per kind; `nil` uses the config's limit for each kind.
    public var limit: Int?
    public var offset: Int
    /// The page, 1 first; page N of a kind starts at `offset + (N-1) x limit` (S5).
    public var page: Int = 1
    public var country: String
    public var lang: String?
    public var explicit: Bool

    /// Creates a request.
    public init(
        term: String?, filters: [String: String] = [:], kinds: [String]? = nil, limit: Int? = nil, offset: Int = 0,
        country: String = "US", lang: String? = nil, explicit: Bool = true
    ) {
        self.term = term
        self.filters = filters
        self.kinds = kinds
        self.limit = limit
        self.offset = offset
        self.country = country
        self.lang = lang
        self.explicit = explicit
    }
}

extension SearchRequest {
    /// What the history records: the term, or the filter values when searching by filters only.
    public var historyText: String {
        term ?? filters.keys.sorted().compactMap { filters[$0] }.joined(separator: " ")
    }

    /// Identifies the query apart from its page, to detect a page that repeats the one before.
    public var queryKey: String {
        let filterText = filters.keys.sorted().map { "\($0)=\(filters[$0]!)" }.joined(separator: "&")
        let kindText = (kinds?.joined(separator: ",") ?? "*") + (sources.map { "@" + $0.joined(separator: ",") } ?? "")
        return [
            term ?? "", filterText, kindText, limit.map(String.init) ?? "", String(offset), country, lang ?? "",
            String(explicit),
        ].joined(separator: "|")
    }
}
