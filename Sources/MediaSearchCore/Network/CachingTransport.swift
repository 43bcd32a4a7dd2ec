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
    public func get<Value: Sendable>(
        _ url: URL, timeout: Double, read: @Sendable (HTTPResponse) throws -> Value
    ) async throws -> Value {
        let cache = self.cache
        if mode == .normal, let hit = await cache.cachedAnswer(for: url), let value = try? read(hit) {
            onHit(url)
            AnswerOrigin.cacheHit()
            return value
        }
        AnswerOrigin.fetched()
        let response = try await next.get(url, timeout: timeout)
        let value = try read(response)
        if response.status == 200 {
            // A cache that cannot be written must not fail the search.
            try? await cache.keepAnswer(response, for: url)
        }
        return value
    }
}
