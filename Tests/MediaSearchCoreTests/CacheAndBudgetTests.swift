import Foundation
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

@testable import MediaSearchCore

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
    // A watchdog against a deadlock, not a speed check: its clock includes the wait for a test
    // slot, which under a load average of 15 passed a minute (#58).
    @Test(.timeLimit(.minutes(10))) func answersKeptTogetherAreEachKeptAndCounted() async throws {
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

    /// Several requests decided at once are decided as one after another would be.
    @Test func takingSeveralAtOnceDecidesAsOneAfterAnother() throws {
        let now = Date()
        let times = [0.0, 1, 2, 3, 70].map { now.addingTimeInterval($0) }
        let together = RequestBudget(path: directory + "/together.json", limit: 3, window: 60, coolDown: 60)
        let apart = RequestBudget(path: directory + "/apart.json", limit: 3, window: 60, coolDown: 60)
        #expect(together.acquire(all: times) == times.map { apart.acquire(now: $0) })
        #expect(together.used(now: times[4]) == apart.used(now: times[4]))
        #expect(together.acquire(all: []) == [])
    }

    /// The budget file is read and written by hand in its usual shape; a file another version
    /// wrote with `JSONEncoder` (any key order, any spacing, escapes) still reads the same, and
    /// what is not the budget's JSON is damage.
    @Test func theBudgetFileReadsWhatJSONEncoderWrote() throws {
        let state = RequestBudget.State(
            sent: [1_795_500_408.2658281, 1_795_500_409, 0.5], coolDownUntil: 1_795_500_500.25)
        #expect(RequestBudget.State.scan(Array(state.encoded)) == state)
        #expect(try JSONDecoder().decode(RequestBudget.State.self, from: state.encoded) == state)
        let encoder = JSONEncoder()
        for formatting in [JSONEncoder.OutputFormatting(), .sortedKeys, [.prettyPrinted, .sortedKeys]] {
            encoder.outputFormatting = formatting
            let written = try encoder.encode(state)
            #expect(RequestBudget.State.scan(Array(written)) == state, "\(String(decoding: written, as: UTF8.self))")
        }
        #expect(RequestBudget.State.scan(Array(#"{"sent":[],"coolDownUntil":0}"#.utf8)) == RequestBudget.State())
        // Escaped keys are left to JSONDecoder, which reads them.
        let escaped = Data(#"{"sent":[1],"cool\u0044ownUntil":2}"#.utf8)
        #expect(RequestBudget.State.scan(Array(escaped)) == nil)
        #expect(RequestBudget.State.decode(escaped) == RequestBudget.State(sent: [1], coolDownUntil: 2))
        // What the hand reader does not take, JSONDecoder decides, as it always did.
        for odd in [#"{"sent":[1,],"coolDownUntil":2}"#, #"{"sent":[1],"coolDownUntil":2,"sent":[3]}"#] {
            #expect(RequestBudget.State.scan(Array(odd.utf8)) == nil, "\(odd)")
            #expect(
                RequestBudget.State.decode(Data(odd.utf8))
                    == (try? JSONDecoder().decode(RequestBudget.State.self, from: Data(odd.utf8))))
        }
        for damaged in [
            #"{"sent":[1],"coolDownUntil":2"#, #"{"sent":"1","coolDownUntil":2}"#, "", "null", "{}",
            #"{"sent":[1]}"#, #"{"sent":[1],"coolDownUntil":2} x"#,
        ] {
            #expect(RequestBudget.State.decode(Data(damaged.utf8)) == nil, "\(damaged)")
        }
        // Times JSON cannot hold never reach the file.
        let odd = RequestBudget.State(sent: [.infinity], coolDownUntil: .nan)
        #expect(RequestBudget.State.decode(odd.encoded) == RequestBudget.State(sent: [0], coolDownUntil: 0))
    }

    /// A generous budget (thousands a minute) keeps its file small whatever the load: past 64
    /// requests in the window the oldest times are counted in slices of 1/128 of the window,
    /// which let their requests go a little later, never earlier, and never cross the limit.
    @Test func aGenerousBudgetCountsItsOldRequestsInSlices() throws {
        let path = directory + "/generous.json"
        let budget = RequestBudget(path: path, limit: 1_000, window: 60, coolDown: 60)
        let start = Date(timeIntervalSince1970: 1_795_500_000)
        let times = (0..<1_200).map { start.addingTimeInterval(Double($0) * 0.01) }
        let decisions = budget.acquire(all: times)
        #expect(decisions.prefix(1_000).allSatisfy { $0 == .granted })
        #expect(decisions.dropFirst(1_000).allSatisfy { if case .wait = $0 { true } else { false } })
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size < 4_000, "the file keeps 64 times and a few slices, not 1,000 times: \(size) bytes")
        #expect(budget.used(now: times[999]) == 1_000)
        // The first request's slot frees when its slice (0.47 s wide) leaves the window, not before.
        guard case .wait(let seconds) = budget.acquire(now: start.addingTimeInterval(20)) else {
            Issue.record("the window is full")
            return
        }
        #expect(seconds >= 40 && seconds <= 40 + 60 / 128 + 0.01, "\(seconds)")
        #expect(budget.acquire(now: start.addingTimeInterval(60.5)) == .granted)
        // A request that never left gives its slot back while its time is kept exact; one folded
        // into a slice stays counted (the slice cannot tell it from another's), erring on the safe side.
        let later = start.addingTimeInterval(60.5)
        let used = budget.used(now: later)
        budget.release(sentAt: times[500], now: later)
        #expect(budget.used(now: later) == used)
        budget.release(sentAt: later, now: later)
        #expect(budget.used(now: later) == used - 1)
        // The file reads back as it was written, by hand and by JSONDecoder.
        let written = try #require(FileManager.default.contents(atPath: path))
        let state = try #require(RequestBudget.State.scan(Array(written)))
        #expect(!state.slices.isEmpty && state.sent.count <= 64)
        #expect(try JSONDecoder().decode(RequestBudget.State.self, from: written) == state)
        // A small budget keeps exact times: its file says each request's time, as before.
        let small = RequestBudget(path: directory + "/small.json", limit: 50, window: 5, coolDown: 60)
        #expect(small.acquire(all: Array(times.prefix(50))).allSatisfy { $0 == .granted })
        let smallFile = try #require(FileManager.default.contents(atPath: directory + "/small.json"))
        let smallState = try #require(RequestBudget.State.decode(smallFile))
        #expect(smallState.sent.count == 50 && smallState.slices.isEmpty)
    }

    /// Slices in a file are checked as times are: a count that is not a whole number is damage,
    /// one below one is dropped, one above the limit counts as the limit.
    @Test func aBudgetFilesSlicesAreRangeChecked() throws {
        for damaged in [
            #"{"sent":[],"coolDownUntil":0,"slices":[[1,1.5]]}"#, #"{"sent":[],"coolDownUntil":0,"slices":[[1]]}"#,
            #"{"sent":[],"coolDownUntil":0,"slices":[[1,1e300]]}"#, #"{"sent":[],"coolDownUntil":0,"slices":1}"#,
        ] {
            #expect(RequestBudget.State.decode(Data(damaged.utf8)) == nil, "\(damaged)")
        }
        let now = Date()
        let path = directory + "/odd-slices.json"
        let time = now.timeIntervalSince1970
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(#"{"sent":[],"coolDownUntil":0,"slices":[[\#(time - 1),-5],[\#(time - 2),999999999]]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let budget = RequestBudget(path: path, limit: 3, window: 60, coolDown: 60)
        #expect(budget.used(now: now) == 3)
        guard case .wait = budget.acquire(now: now) else {
            Issue.record("a slice counted as the limit fills the window")
            return
        }
        // Counts that would overflow when added saturate rather than trap.
        let huge = directory + "/huge-slices.json"
        try Data(
            #"{"sent":[],"coolDownUntil":0,"slices":[[\#(time - 1),9223372036854775807],[\#(time - 2),9223372036854775807]]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: huge))
        let unbounded = RequestBudget(path: huge, limit: .max, window: 60, coolDown: 60)
        #expect(unbounded.used(now: now) == .max)
        guard case .wait = unbounded.acquire(now: now) else {
            Issue.record("a full window")
            return
        }
        // A file rewritten in place and cut short by a crash ends in spaces, which reads the same.
        let state = RequestBudget.State(sent: [time - 3], coolDownUntil: 0)
        #expect(RequestBudget.State.decode(state.encoded + Data("      ".utf8)) == state)
    }

    /// The budget's file is rewritten in place: a shorter text leaves nothing of the longer one.
    @Test func smallFilesAreRewrittenInPlaceWhole() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/in-place"
        try AtomicFile.overwrite(Data("123456789".utf8), to: path)
        try AtomicFile.overwrite(Data("42".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("42".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    /// A search's providers take their slots at the same moment: the takes that arrive together
    /// are joined, and never let more requests through than the limit.
    @Test func takesThatArriveTogetherNeverCrossTheLimit() async throws {
        let budget = RequestBudget(path: directory + "/joined.json", limit: 5, window: 60, coolDown: 60)
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

    /// The real client's own errors: a refused connection (nothing listens on the port) and a
    /// connection reset after the request was sent, by a loopback server.
    @Test func aRequestThatNeverConnectedGivesItsSlotBack() async throws {
        let budget = RequestBudget(path: directory + "/budget.json", limit: 2, window: 60, coolDown: 60)
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
        let budget = RequestBudget(path: directory + "/budget.json", limit: 10, window: 60, coolDown: 60)
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
