import Foundation
import MediaSearchKit

/// The transport every face uses: the layers between a provider and the network.
public enum StandardTransport {
    /// The response cache, then retries, then same-host redirects, then the request budget of
    /// the answering host (so every hop is counted), then the network. Offline, only the cache
    /// answers.
    /// - Parameters:
    ///   - source: the source the stack serves (its budget and its name in messages).
    ///   - provider: a provider of that source, for its name, documented rate and the lifetime of
    ///     its answers (the cache serves none older).
    public static func make(
        configuration: Configuration, paths: StoragePaths, policy: NetworkPolicy = NetworkPolicy(),
        source: String = "itunes", provider: (any MediaProvider)? = nil, shared: SharedStores? = nil
    ) -> any HTTPTransport {
        var configuration = configuration
        if let lifetime = provider?.answerLifetime { configuration.cacheTTL = min(configuration.cacheTTL, lifetime) }
        let cache: any ResponseStore =
            shared?.cache(configuration.cacheTTL) ?? ResponseCache(paths: paths, configuration: configuration)
        if policy.offline {
            return configuration.cacheEnabled && !policy.noCache
                ? CachingTransport(cache: cache, mode: .normal, next: OfflineTransport(), onHit: policy.onCacheHit)
                : OfflineTransport()
        }
        let described = configuration.budget(
            forSource: source, name: provider?.sourceName, documented: provider?.requestRate,
            home: provider?.defaultBaseURL)
        let budget: any BudgetLedger =
            shared?.budget(described)
            ?? RequestBudget(
                directory: paths.cacheDirectory, name: described.key, limit: described.limit,
                window: described.window, report: policy.onNotice)
        let name = described.name
        var transport: any HTTPTransport = BudgetedTransport(
            budget: budget, noWait: policy.noWait, next: NetworkTransport(source: name), source: name,
            onWait: { policy.onWait($0, described) })
        transport = RedirectingTransport(next: transport, source: name)
        transport = RetryingTransport(maxTotal: configuration.timeouts(forSource: source).retries, next: transport)
        if configuration.cacheEnabled && !policy.noCache {
            transport = CachingTransport(
                cache: cache, mode: policy.refresh ? .refresh : .normal, next: transport, onHit: policy.onCacheHit)
        } else {
            // No cache to meet in: identical requests in flight still share one.
            transport = SharingTransport(next: transport)
        }
        return transport
    }
}
