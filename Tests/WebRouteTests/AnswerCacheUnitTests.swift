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
}
