import Foundation

extension ITunesClient {
    /// The client every front end uses, against the configured base URL: the response cache, then
    /// retries, then same-host redirects, then the shared request budget (so every hop is
    /// counted), then the network. Offline, only the cache answers.
    public static func standard(
        configuration: Configuration, paths: StoragePaths, policy: NetworkPolicy = NetworkPolicy()
    ) -> ITunesClient {
        if policy.offline {
            let cache = ResponseCache(paths: paths, configuration: configuration)
            let transport: any HTTPTransport =
                configuration.cacheEnabled && !policy.noCache
                ? CachingTransport(cache: cache, mode: .normal, next: OfflineTransport(), onHit: policy.onCacheHit)
                : OfflineTransport()
            return ITunesClient(baseURL: configuration.baseURL, transport: transport, timeout: configuration.timeout)
        }
        let budget = RequestBudget(
            path: (paths.cacheDirectory as NSString).appendingPathComponent(configuration.budgetFileName),
            limit: configuration.effectiveRateLimit, report: policy.onNotice)
        var transport: any HTTPTransport = BudgetedTransport(
            budget: budget, noWait: policy.noWait, next: NetworkTransport(), onWait: policy.onWait)
        transport = RedirectingTransport(next: transport)
        transport = RetryingTransport(maxTotal: configuration.timeout * 2, next: transport)
        if configuration.cacheEnabled && !policy.noCache {
            transport = CachingTransport(
                cache: ResponseCache(paths: paths, configuration: configuration),
                mode: policy.refresh ? .refresh : .normal, next: transport, onHit: policy.onCacheHit)
        }
        return ITunesClient(baseURL: configuration.baseURL, transport: transport, timeout: configuration.timeout)
    }
}

extension ResponseCache {
    /// The response cache under the user's cache directory, as configured.
    public init(paths: StoragePaths, configuration: Configuration) {
        self.init(
            directory: paths.cacheDirectory, ttl: configuration.cacheTTL, maxBytes: configuration.cacheMaxBytes)
    }
}

extension Configuration {
    /// How long one provider's whole search may take: a request with its retries, plus 2 s.
    /// Waits for the request budget do not count (they push the deadline back).
    public var providerDeadline: Double { timeout * 3 + 2 }
}
