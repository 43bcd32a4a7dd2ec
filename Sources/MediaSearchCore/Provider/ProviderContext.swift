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
