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

extension SearchQuery {
    /// The most records of one answer a provider maps (S13): the page (and the results before it,
    /// when the source does not page itself and the engine cuts its page from the whole list),
    /// and as many again, at least 100, for the records it skips (no id or title). An answer of
    /// 300,000 records within the byte cap then costs what its page costs, not seconds of CPU
    /// and hundreds of MB. With filters, or explicit items left out, the engine drops records
    /// after the provider has mapped them, so the page may lie further down the list: at least
    /// 2,000 are read then. Saturating: an offset near `Int.max` reads as far as there is.
    public func recordsWorthReading(sourcePages: Bool) -> Int {
        let before = sourcePages ? 0 : max(offset, 0)
        let (page, overflow) = before.addingReportingOverflow(max(limit, 1))
        guard !overflow else { return .max }
        let (read, overflowAgain) = page.addingReportingOverflow(max(page, 100))
        guard !overflowAgain else { return .max }
        return filters.isEmpty && explicit ? read : max(read, 2_000)
    }
}
