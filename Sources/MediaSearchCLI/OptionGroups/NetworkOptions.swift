import ArgumentParser
import Foundation
import MediaSearchCore
import Synchronization

/// Options of commands that call the API.
struct NetworkOptions: ParsableArguments {
    @Flag(name: .long, help: "Neither read nor write the response cache.")
    var noCache = false

    @Flag(name: .long, help: "Ignore cached responses but store the fresh ones.")
    var refresh = false

    @Flag(name: .long, help: "Fail at once instead of waiting when the request budget is spent.")
    var noWait = false

    @Flag(name: .long, help: "Report progress and cache use on stderr even when it is not a terminal.")
    var verbose = false
}

extension CommandEnvironment {
    /// The iTunes client for a command: cache, then retries, then same-host redirects, then the
    /// shared request budget (so every hop is counted), then URLSession, against the configured
    /// base URL.
    func makeClient(_ configuration: Configuration, options: NetworkOptions) -> ITunesClient {
        let console = self.console
        let verbose = options.verbose
        let waits = self.waits
        let budget = RequestBudget(
            path: (paths.cacheDirectory as NSString).appendingPathComponent("budget.json"),
            limit: configuration.rateLimit
        ) { problem in console.notice(problem) }
        var transport: any HTTPTransport = BudgetedTransport(
            budget: budget, noWait: options.noWait, next: NetworkTransport()
        ) { seconds in
            guard waits.announce(seconds) else { return }
            console.notice(
                "request budget of \(configuration.rateLimit)/min spent; waiting \(Int(seconds.rounded(.up))) s "
                    + "(--no-wait fails instead)")
        }
        transport = RedirectingTransport(next: transport)
        transport = RetryingTransport(maxTotal: configuration.timeout * 2, next: transport)
        if configuration.cacheEnabled && !options.noCache {
            transport = CachingTransport(
                cache: responseCache(configuration), mode: options.refresh ? .refresh : .normal, next: transport
            ) { url in
                if verbose { console.notice("cache hit: \(url.path)") }
            }
        }
        return ITunesClient(baseURL: configuration.baseURL, transport: transport, timeout: configuration.timeout)
    }

    /// The response cache under the cache directory.
    func responseCache(_ configuration: Configuration) -> ResponseCache {
        ResponseCache(
            directory: paths.cacheDirectory, ttl: configuration.cacheTTL, maxBytes: configuration.cacheMaxBytes)
    }

    /// How long one provider's search may take in all: a request with its retries and a wait.
    func providerDeadline(_ configuration: Configuration) -> Double {
        configuration.timeout * 3 + 2
    }

    /// Where history, state and cache live.
    var paths: StoragePaths { StoragePaths(environment: variables) }
}
