import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MediaSearchCore
import MediaSearchKit
import NIOCore

/// Answers of identical requests, kept briefly: a reload, a second tab or a benchmark costs one
/// search, not one each. Only complete answers (every provider answered) are kept. Keys are the
/// normalized request (so `&pad=N` or a reordered query is the same entry), and the cache is
/// bounded in bytes as well as in entries: expired entries are swept on every write, the oldest
/// go first past either bound, and an answer larger than an eighth of the bytes is not kept.
package actor AnswerCache {
    package struct Entry {
        var expires: ContinuousClock.Instant
        var response: Response
        var bytes: Int
    }

    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    private var bytes = 0
    package let capacity: Int
    package let maxBytes: Int
    package let lifetime: Duration
    /// What time it is: the clock's, or a test's own (a lifetime checked without waiting it out).
    package let now: @Sendable () -> ContinuousClock.Instant

    package init(
        capacity: Int, maxBytes: Int = 16 * 1_048_576, lifetime: Duration,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.capacity = capacity
        self.maxBytes = maxBytes
        self.lifetime = lifetime
        self.now = now
    }

    /// Bytes held by the entries, for tests and benchmarks.
    package var size: Int { bytes }
    /// Entries held.
    package var count: Int { entries.count }

    package func get(_ key: String) -> Response? {
        guard let entry = entries[key] else { return nil }
        guard entry.expires > now() else {
            remove(key)
            return nil
        }
        return entry.response
    }

    package func put(_ key: String, _ response: Response) {
        let size = (response.body.contentLength ?? maxBytes) + key.utf8.count
        let now = self.now()
        // Every entry lives as long as any other, so the expired ones are the oldest: a prefix of `order`.
        while let oldest = order.first, entries[oldest].map({ $0.expires <= now }) ?? true { remove(oldest) }
        remove(key)
        guard size <= maxBytes / 8 else { return }
        order.append(key)
        entries[key] = Entry(expires: now + lifetime, response: response, bytes: size)
        bytes += size
        while order.count > capacity || bytes > maxBytes, let oldest = order.first { remove(oldest) }
    }

    private func remove(_ key: String) {
        guard let entry = entries.removeValue(forKey: key) else {
            // An entry is in `order` only while it is in `entries`, but never loop on one that is not.
            if order.first == key { order.removeFirst() }
            return
        }
        bytes -= entry.bytes
        if order.first == key {
            order.removeFirst()
        } else {
            order.removeAll { $0 == key }
        }
    }
}
