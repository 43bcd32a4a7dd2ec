import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import Synchronization
import TestSlots
import Testing

/// The transport, cache, budget and history under faults a hostile server or a broken disk makes.
@Suite("Hardening: transport, cache, budget, history", .slots)
struct HardeningTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hard-\(UUID().uuidString)").path
    static let body = Data(#"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1}]}"#.utf8)

    func url(_ n: Int) -> URL { URL(string: "http://127.0.0.1:9/search?term=\(n)")! }

    // MARK: cache

    /// A file that is not a database (a disk's damage, a stray write) is made anew, and the
    /// answer kept again; one made by a newer version is left as it is (a miss, nothing kept).
    @Test func aDamagedFileIsMadeAnewAndANewerOneLeftAlone() throws {
        let cache = ResponseCache(directory: directory, ttl: 600, maxBytes: 1_000_000)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 70_000).write(to: URL(fileURLWithPath: cache.databasePath))
        #expect(cache.load(url(1)) == nil)
        try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(1))
        #expect(cache.load(url(1))?.body == Self.body)

        let newer = ResponseCache(directory: directory + "/newer", ttl: 600, maxBytes: 1_000_000)
        try FileManager.default.createDirectory(atPath: newer.directory, withIntermediateDirectories: true)
        try SQLiteConnection(path: newer.databasePath).execute("PRAGMA user_version = 99")
        #expect(throws: MediaSearchError.self) {
            try newer.store(HTTPResponse(status: 200, body: Self.body), for: url(1))
        }
        #expect(try SQLiteConnection(path: newer.databasePath).integer("PRAGMA user_version") == 99)

        // One of an older schema is made anew.
        let older = ResponseCache(directory: directory + "/older", ttl: 600, maxBytes: 1_000_000)
        try FileManager.default.createDirectory(atPath: older.directory, withIntermediateDirectories: true)
        try SQLiteConnection(path: older.databasePath).execute(
            "CREATE TABLE responses (key TEXT PRIMARY KEY, body BLOB); CREATE TABLE total (bytes INTEGER);"
                + " PRAGMA user_version = 1")
        try older.store(HTTPResponse(status: 200, body: Self.body), for: url(1))
        #expect(older.load(url(1))?.body == Self.body)
    }

    /// A file deleted under a running process (the cache folder removed by hand) is noticed: the
    /// next answer is kept in a new file, not in the deleted one's open handle.
    @Test func aFileDeletedUnderTheProcessIsMadeAgain() throws {
        let cache = ResponseCache(directory: directory, ttl: 600, maxBytes: 1_000_000)
        try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(1))
        try FileManager.default.removeItem(atPath: directory)
        #expect(cache.load(url(1)) == nil)
        try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(2))
        #expect(FileManager.default.fileExists(atPath: cache.databasePath))
        #expect(cache.load(url(2))?.body == Self.body)
        #expect(cache.usage()?.entries == 1)
    }

    /// The entry files of earlier versions (one per answer, temporary files, the size ledger) are
    /// removed when the database is first made, and by `clear()`, which counts them.
    @Test func theFilesOfEarlierVersionsAreRemoved() throws {
        let cache = ResponseCache(directory: directory, ttl: 600, maxBytes: 1_000_000)
        func plantLegacy() throws {
            try FileManager.default.createDirectory(atPath: cache.legacyFolder, withIntermediateDirectories: true)
            for name in ["a.entry", "b.entry", "c.entry.tmp-1-2"] {
                try Data("x".utf8).write(to: URL(fileURLWithPath: cache.legacyFolder + "/" + name))
            }
            try Data("3".utf8).write(to: URL(fileURLWithPath: cache.legacyFolder + ".size"))
        }
        try plantLegacy()
        try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(1))
        #expect(!FileManager.default.fileExists(atPath: cache.legacyFolder))
        #expect(!FileManager.default.fileExists(atPath: cache.legacyFolder + ".size"))
        try plantLegacy()
        #expect(try cache.clear() == 3, "one answer and two old entries")
        #expect(!FileManager.default.fileExists(atPath: cache.legacyFolder))
        #expect(cache.load(url(1)) == nil && cache.usage()?.entries == 0)
    }

    /// A cache of the version before the budgets moved in (schema 2) keeps its answers: the
    /// budgets' tables are added, the windows of the budget files of earlier versions copied in
    /// (what does not read is left out), and the files removed, nothing else.
    @Test func theBudgetsMoveIntoACacheOfTheVersionBefore() throws {
        let earlier = ResponseCache(directory: directory + "/earlier", ttl: 600, maxBytes: 1_000_000)
        try earlier.store(HTTPResponse(status: 200, body: Self.body), for: url(1))
        let moved = ResponseCache(directory: directory + "/moved", ttl: 600, maxBytes: 1_000_000)
        try FileManager.default.createDirectory(atPath: moved.directory, withIntermediateDirectories: true)
        try SQLiteConnection(path: earlier.databasePath).execute("VACUUM INTO '\(moved.databasePath)'")
        try SQLiteConnection(path: moved.databasePath).execute(
            "DROP TABLE budget_sends; DROP TABLE budget_cool_downs; PRAGMA user_version = 2")
        let files = ["budget-source-itunes.json.lock", "budget.json", "notes.json", "budget-source-radio.json"]
        for name in files { try Data("x".utf8).write(to: URL(fileURLWithPath: moved.directory + "/" + name)) }
        // The old file's window still counts: two requests of a budget of three, one left.
        let now = Date().timeIntervalSince1970
        try Data(#"{"coolDownUntil":0,"sent":[\#(now - 10),"z",\#(now - 5)],"slices":[[1,"x"],["y",2]]}"#.utf8)
            .write(to: URL(fileURLWithPath: moved.directory + "/budget-source-itunes.json"))
        let budget = RequestBudget(directory: moved.directory, name: "source-itunes", limit: 3)
        #expect(budget.acquire() == .granted)
        #expect(budget.acquire() != .granted, "the two sends of the old file counted")
        #expect(moved.load(url(1))?.body == Self.body, "the answer kept before is still there")
        let left = try FileManager.default.contentsOfDirectory(atPath: moved.directory)
        #expect(left.filter { !$0.hasPrefix("responses.sqlite") } == ["notes.json"], "\(left)")
        #expect(try SQLiteConnection(path: moved.databasePath).integer("PRAGMA user_version") == 3)
    }

    /// A `responses` link in the cache folder (planted by whoever can write it) is not followed:
    /// the files it points to are left alone, however they are named (the security review's S2).
    @Test func aLinkInPlaceOfTheFolderOfEarlierVersionsIsNotFollowed() throws {
        let cache = ResponseCache(directory: directory + "/cache", ttl: 600, maxBytes: 1_000_000)
        let victim = directory + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cache.directory, withIntermediateDirectories: true)
        let names = ["a.entry", "b.tmp-1", "keep.txt"]
        for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: victim + "/" + name)) }
        try FileManager.default.createSymbolicLink(atPath: cache.legacyFolder, withDestinationPath: victim)
        try cache.store(HTTPResponse(status: 200, body: Self.body), for: url(1))
        #expect(cache.load(url(1))?.body == Self.body)
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim).sorted() == names)
        #expect(try cache.clear() == 1, "the one answer, and no file behind the link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim).sorted() == names)
    }

    #if os(Linux)
        /// A process that holds a URL's flight and stops answering (Ctrl-Z) is waited for no longer
        /// than one request could take, and only once: while it still holds the lock, later
        /// requests of this process (`serve`'s) ask the source at once (the security review's S1).
        /// Another process's lock is another open file's (`F_OFD_SETLK` locks conflict between
        /// two opens in one process too).
        @Test func aFlightHolderThatStopsAnsweringIsWaitedForOnceAndBriefly() async throws {
            let cache = ResponseCache(directory: directory, ttl: 600, maxBytes: 1_000_000)
            let place = cache.flightLock(for: url(5))
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let holder = try #require(try await FlightLock.acquire(path: place.path, offset: place.offset, timeout: 0))
            defer { holder.release() }
            let asked = Mutex(0)
            @Sendable func fetch() -> HTTPResponse {
                asked.withLock { $0 += 1 }
                return HTTPResponse(status: 200, body: Self.body)
            }
            let clock = ContinuousClock()
            // Three request times (the wait before) would be 24 s.
            let first = try await clock.measure {
                let answer = try await cache.fetchOnce(for: url(5), timeout: 8, reuse: true, fetch)
                #expect(!answer.fromCache && answer.lock == nil && answer.answer.body == Self.body)
            }
            #expect(first < .seconds(20), "waited \(first) for a holder: more than one request's time")
            let second = try await clock.measure {
                _ = try await cache.fetchOnce(for: url(5), timeout: 60, reuse: true, fetch)
            }
            #expect(second < .seconds(30), "waited \(second) again for a holder already waited for in vain")
            #expect(asked.withLock { $0 } == 2)
            // Once the holder lets go, the lock is had (and waited for) as before. A byte still
            // remembered as stuck is tried once, without a wait; a process this test process is
            // spawning at that instant (another test's) may still share the holder's open file
            // until it runs its program, so the lock is asked for again a few times.
            holder.release()
            var third: FetchedAnswer?
            for _ in 0..<50 where third?.lock == nil {
                third?.lock?.release()
                third = try await cache.fetchOnce(for: url(5), timeout: 60, reuse: false, fetch)
                if third?.lock == nil { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(third?.lock != nil, "the lock is had once its holder let go")
            third?.lock?.release()
        }
    #endif

    // MARK: budget

    /// Rows from the future (a clock that moved back, a hand edit) count as now: they hold no
    /// request back longer than one window, and a cool-down no longer than one.
    @Test func timesFromTheFutureAreClamped() throws {
        let budget = RequestBudget(directory: directory, name: "source-itunes", limit: 2, window: 60, coolDown: 60)
        let now = Date()
        #expect(budget.used(now: now) == 0, "the database is made")
        let far = now.timeIntervalSince1970 + 1e9
        try SQLiteConnection(path: ResponseCache(directory: directory, ttl: 0, maxBytes: 0).databasePath).execute(
            """
            INSERT INTO budget_sends VALUES ('source-itunes', \(far)), ('source-itunes', \(far));
            INSERT INTO budget_cool_downs VALUES ('source-itunes', \(far));
            """)
        #expect(budget.acquire(now: now) == .coolingDown(60))
        #expect(budget.acquire(now: now.addingTimeInterval(61)) == .granted)
    }

    /// A budget whose database is not one (damaged, or another program's file in its place) is
    /// the cache's: made anew, its answers fetched again, and the budget counts on in it.
    @Test func aDamagedDatabaseIsMadeAnewAndTheBudgetCountsOn() throws {
        let path = ResponseCache(directory: directory, ttl: 0, maxBytes: 0).databasePath
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8_192).write(to: URL(fileURLWithPath: path))
        let reports = Mutex([String]())
        let budget = RequestBudget(directory: directory, name: "source-itunes", limit: 2) { line in
            reports.withLock { $0.append(line) }
        }
        let now = Date()
        #expect(budget.acquire(now: now) == .granted)
        #expect(budget.acquire(now: now) == .granted)
        #expect(budget.acquire(now: now) != .granted)
        #expect(reports.withLock { $0 }.isEmpty, "\(reports.withLock { $0 })")
        #expect(try SQLiteConnection(path: path).integer("SELECT count(*) FROM budget_sends") == 2)
    }

    @Test func anUnwritableBudgetHoldsInMemoryAndSaysSoOnce() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let blocker = directory + "/not-a-directory"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let reports = Mutex([String]())
        let budget = RequestBudget(directory: blocker, name: "source-itunes", limit: 2) { line in
            reports.withLock { $0.append(line) }
        }
        let now = Date()
        #expect(budget.acquire(now: now) == .granted)
        #expect(budget.acquire(now: now) == .granted)
        guard case .wait = budget.acquire(now: now) else {
            Issue.record("the in-memory budget let a third request through")
            return
        }
        #expect(reports.withLock { $0 }.count == 1)
        #expect(reports.withLock { $0 }.first?.contains("counting in memory") == true)
        // Another cache directory that fails has budgets of its own in memory.
        let other = RequestBudget(directory: blocker + "/other", name: "source-itunes", limit: 2)
        #expect(other.acquire(now: now) == .granted)
    }

    // MARK: history

    @Test func anUnreadableHistoryIsNeverOverwritten() throws {
        let path = directory + "/history.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = HistoryStore(path: path, capacity: 5)
        #expect(throws: MediaSearchError.self) { try store.record("jack") }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func aLockHeldElsewhereIsWaitedForOnlySoLong() throws {
        let path = directory + "/history.json"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fd = open(path + ".lock", O_RDWR | O_CREAT, 0o600)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)
        let started = Date()
        #expect {
            try AtomicFile.withLock(path, timeout: 0.3) { 1 }
        } throws: { error in
            (error as? MediaSearchError)?.description.contains("locked by another process") == true
        }
        #expect(Date().timeIntervalSince(started) < 5)
        flock(fd, LOCK_UN)
        #expect(try AtomicFile.withLock(path, timeout: 0.3) { 2 } == 2)
    }

    // MARK: deadline and transport

    /// Work that ignores cancellation, as a deadlocked call does, stays stuck until released: the
    /// deadline must answer while it is still stuck (a task group would wait for it forever). It
    /// waits on a continuation rather than blocking a thread, so a busy cooperative pool (one
    /// thread per core) cannot delay the deadline's own timer.
    @Test func aDeadlineEndsWorkThatIgnoresCancellation() async throws {
        let release = Gate<Void>()
        let finished = Mutex(false)
        // A failsafe, so that a regression fails the test instead of hanging the suite.
        let failsafe = Task {
            try? await Task.sleep(for: .seconds(60))
            release.resume(.success(()))
        }
        await #expect(throws: MediaSearchError.self) {
            try await Deadline.run(seconds: 0.2) {
                try await withCheckedThrowingContinuation { release.wait($0) }
                finished.withLock { $0 = true }
                return 1
            }
        }
        #expect(!finished.withLock { $0 }, "the deadline waited for the stuck work")
        release.resume(.success(()))
        failsafe.cancel()
    }

    /// Without the extension the deadline (4 s) fires before the work (6 s) ends; with it (64 s)
    /// there is a minute to spare. The work must start before the first deadline to push it back:
    /// 4 s, not a fraction of one, because on a loaded 2-core machine a new task has waited
    /// seconds for a thread of the pool (#44; a 0.3 s deadline failed there).
    @Test func budgetWaitsPushTheDeadlineBack() async throws {
        let value = try await Deadline.run(seconds: 4) {
            Deadline.extendCurrent(by: 60)
            try await Task.sleep(for: .seconds(6))
            return 7
        }
        #expect(value == 7)
    }

    /// With a `Content-Length` the answer is refused before its body; chunked, it is cut while
    /// streaming, so the server never gets to send most of its gigabyte.
    @Test(arguments: [false, true])
    func aHugeBodyIsCutAtTheCapWhileStreaming(chunked: Bool) async throws {
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        await server.inject(FaultRule(fault: .huge(bytes: 1 << 30, chunked: chunked)))
        let transport = NetworkTransport(maxBodyBytes: 1_048_576)
        let url = try #require(URL(string: server.baseURL + "/search?media=music"))
        // What the server had sent when the transport refused, read at once: after the refusal the
        // client library may go on reading and discarding the rest in the background (not our
        // memory), and on an idle machine it can reach the whole GiB before a later read.
        let sentAtRefusal: Int
        do {
            _ = try await transport.get(url, timeout: 30)
            Issue.record("a 1 GiB answer was read whole")
            return
        } catch let error as MediaSearchError {
            sentAtRefusal = server.generatedBytesSent()
            guard case .responseTooLarge = error else {
                Issue.record("refused otherwise: \(error)")
                return
            }
        }
        // Read whole, the answer is 1 GiB: the refusal came before that.
        #expect(sentAtRefusal < 1 << 30, "\(sentAtRefusal) bytes were sent when it was refused")
    }

    /// The deadline firing just as the answer completes, many times over: each request must end,
    /// with an answer or a time-out, within its deadline and a margin, never hang.
    @Test func aDeadlineRacingCompletionNeverHangs() async throws {
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        await server.inject(FaultRule(fault: .delay(.milliseconds(150))))
        let transport = NetworkTransport()
        let url = try #require(URL(string: server.baseURL + "/search?media=music&limit=1"))
        // A first request, unmeasured: the client's threads and the server's first connection
        // start here, which on a loaded machine can take seconds.
        _ = try? await transport.get(url, timeout: 10)
        // A round that hangs runs into the 15 s failsafe; one that merely waits for a loaded
        // machine ends well before it.
        for round in 0..<40 {
            let ended = try? await Deadline.run(seconds: 15) {
                _ = try? await transport.get(url, timeout: 0.15 + Double(round % 5) * 0.005)
                return true
            }
            #expect(ended == true, "round \(round) hung")
        }
    }

    @Test func redirectsAreFollowedOnTheSameHostOnly() async throws {
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        let base = try #require(URL(string: server.baseURL))
        let transport = RedirectingTransport(next: NetworkTransport())
        await server.inject(
            FaultRule(path: "/search", query: ["media": "hop"], fault: .redirect(to: "/search?media=music&limit=1")))
        let followed = try await transport.get(
            base.appendingPathComponent("search").appending(queryItems: [.init(name: "media", value: "hop")]),
            timeout: 30)
        #expect(followed.status == 200)

        await server.inject(
            FaultRule(path: "/search", query: ["media": "away"], fault: .redirect(to: "http://127.0.0.2:9/search")))
        await #expect {
            _ = try await transport.get(URL(string: server.baseURL + "/search?media=away")!, timeout: 30)
        } throws: { error in String(describing: error).contains("another host") }

        await server.inject(
            FaultRule(path: "/search", query: ["media": "loop"], fault: .redirect(to: "/search?media=loop")))
        let before = await server.requests().count
        await #expect {
            _ = try await transport.get(URL(string: server.baseURL + "/search?media=loop")!, timeout: 30)
        } throws: { error in String(describing: error).contains("more than 5 redirects") }
        #expect(await server.requests().count - before == 6)
    }
}
