/// One result: the item, its tile, and where it ranked in its provider's answer.
public struct ResultEntry: Sendable, Hashable {
    public var kind: String
    /// Position in the provider's answer, 0 first (the API's relevance order).
    public var rank: Int
    public var item: MediaItem
    public var tile: Tile
}

/// How one provider's search went.
public struct ProviderStatus: Sendable {
    public var kind: String
    public var count: Int
    /// `nil` when the provider succeeded.
    public var error: MediaSearchError?
    /// Wall time in seconds.
    public var elapsed: Double
}

/// Everything a search produced: each provider's results in its own order, and every status.
public struct SearchOutcome: Sendable {
    /// Results grouped per provider, in the order the providers were planned.
    public var perProvider: [(kind: String, entries: [ResultEntry])]
    public var statuses: [ProviderStatus]

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
