import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

@Suite("Response cache and request budget", .slots)
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

    /// Any one bit changed anywhere in a kept body, in its words or its tail, makes the entry a
    /// miss; the answer kept again replaces it.
    @Test func anyDamageToABodyIsCaughtAndTheEntryReplaced() throws {
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: 1_000_000)
        let body = Data((0..<1_003).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for position in [0, 7, 8, 500, 999, 1_000, 1_002] {
            try cache.store(HTTPResponse(status: 200, body: body), for: url(1))
            var damaged = body
            damaged[position] ^= 0x10
            try rewriteBody(of: url(1), in: cache, to: damaged)
            #expect(cache.load(url(1)) == nil, "a bit flipped at \(position) was not noticed")
            try cache.store(HTTPResponse(status: 200, body: body), for: url(1))
            #expect(cache.load(url(1))?.body == body && cache.usage()?.entries == 1)
        }
        try cache.store(HTTPResponse(status: 200, body: body), for: url(1))
        try rewriteBody(of: url(1), in: cache, to: body.dropLast())
        #expect(cache.load(url(1)) == nil, "a shortened body was not noticed")
    }

    /// Replaces a kept body behind the cache's back, as a damaged disk would.
    func rewriteBody(of url: URL, in cache: ResponseCache, to body: Data) throws {
        let db = try SQLiteConnection(path: cache.databasePath)
        let update = try db.prepare("UPDATE responses SET body = ?1 WHERE key = ?2")
        update.bind(1, body)
        update.bind(2, url.absoluteString)
        try update.run()
    }

    @Test func onlySuccessfulAnswersAreStored() throws {
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: 1_000_000)
        try cache.store(HTTPResponse(status: 429, body: Data()), for: url(1))
        try cache.store(HTTPResponse(status: 500, body: Self.body), for: url(2))
        #expect((cache.usage()?.entries ?? 0) == 0)
        #expect(!FileManager.default.fileExists(atPath: cache.databasePath), "a file was made for nothing")
    }

    /// A 200 whose body the provider cannot read (an error page, a source's error as a normal
    /// answer) is not kept: the caching layer stores only answers the reader accepted.
    @Test func answersTheReaderRefusesAreNotStored() async throws {
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: 1_000_000)
        let html = CachingTransport(cache: cache, next: Canned(HTTPResponse(status: 200, body: Data("<html>".utf8))))
        await #expect(throws: MediaSearchError.self) {
            try await html.get(url(3), timeout: 5) { try ITunesClient.interpret($0) }
        }
        #expect((cache.usage()?.entries ?? 0) == 0)
        let good = CachingTransport(cache: cache, next: Canned(HTTPResponse(status: 200, body: Self.body)))
        let items = try await good.get(url(4), timeout: 5) { try ITunesClient.interpret($0) }
        #expect(items.count == 1)
        #expect(cache.usage()?.entries == 1)
    }

    /// Past the bound the oldest answers go, down to 90% of it; the total counted is what the
    /// rows hold, and an answer kept again replaces its row rather than adding to the total.
    @Test func theOldestEntriesAreEvictedFirstAndTheTotalIsExact() throws {
        let size = Self.body.count + url(0).absoluteString.utf8.count + ResponseCache.rowOverhead
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: size * 5)
        let start = Date()
        for n in 0..<5 {
            try cache.store(
                HTTPResponse(status: 200, body: Self.body), for: url(n), now: start.addingTimeInterval(Double(n)))
        }
        try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(0), now: start.addingTimeInterval(5))
        #expect(cache.usage()?.entries == 5 && cache.usage()?.bytes == size * 5)
        try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(5), now: start.addingTimeInterval(6))
        // Six past a bound of five: down to 4.5, so the two oldest (1 and 2; 0 was kept again) go.
        for n in [1, 2] { #expect(cache.load(url(n), now: start.addingTimeInterval(7)) == nil, "answer \(n)") }
        for n in [0, 3, 4, 5] { #expect(cache.load(url(n), now: start.addingTimeInterval(7)) != nil, "answer \(n)") }
        #expect(cache.usage()?.entries == 4 && cache.usage()?.bytes == size * 4)
        let db = try SQLiteConnection(path: cache.databasePath)
        #expect(try db.integer("SELECT sum(size) FROM responses") == cache.usage()?.bytes)
    }

    /// One URL given twice in a batch (a flight that timed out while the first keep waited) keeps
    /// the last answer and loses none of the others.
    @Test func aURLKeptTwiceInOneBatchKeepsTheLastAndTheRest() throws {
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: 1_000_000)
        let newer = Data(#"{"resultCount":0,"results":[]}"#.utf8)
        let problems = cache.store(all: [
            (HTTPResponse(status: 200, body: Self.body), url(1)),
            (HTTPResponse(status: 200, body: Self.body), url(2)),
            (HTTPResponse(status: 200, body: newer), url(1)),
        ])
        #expect(problems.allSatisfy { $0 == nil })
        #expect(cache.load(url(1))?.body == newer && cache.load(url(2))?.body == Self.body)
        #expect(cache.usage()?.entries == 2)
    }

    /// A total that drifted from the rows (a crash, a hand edit: far too high, negative, missing,
    /// or sizes past any real answer) never traps and never costs the answer just kept; once the
    /// writes pass the bound the rows are counted anew, and the total is theirs again.
    @Test(arguments: [
        "UPDATE total SET bytes = 9223372036854775807", "UPDATE total SET bytes = -5", "DELETE FROM total",
        "UPDATE responses SET size = -9223372036854775807", "UPDATE responses SET size = 9223372036854775807",
    ])
    func aTotalThatDriftedIsCountedAnew(damage: String) throws {
        let size = Self.body.count + url(10).absoluteString.utf8.count + ResponseCache.rowOverhead
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: size * 10)
        for n in 10..<13 { try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(n)) }
        try SQLiteConnection(path: cache.databasePath).execute(damage)
        try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(13))
        #expect(cache.load(url(13))?.body == Self.body, "the answer just kept was trimmed")
        for n in 14..<30 { try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(n)) }
        #expect(cache.load(url(29))?.body == Self.body)
        let usage = try #require(cache.usage())
        let db = try SQLiteConnection(path: cache.databasePath)
        let counted = try db.integer("SELECT coalesce(sum(min(max(size, 0), 1099511627776)), 0) FROM responses")
        #expect(usage.bytes == counted && usage.bytes <= cache.maxBytes, "\(usage.bytes) against \(counted)")
    }

    /// Answers kept at the same moment (a search's providers, a server's searches) are kept
    /// together, in one transaction: every one is there, the total says their size, and an
    /// answer that is not a 200 is not kept.
    // A watchdog against a deadlock, not a speed check: its clock starts when the case runs,
    // after its wait for a test slot (#58).
    @Test(.watchdog(.seconds(120))) func answersKeptTogetherAreEachKeptAndCounted() async throws {
        let cache = ResponseCache(directory: directory, ttl: 60, maxBytes: 1_000_000)
        await withTaskGroup(of: Void.self) { group in
            for n in 0..<40 {
                group.addTask {
                    try? await cache.keepAnswer(HTTPResponse(status: 200, body: Self.body), for: self.url(n))
                }
            }
        }
        for n in 0..<40 { #expect(cache.load(url(n))?.body == Self.body, "answer \(n)") }
        let size = Self.body.count + url(10).absoluteString.utf8.count + ResponseCache.rowOverhead
        #expect(cache.usage()?.entries == 40)
        #expect(cache.usage()?.bytes == 30 * size + 10 * (size - 1), "0-9 have a shorter URL")
        let problems = cache.store(all: [
            (HTTPResponse(status: 200, body: Self.body), url(40)),
            (HTTPResponse(status: 503, body: Self.body), url(41)),
        ])
        #expect(problems.count == 2 && problems.allSatisfy { $0 == nil })
        #expect(cache.load(url(40)) != nil && cache.load(url(41)) == nil)
        #expect(cache.usage()?.entries == 41)
    }

    @Test func theBudgetCountsARollingWindowAndCoolsDown() throws {
        let budget = RequestBudget(directory: directory, name: "budget", limit: 2, window: 60, coolDown: 60)
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

    /// Several requests decided at once are decided as one after another would be.
    @Test func takingSeveralAtOnceDecidesAsOneAfterAnother() throws {
        let now = Date()
        let times = [0.0, 1, 2, 3, 70].map { now.addingTimeInterval($0) }
        let together = RequestBudget(directory: directory, name: "together", limit: 3, window: 60, coolDown: 60)
        let apart = RequestBudget(directory: directory, name: "apart", limit: 3, window: 60, coolDown: 60)
        #expect(together.acquire(all: times) == times.map { apart.acquire(now: $0) })
        #expect(together.used(now: times[4]) == apart.used(now: times[4]))
        #expect(together.acquire(all: []) == [])
    }

    /// A generous budget (thousands a minute) is exact: a row per request of its window, each
    /// slot freed when its own request leaves the window; the rows older than the window go as
    /// the takes go, so the table holds one window's requests however long the load lasts.
    @Test func aGenerousBudgetIsExactAndKeepsOneWindowOfRows() throws {
        let budget = RequestBudget(directory: directory, name: "generous", limit: 1_000, window: 60, coolDown: 60)
        let start = Date(timeIntervalSince1970: 1_795_500_000)
        let times = (0..<1_200).map { start.addingTimeInterval(Double($0) * 0.01) }
        let decisions = budget.acquire(all: times)
        #expect(decisions.prefix(1_000).allSatisfy { $0 == .granted })
        #expect(decisions.dropFirst(1_000).allSatisfy { if case .wait = $0 { true } else { false } })
        #expect(budget.used(now: times[999]) == 1_000)
        // The first request's slot frees when it leaves the window, to the hundredth.
        guard case .wait(let seconds) = budget.acquire(now: start.addingTimeInterval(20)) else {
            Issue.record("the window is full")
            return
        }
        #expect(abs(seconds - 40) < 0.001, "\(seconds)")
        // At 60.5 s the 51 requests of the first half second have left: 51 go, the next waits.
        let later = start.addingTimeInterval(60.5)
        let again = budget.acquire(all: Array(repeating: later, count: 52))
        #expect(again.prefix(51).allSatisfy { $0 == .granted } && again[51] != .granted, "\(again.suffix(2))")
        // A request that never left gives its slot back, whenever it was sent.
        budget.release(sentAt: times[500], now: later)
        #expect(budget.used(now: later) == 999)
        let rows = try SQLiteConnection(path: ResponseCache(directory: directory, ttl: 0, maxBytes: 0).databasePath)
            .integer("SELECT count(*) FROM budget_sends WHERE name = 'generous'")
        #expect(rows == 999, "the rows of one window, the older ones gone")
        // Another budget in the same database counts apart.
        let small = RequestBudget(directory: directory, name: "small", limit: 50, window: 5, coolDown: 60)
        #expect(small.acquire(all: Array(times.prefix(50))).allSatisfy { $0 == .granted })
        #expect(small.used(now: times[49]) == 50 && budget.used(now: later) == 999)
    }

    /// A search's providers take their slots at the same moment: the takes that arrive together
    /// are joined, and never let more requests through than the limit.
    @Test func takesThatArriveTogetherNeverCrossTheLimit() async throws {
        let budget = RequestBudget(directory: directory, name: "joined", limit: 5, window: 60, coolDown: 60)
        let now = Date()
        let decisions = await withTaskGroup(of: RequestBudget.Decision.self) { group in
            for n in 0..<12 { group.addTask { await budget.take(now: now.addingTimeInterval(Double(n) / 1000)) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(decisions.count == 12)
        #expect(decisions.filter { $0 == .granted }.count == 5)
        #expect(decisions.allSatisfy { if case .wait = $0 { true } else { $0 == .granted } })
        #expect(budget.used(now: now.addingTimeInterval(1)) == 5)
    }

    /// A search's sources take their slots together, in one transaction: each budget still
    /// counts its own requests against its own limit.
    @Test func takesOfSeveralSourcesAtOnceCountEachApart() async throws {
        let itunes = RequestBudget(directory: directory, name: "source-itunes", limit: 3, window: 60, coolDown: 60)
        let deezer = RequestBudget(directory: directory, name: "source-deezer", limit: 5, window: 60, coolDown: 60)
        let now = Date()
        let decisions = await withTaskGroup(of: (String, RequestBudget.Decision).self) { group in
            for n in 0..<8 {
                for budget in [itunes, deezer] {
                    group.addTask { (budget.name, await budget.take(now: now.addingTimeInterval(Double(n) / 1000))) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(decisions.filter { $0 == ("source-itunes", .granted) }.count == 3)
        #expect(decisions.filter { $0 == ("source-deezer", .granted) }.count == 5)
        #expect(itunes.used(now: now.addingTimeInterval(1)) == 3 && deezer.used(now: now.addingTimeInterval(1)) == 5)
        // One batch that mixes them (as the join makes it when the takes meet), and a budget of
        // the same name under other rules (a config changed between two requests): each decided
        // by its own rules.
        let later = now.addingTimeInterval(120)
        let stricter = RequestBudget(directory: directory, name: "source-itunes", limit: 1, window: 60, coolDown: 60)
        let mixed = RequestBudget.run([
            (itunes, .take(later)), (deezer, .take(later)), (stricter, .take(later)), (itunes, .take(later)),
            (deezer, .giveBack(later)), (deezer, .take(later)),
        ])
        #expect(mixed == [.granted, .granted, .wait(60), .granted, .granted, .granted], "\(mixed)")
        #expect(itunes.used(now: later) == 2 && deezer.used(now: later) == 1)
    }

    /// A take whose time was read before it waited for the lock does not pull back the rows
    /// another process wrote meanwhile: the slot of a request that never left is still found
    /// and given back.
    @Test func aLateTakeLeavesOthersRowsAsTheyAre() throws {
        let budget = RequestBudget(directory: directory, name: "late", limit: 5, window: 60, coolDown: 60)
        let now = Date()
        let other = now.addingTimeInterval(-0.2)
        #expect(budget.acquire(now: other) == .granted)
        #expect(budget.acquire(now: now.addingTimeInterval(-1)) == .granted)
        budget.release(sentAt: other, now: now.addingTimeInterval(-1))
        #expect(budget.used(now: now) == 1)
    }

    /// The real client's own errors: a refused connection (nothing listens on the port) and a
    /// connection reset after the request was sent, by a loopback server.
    @Test func aRequestThatNeverConnectedGivesItsSlotBack() async throws {
        let budget = RequestBudget(directory: directory, name: "budget", limit: 2, window: 60, coolDown: 60)
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        let (socket, port) = try Self.closedPort()
        defer { close(socket) }
        let closed = try #require(URL(string: "http://127.0.0.1:\(port)/search"))
        let offline = BudgetedTransport(budget: budget, noWait: true, next: NetworkTransport())
        for _ in 0..<5 {
            await #expect(throws: MediaSearchError.self) { _ = try await offline.get(closed, timeout: 5) }
        }
        #expect(budget.used() == 0, "five refused connections spent nothing")
        // A request that may have reached the server (a reset) keeps its slot.
        await server.inject(FaultRule(fault: .reset))
        let reached = try #require(URL(string: server.baseURL + "/search?media=music"))
        await #expect(throws: MediaSearchError.self) { _ = try await offline.get(reached, timeout: 5) }
        #expect(budget.used() == 1)
    }

    /// A loopback port that nothing listens on.
    /// The socket holds the port, bound but not listening, until the caller closes it: nothing
    /// else (another test's server) can take the port meanwhile, and a connection to it is refused.
    static func closedPort() throws -> (socket: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        if !bound { close(fd) }
        try #require(bound)
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A transport that answers every request with one status.
    private struct Answering: HTTPTransport {
        let status: Int
        func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
            HTTPResponse(status: status, body: Data())
        }
    }

    /// Apple answers 403 as well as 429 when it throttles: both start the shared cool-down, and
    /// nothing else does.
    @Test(arguments: [(403, true), (429, true), (500, false), (404, false)])
    func aThrottlingAnswerStartsTheCoolDown(status: Int, coolsDown: Bool) async throws {
        let budget = RequestBudget(directory: directory, name: "budget", limit: 10, window: 60, coolDown: 60)
        let transport = BudgetedTransport(budget: budget, noWait: true, next: Answering(status: status))
        let url = try #require(URL(string: "http://127.0.0.1:9/search"))
        #expect(try await transport.get(url, timeout: 1).status == status)
        if coolsDown {
            await #expect {
                _ = try await transport.get(url, timeout: 1)
            } throws: { error in
                if case .coolingDown = error as? MediaSearchError { return true }
                return false
            }
        } else {
            #expect(try await transport.get(url, timeout: 1).status == status)
        }
    }
}

/// A transport that always gives the same answer.
struct Canned: HTTPTransport {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
    func get(_ url: URL, timeout: Double) async throws -> HTTPResponse { response }
}
