import Hummingbird
import MediaSearchWeb
import NIOCore
import Synchronization
import TestSlots
import Testing

/// The web's answer cache on its own, its time a test's clock (#58 item 5): bounded in bytes,
/// each answer kept for its lifetime and not a moment more, with no waiting.
@Suite("Web answer cache, on a test's clock", .slots)
struct AnswerCacheUnitTests {
    /// A clock a test moves by hand.
    final class TestClock: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(by duration: Duration) { instant.withLock { $0 += duration } }
    }

    func response(bytes: Int) -> Response {
        Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(repeating: UInt8(ascii: "x"), count: bytes)))
    }

    @Test func boundedInBytesOldestFirst() async {
        let cache = AnswerCache(capacity: 512, maxBytes: 4 * 1_048_576, lifetime: .seconds(30))
        for n in 0..<100 { await cache.put("key \(n)", response(bytes: 300_000)) }
        #expect(await cache.size <= 4 * 1_048_576)
        #expect(await cache.count == 13)
        #expect(await cache.get("key 99") != nil)
        #expect(await cache.get("key 0") == nil)
        await cache.put("huge", response(bytes: 1_048_576))
        #expect(await cache.get("huge") == nil, "an answer over an eighth of the bound is not kept")
    }

    @Test func anAnswerLivesItsLifetimeAndNoLonger() async {
        let clock = TestClock()
        let cache = AnswerCache(capacity: 512, lifetime: .seconds(30), now: { clock.now })
        await cache.put("answer", response(bytes: 1000))
        clock.advance(by: .seconds(29))
        #expect(await cache.get("answer") != nil, "kept for its 30 s")
        clock.advance(by: .seconds(1))
        #expect(await cache.get("answer") == nil, "gone at 30 s")
        #expect(await cache.count == 0, "and taken out when asked for")
    }

    @Test func expiredEntriesAreSweptOnEveryWrite() async {
        let clock = TestClock()
        let cache = AnswerCache(capacity: 512, lifetime: .seconds(30), now: { clock.now })
        for n in 0..<10 { await cache.put("old \(n)", response(bytes: 1000)) }
        clock.advance(by: .seconds(20))
        await cache.put("younger", response(bytes: 1000))
        clock.advance(by: .seconds(10))
        await cache.put("new", response(bytes: 1000))
        #expect(await cache.count == 2, "the ten old ones swept, the younger one kept")
        #expect(await cache.size < 3000)
    }

    /// A kind's tab shows the All tab's numbers of the same search for ten minutes, then leaves
    /// them out (docs/web.md), and keeps the latest 256 searches' (the test review's finding 12).
    @Test func theTabCountsAreRememberedTenMinutes() async {
        let clock = TestClock()
        let memory = TabCountMemory(capacity: 3, now: { clock.now })
        await memory.put("daft punk", TabCounts(total: 14, byMedia: ["song": 9, "movie": 5]))
        clock.advance(by: .seconds(599))
        #expect(await memory.get("daft punk")?.byMedia == ["song": 9, "movie": 5], "kept for its ten minutes")
        clock.advance(by: .seconds(1))
        #expect(await memory.get("daft punk") == nil, "and not a moment more")
        for term in ["a", "b", "c", "d"] { await memory.put(term, TabCounts(total: 1, byMedia: ["song": 1])) }
        #expect(await memory.get("a") == nil, "the oldest goes past the bound")
        #expect(await memory.get("d")?.total == 1)
    }
}
