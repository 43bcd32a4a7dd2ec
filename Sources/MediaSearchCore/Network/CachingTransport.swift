import Foundation

/// A transport that answers from the cache when it can and stores what the network answers.
public struct CachingTransport: HTTPTransport {
    /// How the cache is used for this command.
    public enum Mode: Sendable {
        /// Read fresh entries and store new answers.
        case normal
        /// Skip reading, but store fresh answers (`--refresh`).
        case refresh
    }

    public var cache: ResponseCache
    public var mode: Mode
    public var next: any HTTPTransport
    /// Called on a hit, e.g. for `--verbose`.
    public var onHit: @Sendable (URL) -> Void

    /// Creates a caching layer over another transport.
    public init(
        cache: ResponseCache, mode: Mode = .normal, next: any HTTPTransport,
        onHit: @escaping @Sendable (URL) -> Void = { _ in }
    ) {
        self.cache = cache
        self.mode = mode
        self.next = next
        self.onHit = onHit
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        let cache = self.cache
        if mode == .normal, let hit = try? await BlockingWork.run({ cache.load(url) }) {
            onHit(url)
            return hit
        }
        let response = try await next.get(url, timeout: timeout)
        // A cache that cannot be written must not fail the search.
        _ = try? await BlockingWork.run { try cache.store(response, for: url) }
        return response
    }
}
