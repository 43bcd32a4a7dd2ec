import Synchronization

/// Where one provider's answers came from during one search: the response cache, the network, or
/// both. The engine sets one for each provider it runs (a task-local value, so the transport
/// layers below report to it without any provider passing it on), and the session uses it to
/// skip storing in the offline library what it stored when the answer first arrived.
final class AnswerOrigin: Sendable {
    /// The origin of the running provider's answers, when the engine is tracking them.
    @TaskLocal static var current: AnswerOrigin?

    private let counts = Mutex((hits: 0, fetches: 0))

    /// An answer came from the response cache.
    static func cacheHit() { current?.counts.withLock { $0.hits += 1 } }

    /// An answer came from the network (or the request was at least sent towards it).
    static func fetched() { current?.counts.withLock { $0.fetches += 1 } }

    /// Whether every answer the provider read came from the response cache (at least one did).
    var onlyCached: Bool { counts.withLock { $0.hits > 0 && $0.fetches == 0 } }
}
