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

/// What providers and detail renderers receive to do their work.
public struct ProviderContext: Sendable {
    /// The shared iTunes client (with its cache, rate budget and retries).
    public var itunes: ITunesClient
    /// The storefront and language of the current command.
    public var country: String
    public var lang: String?
    /// Whether explicit content is included; when not, names are shown censored.
    public var explicit: Bool
    /// Whether names are shown censored (explicit content off and not revealed with `--uncensored`).
    public var censorNames: Bool

    /// Creates a context.
    public init(
        itunes: ITunesClient, country: String = "US", lang: String? = nil, explicit: Bool = true,
        censorNames: Bool = false
    ) {
        self.itunes = itunes
        self.country = country
        self.lang = lang
        self.explicit = explicit
        self.censorNames = censorNames
    }
}
