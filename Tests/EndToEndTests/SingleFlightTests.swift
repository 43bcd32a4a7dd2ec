import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchKit
import TestSlots
import Testing

/// Each upstream request is spent once: identical requests in flight share one, in `serve` and
/// across processes (#43).
@Suite("Single flight", .slots, .tags(.e2e))
struct SingleFlightTests {
    /// Sixteen identical pages asked at once, with the answer cached or not, cost the source one
    /// request; the fixture server answers slowly so that they all arrive while it is asked.
    @Test(arguments: [true, false])
    func identicalPagesAtOnceAskTheSourceOnce(diskCache: Bool) async throws {
        let web = try await WebHarness.start(diskCache: diskCache, kinds: ["song"])
        TestLifetime.stopAtEnd { await web.stop() }
        await web.fixtures.inject(FaultRule(path: "/search", fault: .delay(.milliseconds(1500))))
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask { try await web.json("/api/search?q=together&kind=song").status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 16))
        let asked = await web.fixtures.requests().filter { $0.path == "/search" && $0.query["term"] == "together" }
        #expect(asked.count == 1, "\(asked.count) requests upstream for 16 identical pages")
    }

    /// Six processes searching the same thing at once: one asks, the others wait for its answer
    /// in the cache, and the budget counts one request.
    @Test func identicalSearchesOfSeveralProcessesAskTheSourceOnce() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        await harness.server.inject(FaultRule(path: "/search", fault: .delay(.milliseconds(1500))))
        let results = try await withThrowingTaskGroup(of: CommandRunner.Result.self) { group in
            for _ in 0..<6 {
                group.addTask { try await harness.run(["search", "together", "--kind", "song", "--format", "lines"]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == results[0].stdout)
        }
        let asked = await harness.server.requests().filter { $0.path == "/search" }
        #expect(asked.count == 1, "\(asked.count) requests upstream for 6 identical searches")
        // The followers spent no slot of the source's budget: it counts the one request (#58).
        let all = try budgetsCounted(inCache: harness.runner.home.appendingPathComponent("cache/mediasearch"))
        let itunes = all.filter { $0.key.hasPrefix("source-itunes") }
        #expect(itunes.count == 1 && itunes.first?.value == 1, "one request counted for iTunes: \(all)")
    }
}
