#if PostgreSQL
import Foundation
import MediaSearchCore
import MediaSearchKit
import NIOCore
import PostgresNIO
import Synchronization

/// The response cache in the shared store: an answer fetched through one instance is a hit
/// through every other, within the time to live.
///
/// One row per request URL, with the time it was stored. Every 32nd answer a process keeps, the
/// table is brought within its size bound (`cache.max_size_mb`), the entries stored longest ago
/// first, down to 90% of it, as the file cache does. While the store is down, every read is a miss
/// and nothing is kept.
public struct PostgresResponseCache: ResponseStore {
    public let store: PostgresStore
    /// Seconds an answer stays fresh.
    public let ttl: Double
    public let maxBytes: Int

    /// How many answers kept (by this process) between two size checks.
    public let trimEvery: Int

    /// The cache of a store.
    public init(store: PostgresStore, ttl: Double, maxBytes: Int, trimEvery: Int = 32) {
        self.store = store
        self.ttl = ttl
        self.maxBytes = maxBytes
        self.trimEvery = max(trimEvery, 1)
    }

    /// Answers kept by this process, for the size check every ``trimEvery``.
    private static let kept = Atomic<Int>(0)

    public func cachedAnswer(for url: URL) async -> HTTPResponse? {
        let key = url.absoluteString
        let now = Date().timeIntervalSince1970
        let (oldest, newest) = (now - ttl, now + 60)
        let found = await store.perform { client -> HTTPResponse? in
            let rows = try await client.query(
                """
                SELECT content_type, body FROM mediasearch_responses
                WHERE key = \(key) AND stored_at > \(oldest) AND stored_at <= \(newest)
                """, logger: PostgresStore.quiet)
            for try await (type, body) in rows.decode((String?, ByteBuffer).self) {
                return HTTPResponse(status: 200, contentType: type, body: Data(body.readableBytesView))
            }
            return nil
        }
        return found ?? nil
    }

    public func keepAnswer(_ response: HTTPResponse, for url: URL) async throws {
        guard response.status == 200 else { return }
        let key = url.absoluteString
        let now = Date().timeIntervalSince1970
        let body = ByteBuffer(bytes: response.body)
        let type = response.contentType
        let trim = Self.kept.wrappingAdd(1, ordering: .relaxed).newValue % trimEvery == 0
        let target = maxBytes / 10 * 9
        let bound = maxBytes
        _ = await store.perform { client in
            try await client.query(
                """
                INSERT INTO mediasearch_responses (key, stored_at, content_type, body) VALUES (\(key), \(now), \(type), \(body))
                ON CONFLICT (key) DO UPDATE SET stored_at = excluded.stored_at, content_type = excluded.content_type,
                    body = excluded.body
                """, logger: PostgresStore.quiet)
            guard trim else { return }
            // The newest entries that fit in 90% of the bound stay, when the whole is past the bound.
            try await client.query(
                """
                WITH sized AS (
                    SELECT key, sum(octet_length(body) + octet_length(key) + 64) OVER (ORDER BY stored_at DESC, key) AS upto,
                        sum(octet_length(body) + octet_length(key) + 64) OVER () AS total
                    FROM mediasearch_responses)
                DELETE FROM mediasearch_responses r USING sized s
                WHERE r.key = s.key AND s.total > \(bound) AND s.upto > \(target)
                """, logger: PostgresStore.quiet)
        }
    }

    public func removeAllAnswers() async throws -> Int {
        let removed = await store.perform { client -> Int in
            let rows = try await client.query(
                "WITH gone AS (DELETE FROM mediasearch_responses RETURNING 1) SELECT count(*)::bigint FROM gone",
                logger: PostgresStore.quiet)
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
        guard let removed else {
            throw MediaSearchError.unavailable(store.downNotice ?? "the shared store \(store.url) did not answer")
        }
        return removed
    }
}
#endif
