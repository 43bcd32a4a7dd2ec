/// A source's time limits, every one from its one timeout (`providers.<source>.timeout`, else
/// ``Configuration/defaultTimeout``), written here once: what one request may take (the provider
/// hands it to the transport with each request), what a request and its retries may take in all
/// (the retrying layer's budget), and what a provider's whole search may take (the engine's
/// deadline). Waits for the request budget count in none of them: they push the deadline back.
public struct SourceTimeout: Sendable, Hashable {
    /// Seconds one request may take.
    public var request: Double

    public init(request: Double) {
        self.request = request
    }

    /// Seconds a request and its retries may take in all: two requests' worth, so a retry after
    /// a slow failure still has a request's time.
    public var retries: Double { request * 2 }

    /// Seconds a provider's search may take in all: its request with retries, one request more
    /// (a second page, a detail's second request) and 2 s for everything else.
    public var deadline: Double { request * 3 + 2 }
}
