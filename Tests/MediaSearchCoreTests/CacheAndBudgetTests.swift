import Foundation
import Testing

@testable import MediaSearchCore

@Suite("Response cache and request budget")
struct CacheAndBudgetTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)").path
    static let body = Data(#"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1}]}"#.utf8)

    func url(_ n: Int) -> URL { URL(string: "http://127.0.0.1:9/search?term=\(n)")! }

    @Test func freshEntriesHitAndStaleOnesMiss() throws {
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: 1_000_000)
        let now = Date()
        try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(1), now: now)
        #expect(cache.load(url(1), now: now.addingTimeInterval(30))?.body == Self.body)
        #expect(cache.load(url(1), now: now.addingTimeInterval(61)) == nil)
        #expect(cache.load(url(2), now: now) == nil)
    }

    @Test func onlySuccessfulAnswersAreStored() throws {
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: 1_000_000)
        try cache.store(HTTPResponse(status: 429, body: Data()), for: url(1))
        try cache.store(HTTPResponse(status: 500, body: Self.body), for: url(2))
        try cache.store(HTTPResponse(status: 200, body: Data("<html>".utf8)), for: url(3))
        #expect(cache.entries().isEmpty)
    }

    @Test func theOldestEntriesAreEvictedFirst() throws {
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: Self.body.count * 3 + 300)
        for n in 0..<6 {
            try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(n))
            let path = cache.path(for: url(n))
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: Double(n - 10))], ofItemAtPath: path)
        }
        _ = cache.trim(to: cache.maxBytes)
        #expect(cache.load(url(0)) == nil)
        #expect(cache.load(url(5)) != nil)
        #expect(cache.entries().reduce(0) { $0 + $1.size } <= cache.maxBytes)
    }

    @Test func theBudgetCountsARollingWindowAndCoolsDown() throws {
        let budget = RequestBudget(path: directory + "/budget.json", limit: 2, window: 60, coolDown: 60)
        let now = Date()
        #expect(budget.acquire(now: now) == .granted)
        #expect(budget.acquire(now: now.addingTimeInterval(10)) == .granted)
        guard case .wait(let seconds) = budget.acquire(now: now.addingTimeInterval(20)) else {
            Issue.record("a third request in the window must wait")
            return
        }
        #expect(abs(seconds - 40) < 0.1)
        #expect(budget.acquire(now: now.addingTimeInterval(61)) == .granted)
        budget.markRateLimited(now: now.addingTimeInterval(62))
        #expect(budget.acquire(now: now.addingTimeInterval(100)) == .coolingDown(22))
    }

    /// A transport whose every connection is refused (the machine is offline).
    private struct Refused: HTTPTransport {
        let error: MediaSearchError
        func get(_ url: URL, timeout: Double) async throws -> HTTPResponse { throw error }
    }

    @Test func aRequestThatNeverConnectedGivesItsSlotBack() async throws {
        let budget = RequestBudget(path: directory + "/budget.json", limit: 2, window: 60, coolDown: 60)
        let url = try #require(URL(string: "http://127.0.0.1:9/search"))
        let offline = BudgetedTransport(
            budget: budget, noWait: true,
            next: Refused(error: .network(underlying: URLError(.cannotConnectToHost))))
        for _ in 0..<5 {
            await #expect(throws: MediaSearchError.self) { _ = try await offline.get(url, timeout: 1) }
        }
        #expect(budget.used() == 0, "five refused connections spent nothing")
        // A request that may have reached the server (a reset) keeps its slot.
        let reset = BudgetedTransport(
            budget: budget, noWait: true, next: Refused(error: .network(underlying: URLError(.networkConnectionLost))))
        await #expect(throws: MediaSearchError.self) { _ = try await reset.get(url, timeout: 1) }
        #expect(budget.used() == 1)
    }
}
