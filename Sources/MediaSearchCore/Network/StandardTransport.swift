import Foundation
import MediaSearchITunes
import MediaSearchKit

/// The transport every face uses: the layers between a provider and the network.
public enum StandardTransport {
    /// The response cache, then retries, then same-host redirects, then the request budget of
    /// the answering host (so every hop is counted), then the network. Offline, only the cache
    /// answers.
    public static func make(
        configuration: Configuration, paths: StoragePaths, policy: NetworkPolicy = NetworkPolicy()
    ) -> any HTTPTransport {
        if policy.offline {
            let cache = ResponseCache(paths: paths, configuration: configuration)
            return configuration.cacheEnabled && !policy.noCache
                ? CachingTransport(cache: cache, mode: .normal, next: OfflineTransport(), onHit: policy.onCacheHit)
                : OfflineTransport()
        }
        let budget = RequestBudget(
            path: (paths.cacheDirectory as NSString).appendingPathComponent(configuration.budgetFileName),
            limit: configuration.effectiveRateLimit, report: policy.onNotice)
        // Every provider asks iTunes today; sources of their own come with their own stacks.
        let source = ITunesClient.source
        var transport: any HTTPTransport = BudgetedTransport(
            budget: budget, noWait: policy.noWait, next: NetworkTransport(source: source), source: source,
            onWait: policy.onWait)
        transport = RedirectingTransport(next: transport, source: source)
        transport = RetryingTransport(maxTotal: configuration.timeout * 2, next: transport)
        if configuration.cacheEnabled && !policy.noCache {
            transport = CachingTransport(
                cache: ResponseCache(paths: paths, configuration: configuration),
                mode: policy.refresh ? .refresh : .normal, next: transport, onHit: policy.onCacheHit)
        }
        return transport
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
