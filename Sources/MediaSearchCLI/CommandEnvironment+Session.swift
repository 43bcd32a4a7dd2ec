import Foundation
import MediaSearchCore
import MediaSearchKit

extension CommandEnvironment {
    /// Says the config's `notice:` on stderr (the offline demo's "demo data"), for the commands
    /// that answer from the sources or from what they sent: search, show, open, list, library.
    /// Not for completions (`suggest`), which a shell shows as you type.
    public func announce(_ configuration: Configuration) {
        if let notice = configuration.notice { console.notice(notice) }
    }

    /// The session of a command: the configuration, the providers and a client whose waits,
    /// budget problems and (with `--verbose`) cache hits are said on stderr. With `store:`, the
    /// shared store is opened first (``SharedStores/open(_:payloadTypes:with:report:)``); `storeLog` is told when it
    /// goes down or comes back (the server's log; a command says it with its answer instead).
    public func session(
        _ configuration: Configuration, network options: NetworkOptions? = nil,
        storeLog: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(MediaSearchError) -> SearchSession {
        let console = self.console
        let waits = self.waits
        let verbose = options?.verbose ?? false
        let policy = NetworkPolicy(
            noCache: options?.noCache ?? false, refresh: options?.refresh ?? false, noWait: options?.noWait ?? false,
            offline: options?.offline ?? false,
            onWait: { seconds, budget in
                guard waits.announce(seconds) else { return }
                console.notice(
                    "request budget of \(budget.rate) for \(budget.name) spent; waiting \(Int(seconds.rounded(.up))) s "
                        + "(--no-wait fails instead)")
            },
            onNotice: { problem in console.notice(problem) },
            onCacheHit: { url in if verbose { console.notice("cache hit: \(url.path)") } })
        let providers = self.providers(configuration)
        // Stored items are read with the types of every provider this binary ships as well as the
        // command's: an item a built-in provider kept reads the same once a config replaces it.
        let types = PayloadTypes(of: providers + self.providers)
        let shared = try await SharedStores.open(configuration, payloadTypes: types, with: stores, report: storeLog)
        return SearchSession(
            providers: providers, configuration: configuration, paths: paths, policy: policy, shared: shared,
            payloadTypes: types)
    }

    /// Where history, state and cache live.
    var paths: StoragePaths { StoragePaths(environment: variables) }
}
