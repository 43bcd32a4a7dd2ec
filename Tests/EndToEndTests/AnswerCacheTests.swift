import Foundation
import Hummingbird
import NIOCore
import TestSlots
import Testing

@testable import MediaSearchWeb

/// The web's answer cache stays bounded in bytes, drops expired answers, and is keyed by the
/// request as it runs (a padded or reordered query is the same search).
@Suite("Web answer cache", .slots, .tags(.e2e))
struct AnswerCacheTests {
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

    @Test func expiredEntriesAreSweptOnEveryWrite() async throws {
        let cache = AnswerCache(capacity: 512, lifetime: .milliseconds(50))
        for n in 0..<10 { await cache.put("old \(n)", response(bytes: 1000)) }
        try await Task.sleep(for: .milliseconds(120))
        await cache.put("new", response(bytes: 1000))
        #expect(await cache.count == 1)
        #expect(await cache.size < 2000)
    }

    @Test func aPaddedOrReorderedQueryIsTheSameEntry() async throws {
        // Without the disk cache, only the answer cache can spare the upstream requests.
        let web = try await WebHarness.start(diskCache: false)
        TestLifetime.stopAtEnd { await web.stop() }
        for path in [
            "/api/search?q=jack&kind=song&pad=1", "/api/search?q=jack&kind=song&pad=2",
            "/api/search?kind=song&q=jack", "/api/search?q=jack&kind=song&pad=\(String(repeating: "x", count: 400))",
        ] {
            #expect(try await web.json(path).status == 200, "\(path)")
        }
        #expect(await web.fixtures.requests().count == 1)
    }
}
