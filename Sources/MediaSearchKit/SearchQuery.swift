/// What one provider is asked to search for.
public struct SearchQuery: Sendable, Hashable {
    /// The search term; `nil` when the user searches by filters only.
    public var term: String?
    /// Filter values by filter name, only of this provider's filters.
    public var filters: [String: FilterValue]
    public var limit: Int
    public var offset: Int
    /// ISO 3166-1 alpha-2 storefront, upper case.
    public var country: String
    /// `en_us` or `ja_jp`, `nil` for the API's default.
    public var lang: String?
    /// Whether explicit content is included.
    public var explicit: Bool

    /// Creates a query.
    public init(
        term: String?, filters: [String: FilterValue] = [:], limit: Int = 30, offset: Int = 0,
        country: String = "US", lang: String? = nil, explicit: Bool = true
    ) {
        self.term = term
        self.filters = filters
        self.limit = limit
        self.offset = offset
        self.country = country
        self.lang = lang
        self.explicit = explicit
    }
}
