import Foundation

/// What providers and detail renderers receive to do their work: the facts of the current
/// command and a way to the network. Nothing in it belongs to one source.
public struct ProviderContext: Sendable {
    /// How the provider reaches its source: any host, through the engine's response cache,
    /// the source's request budget, retries and same-host redirects, with the body cap.
    public var http: any HTTPTransport
    /// Where the provider's source is, when the user configured it (`providers.<name>.base_url`,
    /// or an environment variable such as `MEDIASEARCH_ITUNES_URL`); `nil` for its default.
    /// The engine resolves the configured place once (`Configuration.baseURL(for:)`), but leaves
    /// the default to the provider on purpose: a described source's default is not one URL (its
    /// search and lookup may name different hosts, each kept as written), so `nil` means "as the
    /// source itself says", not "at ``MediaProvider/defaultBaseURL``".
    public var baseURL: URL?
    /// The time one request may take, in seconds.
    public var timeout: Double
    /// The storefront and language of the current command.
    public var country: String
    public var lang: String?
    /// Whether explicit content is included; when not, names are shown censored.
    public var explicit: Bool
    /// Whether names are shown censored (explicit content off and not revealed with `--uncensored`).
    public var censorNames: Bool
    /// The provider's own settings (``MediaProvider/settings``) by name: the value in
    /// `config.yaml` (`providers.<kind>.<name>`), checked and normalised, else the default.
    public var settings: [String: String]
    /// Tells the user something worth knowing about this provider's answer that is not a
    /// failure (`3 results without an id or a title skipped`); shown once, after the results.
    public var report: @Sendable (String) -> Void

    /// Creates a context.
    public init(
        http: any HTTPTransport, baseURL: URL? = nil, timeout: Double = 10, country: String = "US",
        lang: String? = nil, explicit: Bool = true, censorNames: Bool = false, settings: [String: String] = [:],
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.report = report
        self.http = http
        self.baseURL = baseURL
        self.timeout = timeout
        self.country = country
        self.lang = lang
        self.explicit = explicit
        self.censorNames = censorNames
        self.settings = settings
    }
}
