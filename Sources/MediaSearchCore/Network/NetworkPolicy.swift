import Foundation
import MediaSearchKit

/// How one command may use the network and the cache, as chosen on its command line (or by a
/// web request), and where it reports what the transport does.
public struct NetworkPolicy: Sendable {
    /// Neither read nor write the response cache.
    public var noCache: Bool
    /// Skip reading the cache but store fresh answers.
    public var refresh: Bool
    /// Fail at once instead of waiting when the request budget is spent.
    public var noWait: Bool
    /// Make no request at all: only the cache answers (``OfflineTransport``).
    public var offline: Bool
    /// Told how long a request waits for which source's budget.
    public var onWait: @Sendable (Double, SourceBudget) -> Void
    /// Told about a problem with the budget's database (once per database and process).
    public var onNotice: @Sendable (String) -> Void
    /// Told about each answer served from the cache.
    public var onCacheHit: @Sendable (URL) -> Void

    /// Creates a policy; by default the cache is used and spent budgets are waited for.
    public init(
        noCache: Bool = false, refresh: Bool = false, noWait: Bool = false, offline: Bool = false,
        onWait: @escaping @Sendable (Double, SourceBudget) -> Void = { _, _ in },
        onNotice: @escaping @Sendable (String) -> Void = { _ in },
        onCacheHit: @escaping @Sendable (URL) -> Void = { _ in }
    ) {
        self.noCache = noCache
        self.refresh = refresh
        self.noWait = noWait
        self.offline = offline
        self.onWait = onWait
        self.onNotice = onNotice
        self.onCacheHit = onCacheHit
    }
}
