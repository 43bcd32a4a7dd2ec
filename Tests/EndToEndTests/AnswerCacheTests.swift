import Foundation
import TestSlots
import Testing

/// The web's answer cache is keyed by the request as it runs (a padded or reordered query is the
/// same search). Its bounds and lifetimes, on a test's clock: `WebRouteTests`.
@Suite("Web answer cache", .slots, .tags(.e2e))
struct AnswerCacheTests {
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
