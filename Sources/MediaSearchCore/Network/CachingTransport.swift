import Foundation
import MediaSearchKit

/// A transport that answers from the cache when it can and stores what the network answers.
public struct CachingTransport: HTTPTransport {
    /// How the cache is used for this command.
    public enum Mode: Sendable {
        /// Read fresh entries and store new answers.
        case normal
        /// Skip reading, but store fresh answers (`--refresh`).
        case refresh
    }

    public var cache: any ResponseStore
    public var mode: Mode
    public var next: any HTTPTransport
    /// Called on a hit, e.g. for `--verbose`.
    public var onHit: @Sendable (URL) -> Void
    /// Where identical requests in flight meet.
    public var flights: SingleFlight = .shared

    /// Creates a caching layer over another transport.
    public init(
        cache: any ResponseStore, mode: Mode = .normal, next: any HTTPTransport,
        onHit: @escaping @Sendable (URL) -> Void = { _ in }
    ) {
        self.cache = cache
        self.mode = mode
        self.next = next
        self.onHit = onHit
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        try await get(url, timeout: timeout) { $0 }
    }

    /// Answers from the cache when a fresh entry reads; otherwise asks the network and keeps the
    /// answer only when it is a 200 that `read` accepted.
    ///
    /// A miss asks once for all: requests for the same URL in flight in this process share one
    /// (``SingleFlight``), and a process that finds another fetching it waits for that answer in
    /// the cache (``ResponseStore/fetchOnce(for:timeout:_:)``); only the one that asked keeps it.
    public func get<Value: Sendable>(
        _ url: URL, timeout: Double, read: @Sendable (HTTPResponse) throws -> Value
    ) async throws -> Value {
        let cache = self.cache
        let refresh = mode == .refresh
        if !refresh, let hit = await cache.cachedAnswer(for: url), let value = try? read(hit) {
            onHit(url)
            AnswerOrigin.cacheHit()
            return value
        }
        AnswerOrigin.fetched()
        let next = self.next
        let flight = try await flights.run(url.absoluteString) {
            try await cache.fetchOnce(for: url, timeout: timeout, reuse: !refresh) {
                try await next.get(url, timeout: timeout)
            }
        }
        guard flight.leader else { return try read(flight.response.answer) }
        // The other processes waiting for this URL go on once the answer is kept (or not).
        defer { flight.response.lock?.release() }
        let value = try read(flight.response.answer)
        if !flight.response.fromCache, flight.response.answer.status == 200 {
            // A cache that cannot be written must not fail the search.
            try? await cache.keepAnswer(flight.response.answer, for: url)
        }
        return value
    }
}
