import MediaSearchKit

/// Everything a search produced: each provider's results in its own order, and every status.
public struct SearchOutcome: Sendable {
    /// Results grouped per provider, in the order the providers were planned.
    public var perProvider: [(kind: String, entries: [ResultEntry])]
    public var statuses: [ProviderStatus]
    /// Entries folded into another source's entry of the same work (``mergingSameWorks(_:)``),
    /// with their provider's kind: no longer shown on their own, still kept in the library.
    public var absorbed: [(kind: String, item: MediaItem)] = []

    /// How many results there are in all.
    public var total: Int { perProvider.reduce(0) { $0 + $1.entries.count } }

    /// Whether at least one provider failed.
    public var hasFailures: Bool { statuses.contains { $0.error != nil } }
    /// Whether every provider failed.
    public var allFailed: Bool { !statuses.isEmpty && statuses.allSatisfy { $0.error != nil } }

    /// The failures, one per cause with every kind it hit, in plan order: a cool-down or a spent
    /// budget stops all kinds at once and is said once, not once per kind.
    public var failures: [(kinds: [String], error: MediaSearchError)] {
        var grouped: [(kinds: [String], error: MediaSearchError)] = []
        for status in statuses {
            guard let error = status.error else { continue }
            if let index = grouped.firstIndex(where: { $0.error.cause == error.cause }) {
                grouped[index].kinds.append(status.kind)
            } else {
                grouped.append(([status.kind], error))
            }
        }
        return grouped
    }
}
