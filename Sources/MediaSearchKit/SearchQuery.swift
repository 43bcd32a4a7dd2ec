/// What one provider is asked to search for. The engine has already resolved it: the term is
/// never empty, the limit is within the provider's ``MediaProvider/maximumLimit``, and a
/// provider that cannot page is asked from the start (see ``MediaProvider/supportsPaging``).
public struct SearchQuery: Sendable, Hashable {
    /// What to search for: the user's words, or, when the user gave filters only, the value of
    /// the first filter that can be the search itself (see ``attribute``).
    public var term: String
    /// The source's field the term searches when it came from a filter (that filter's
    /// ``FilterSpec/attribute``, e.g. iTunes `directorTerm`); `nil` for the user's own words.
    public var attribute: String?
    /// Filter values by filter name, only of this provider's filters. The engine keeps only the
    /// items that match them all, so a provider may pass them to its source or ignore them.
    public var filters: [String: FilterValue]
    public var limit: Int
    public var offset: Int
    /// ISO 3166-1 alpha-2 storefront, upper case.
    public var country: String
    /// `en_us` or `ja_jp`, `nil` for the source's default.
    public var lang: String?
    /// Whether explicit content is included.
    public var explicit: Bool

    /// Creates a query.
    public init(
        term: String, attribute: String? = nil, filters: [String: FilterValue] = [:], limit: Int = 30,
        offset: Int = 0, country: String = "US", lang: String? = nil, explicit: Bool = true
    ) {
        self.term = term
        self.attribute = attribute
        self.filters = filters
        self.limit = limit
        self.offset = offset
        self.country = country
        self.lang = lang
        self.explicit = explicit
    }
}
