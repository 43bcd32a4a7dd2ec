#if PostgreSQL
import Foundation
import MediaSearchCore
import MediaSearchKit
import MediaSearchPostgres
import PostgresNIO
import Synchronization
import TestSlots
import Testing

/// The shared store against a real PostgreSQL server of the test's own (#26).
@Suite(
    "Shared store: PostgreSQL", .serialized, .slotsFirst, .tags(.postgres),
    .enabled(if: PostgresCluster.available, "needs PostgreSQL's server (apt-get install postgresql)"))
struct PostgresStoreTests {
    static func open(
        // A generous time-out where none is under test: the tests run beside many others on two cores.
        _ cluster: PostgresCluster, group: String = "default", timeout: Double = 30, retryAfter: Double = 0.2,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> PostgresStore {
        try await PostgresStore.open(
            cluster.storeURL, origin: "test.yaml", egressGroup: group, operationTimeout: timeout,
            retryAfter: retryAfter, report: report)
    }

    static func scalar(_ store: PostgresStore, _ query: PostgresQuery) async throws -> Int {
        for try await value in try await store.client.query(query).decode(Int.self) { return value }
        return -1
    }

    @Test("Instances starting together create the tables once, at the program's version")
    func schemaIsCreatedOnce() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
            for _ in 0..<5 { group.addTask { try await Self.open(cluster) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(stores.allSatisfy { !$0.isDown }, "\(stores.compactMap(\.downNotice))")
        #expect(
            try await Self.scalar(stores[0], "SELECT version FROM mediasearch_schema") == PostgresStore.schemaVersion)
        #expect(try await Self.scalar(stores[0], "SELECT count(*)::bigint FROM mediasearch_schema") == 1)
        // A database of a newer mediasearch is left alone: exit 78, in one line.
        try await stores[0].client.query("UPDATE mediasearch_schema SET version = 99")
        await #expect {
            try await Self.open(cluster)
        } throws: { error in
            guard let error = error as? MediaSearchError, case .invalidConfig = error else { return false }
            return error.exitStatus == ExitStatus.config && error.description.contains("schema 99")
                && !error.description.contains("mediasearch-test") && !error.description.contains("\n")
        }
    }

    @Test("Lists live in the store: two instances changing them at once lose nothing (#61)")
    func listsAreSharedAndLoseNothing() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let a = PostgresLists(store: try await Self.open(cluster), payloadTypes: .none)
        let b = PostgresLists(store: try await Self.open(cluster), payloadTypes: .none)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        // Forty items kept at once, half through each instance, into one list and another.
        let added = try await withThrowingTaskGroup(of: Bool.self) { group in
            for n in 0..<40 {
                group.addTask {
                    let item = MediaItem(id: "\(n)", title: "Item \(n)", kind: "song", creator: "Band")
                    return try await (n.isMultiple(of: 2) ? a : b).add(
                        item, kind: "song", to: n < 30 ? "starred" : "to hear", at: start.addingTimeInterval(Double(n)))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(added.count == 40 && added.allSatisfy { $0 }, "every item new to its list")
        #expect(
            try await a.lists() == [ListSummary(name: "starred", count: 30), ListSummary(name: "to hear", count: 10)])
        let starred = try await b.items(in: "starred")
        #expect(starred.map(\.item.id) == (0..<30).reversed().map(String.init), "the latest added first")
        #expect(starred.first?.item.title == "Item 29" && starred.first?.item.creator == "Band", "the whole record")
        // Kept again: not new, and its place stays; taken off through the other instance.
        let again = MediaItem(id: "3", title: "Item 3 (remastered)", kind: "song")
        #expect(try await a.add(again, kind: "song", to: "starred", at: start.addingTimeInterval(100)) == false)
        #expect(try await b.remove(id: "5", kind: "song", from: "starred"))
        #expect(try await a.remove(id: "5", kind: "song", from: "starred") == false)
        let after = try await a.items(in: "starred")
        #expect(after.count == 29 && !after.contains { $0.item.id == "5" })
        #expect(after.first { $0.item.id == "3" }?.item.title == "Item 3 (remastered)")
        #expect(after.map(\.item.id).firstIndex(of: "3") == 25, "its place kept")
    }

    /// #75 item 5: a store of schema 2 (lists only as their items) is brought to 3 by the next
    /// instance that opens it: each list it holds is named, its items kept.
    @Test("Lists of schema 2 are carried over to schema 3")
    func listsOfSchemaTwoAreCarriedOver() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let old = try await Self.open(cluster)
        _ = try await PostgresLists(store: old, payloadTypes: .none).add(
            MediaItem(id: "1", title: "Kept", kind: "song"), kind: "song", to: "to hear",
            at: Date(timeIntervalSince1970: 1_700_000_000))
        // As schema 2 left it: no table of lists.
        try await old.client.query("DROP TABLE mediasearch_list_names")
        try await old.client.query("UPDATE mediasearch_schema SET version = 2")
        let lists = PostgresLists(store: try await Self.open(cluster), payloadTypes: .none)
        #expect(try await Self.scalar(lists.store, "SELECT version FROM mediasearch_schema") == 3)
        #expect(try await lists.lists() == [ListSummary(name: "to hear", count: 1)])
        #expect(try await lists.items(in: "to hear").map(\.item.title) == ["Kept"])
        // Named by the migration, not only by its item: emptied, it stays.
        #expect(try await lists.remove(id: "1", kind: "song", from: "to hear"))
        #expect(try await lists.lists() == [ListSummary(name: "to hear", count: 0)])
        _ = try await lists.add(
            MediaItem(id: "1", title: "Kept", kind: "song"), kind: "song", to: "to hear", at: Date())
        #expect(try await lists.create("to hear", at: Date()) == false, "the list is named: it is there")
        #expect(try await lists.rename("to hear", to: "heard"))
        #expect(try await lists.items(in: "heard").map(\.item.title) == ["Kept"])
    }

    @Test("A URL that can never work is exit 78 in one line, never with its password")
    func wrongURLs() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let good = try cluster.storeURL
        let port = good.port
        let wrong = [
            (
                "postgresql://postgres:hunter2@127.0.0.1:\(port)/mediasearch?sslmode=disable",
                "refused the user or password"
            ),
            ("postgresql://postgres:mediasearch-test@127.0.0.1:\(port)/nothere?sslmode=disable", "no such database"),
        ]
        // A name that does not resolve, told from the resolver's error (no test asks DNS: the
        // machine may have none).
        struct Resolver: Error, CustomStringConvertible { var description: String }
        #expect(PostgresStore.isUnknownHost(Resolver(description: "connect failed: Name or service not known")))
        #expect(!PostgresStore.isUnknownHost(Resolver(description: "connection refused")))
        for (text, reason) in wrong {
            let url = try StoreURL(parsing: text)
            do throws(MediaSearchError) {
                _ = try await PostgresStore.open(url, origin: "--store")
                Issue.record("\(reason): opened")
            } catch {
                #expect(error.exitStatus == ExitStatus.config)
                #expect(error.description.contains(reason), "\(error.description)")
                #expect(!error.description.contains("hunter2") && !error.description.contains("mediasearch-test"))
                #expect(error.description.hasPrefix("--store: postgresql://postgres:***@"), "\(error.description)")
            }
        }
        // A server that does not answer yet is not a wrong URL: the store starts down.
        try await cluster.stop()
        let lines = LinesSeen()
        let down = try await Self.open(cluster, report: lines.add)
        #expect(down.isDown)
        #expect(down.downNotice?.contains("is down (connection refused)") == true)
        #expect(!(down.downNotice ?? "").contains("mediasearch-test"))
        #expect(lines.all.count == 1)
    }

    @Test("An answer kept through one instance is a hit through another, within its time to live")
    func cacheIsShared() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let (a, b) = (try await Self.open(cluster), try await Self.open(cluster))
        let url = URL(string: "https://itunes.apple.com/search?term=jack&media=music")!
        let answer = HTTPResponse(status: 200, contentType: "text/javascript", body: Data("{\"resultCount\":0}".utf8))
        let throughA = PostgresResponseCache(store: a, ttl: 3600, maxBytes: 1 << 20)
        let throughB = PostgresResponseCache(store: b, ttl: 3600, maxBytes: 1 << 20)
        #expect(await throughB.cachedAnswer(for: url) == nil)
        try await throughA.keepAnswer(answer, for: url)
        #expect(await throughB.cachedAnswer(for: url)?.body == answer.body)
        // Past its time to live, an answer is a miss.
        #expect(await PostgresResponseCache(store: b, ttl: 0, maxBytes: 1 << 20).cachedAnswer(for: url) == nil)
        // Only 200 answers are kept.
        let other = URL(string: "https://itunes.apple.com/search?term=x")!
        try await throughA.keepAnswer(HTTPResponse(status: 503, body: Data("busy".utf8)), for: other)
        #expect(await throughB.cachedAnswer(for: other) == nil)
        #expect(try await throughB.removeAllAnswers() == 1)
        #expect(await throughA.cachedAnswer(for: url) == nil)
    }

    @Test("Past its size bound the shared cache drops its oldest answers, down to 90% of the bound")
    func cacheBound() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let store = try await Self.open(cluster)
        let cache = PostgresResponseCache(store: store, ttl: 3600, maxBytes: 100_000, trimEvery: 1)
        let body = Data(repeating: UInt8(ascii: "x"), count: 10_000)
        let size = "octet_length(body) + octet_length(key) + 64"
        var trims = 0
        var before = 0
        for index in 0..<30 {
            try await cache.keepAnswer(
                HTTPResponse(status: 200, body: body), for: URL(string: "http://h/search?n=\(index)")!)
            var kept: [Int] = []
            for try await key in try await store.client.query("SELECT key FROM mediasearch_responses").decode(
                String.self)
            {
                kept.append(Int(key.split(separator: "=").last!)!)
            }
            let total = try await Self.scalar(
                store, "SELECT sum(\(unescaped: size))::bigint FROM mediasearch_responses")
            let entry = try await Self.scalar(
                store, "SELECT max(\(unescaped: size))::bigint FROM mediasearch_responses")
            #expect(total <= 100_000, "after \(index + 1) answers")
            // Always the newest answers, with no gap: the oldest go first.
            #expect(kept.sorted() == Array((index + 1 - kept.count)...index), "after \(index + 1): \(kept.sorted())")
            if kept.count < before + 1 {
                trims += 1
                // A trim goes down to 90% of the bound, and no further than it must.
                #expect(total <= 90_000 && total + entry > 90_000, "after \(index + 1): \(total) bytes")
            }
            before = kept.count
        }
        #expect(trims >= 2, "the bound was passed more than once in 30 answers of 10 kB")
        let total = try await Self.scalar(
            store, "SELECT sum(octet_length(body) + octet_length(key) + 64)::bigint FROM mediasearch_responses")
        #expect(total <= 100_000)
        #expect(await cache.cachedAnswer(for: URL(string: "http://h/search?n=29")!) != nil)
        #expect(await cache.cachedAnswer(for: URL(string: "http://h/search?n=0")!) == nil)
    }

    @Test("Instances that share a store share each source's budget: never one request past it")
    func budgetIsShared() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let (a, b) = (try await Self.open(cluster), try await Self.open(cluster))
        let source = SourceBudget(name: "iTunes", key: "budget", limit: 20, window: 3600)
        let budgets = [PostgresBudget(store: a, budget: source), PostgresBudget(store: b, budget: source)]
        let decisions = await withTaskGroup(of: RequestBudget.Decision.self) { group in
            for index in 0..<30 { group.addTask { await budgets[index % 2].take(now: Date()) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(decisions.filter { $0 == .granted }.count == 20)
        // Another egress group has a budget of its own; a slot given back there (a request that
        // never left) is free again, and one given back that was never taken frees nothing.
        let elsewhere = try await Self.open(cluster, group: "second-address")
        let small = PostgresBudget(
            store: elsewhere, budget: SourceBudget(name: "iTunes", key: "budget", limit: 2, window: 3600))
        let first = Date()
        #expect(await small.take(now: first) == .granted)
        #expect(await small.take(now: Date()) == .granted)
        #expect(await small.take(now: Date()) != .granted)
        await small.giveBack(sentAt: first)
        await small.giveBack(sentAt: first.addingTimeInterval(-1))
        #expect(await small.take(now: Date()) == .granted)
        #expect(await small.take(now: Date()) != .granted)
        // A 403 through one instance holds every instance back.
        await budgets[0].noteRateLimited(now: Date())
        guard case .coolingDown = await budgets[1].take(now: Date()) else {
            Issue.record("no cool-down through the other instance")
            return
        }
    }

    /// S6: each instance once kept and aged the shared sends by its own clock, so one two hours
    /// ahead dropped everybody's as old and one behind rewrote them to its "now": 10 of 10 takes
    /// went through a budget of 5. The store's clock decides now; the instances' clocks are the
    /// times they pass (the time source the budget is handed), two hours apart, more than the window.
    @Test("A shared budget holds whatever the instances' clocks say (S6)", arguments: [7_200.0, -7_200.0])
    func budgetHoldsWhateverTheClocksSay(skew: Double) async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let (a, b) = (try await Self.open(cluster), try await Self.open(cluster))
        let source = SourceBudget(name: "iTunes", key: "budget", limit: 5, window: 3600)
        let (skewed, even) = (PostgresBudget(store: a, budget: source), PostgresBudget(store: b, budget: source))
        var grants: [(PostgresBudget, Date)] = []
        for index in 0..<10 {
            let (budget, now) = index % 2 == 0 ? (skewed, Date().addingTimeInterval(skew)) : (even, Date())
            if await budget.take(now: now) == .granted { grants.append((budget, now)) }
        }
        #expect(grants.count == 5, "\(grants.count) of 10 takes granted with one clock \(skew) s off")
        let stored = try await Self.scalar(a, "SELECT cardinality(sent)::bigint FROM mediasearch_budgets")
        #expect(stored == 5)
        // A slot given back by the skewed instance, by the time it asked at, is free again for the other.
        guard let (budget, sentAt) = grants.first(where: { $0.0.store === a }) else {
            Issue.record("the skewed instance was granted nothing")
            return
        }
        await budget.giveBack(sentAt: sentAt)
        #expect(await even.take(now: Date()) == .granted)
        #expect(await skewed.take(now: Date().addingTimeInterval(skew)) != .granted)
        for store in [a, b] { store.close() }
    }

    @Test("With the store down, each instance keeps to its share, and its requests count when it is back")
    func budgetWhileDown() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        // A time-out well inside the budget's window: each instance's first operation after the
        // stop waits one, and the window's first requests must still count after both.
        let (a, b) = (try await Self.open(cluster, timeout: 8), try await Self.open(cluster, timeout: 8))
        // Two servers: each counts among its group's instances.
        for store in [a, b] {
            store.keepAlive()
            await store.sayAlive()
        }
        let source = SourceBudget(name: "iTunes", key: "budget", limit: 20, window: 3600)
        let (budgetA, budgetB) = (PostgresBudget(store: a, budget: source), PostgresBudget(store: b, budget: source))
        var granted = 0
        let began = Date()
        for _ in 0..<3 where await budgetA.take(now: Date()) == .granted { granted += 1 }
        for _ in 0..<3 where await budgetB.take(now: Date()) == .granted { granted += 1 }
        #expect(granted == 6)
        try await cluster.stop()
        // Each knows of two instances, and allows for one more: each may send 20 / 3 = 6 in the
        // window, less what it saw sent.
        var whileDown = 0
        for budget in [budgetA, budgetB] {
            for _ in 0..<20 where await budget.take(now: Date()) == .granted { whileDown += 1 }
        }
        #expect(a.isDown && b.isDown)
        #expect(granted + whileDown <= 20, "\(granted) + \(whileDown)")
        #expect(whileDown == (6 - 3) + (6 - 6), "A saw its own 3; B saw A's 3 and its own 3")
        try await cluster.restart()
        // Back: each instance tries the store again on its next take (a busy machine may need a
        // few); what each sent meanwhile is then in the shared window.
        var after = 0
        for budget in [budgetA, budgetB] {
            for _ in 0..<100 {
                // While still down, its share is spent: a take is a wait, and nothing is counted.
                let decision = await budget.take(now: Date())
                if !budget.store.isDown {
                    if decision == .granted { after += 1 }
                    break
                }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        #expect(!a.isDown && !b.isDown, "\(a.downNotice ?? "") \(b.downNotice ?? "")")
        #expect(after == 2, "one take each once back")
        let sent = try await Self.scalar(a, "SELECT cardinality(sent)::bigint FROM mediasearch_budgets")
        var row = ""
        for try await text in try await a.client.query("SELECT sent::text FROM mediasearch_budgets").decode(String.self)
        {
            row = text
        }
        // Every request sent while the store was down is in the shared window now (without that,
        // the window would hold 6 + 2), and the window never passes the limit.
        #expect(
            sent >= granted + whileDown && sent <= 20,
            "\(granted) before, \(whileDown) while down, \(after) now: \(row), began \(began.timeIntervalSince1970)")
        #expect(a.downNotice == nil)
    }

    @Test("One-shot commands are not instances, and a share is never 0 while the budget has room (#39)")
    func oneShotCommandsAreNotInstances() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let server = try await Self.open(cluster, timeout: 8)
        server.keepAlive()
        await server.sayAlive()
        // Five one-shot commands open the store and take from the budget, as `search` does.
        let source = SourceBudget(name: "iTunes", key: "budget", limit: 2, window: 3600)
        for _ in 0..<5 {
            let command = try await Self.open(cluster, timeout: 8)
            _ = await PostgresBudget(store: command, budget: source).take(now: Date())
            command.close()
        }
        #expect(try await Self.scalar(server, "SELECT count(*)::bigint FROM mediasearch_instances") == 1)
        // Many instances, a small budget: with the store down, each may still send one.
        let crowded = try await Self.open(cluster, timeout: 8)
        for index in 0..<5 {
            try await server.client.query(
                "INSERT INTO mediasearch_instances (id, egress, seen_at) VALUES (\("other-\(index)"), 'default', \(Date().timeIntervalSince1970))"
            )
        }
        crowded.keepAlive()
        await crowded.sayAlive()
        #expect(crowded.instancesAlive == 7)
        let fresh = SourceBudget(name: "Deezer", key: "deezer", limit: 3, window: 3600)
        let budget = PostgresBudget(store: crowded, budget: fresh)
        try await cluster.stop()
        var granted = 0
        for _ in 0..<3 where await budget.take(now: Date()) == .granted { granted += 1 }
        #expect(crowded.isDown)
        #expect(granted == 1, "3 / 8 instances rounds to 0; a share is at least 1")
        for store in [server, crowded] { store.close() }
    }

    /// S9: any error once marked the store down for seconds, so one refused statement (bad data
    /// from a source) kept the instance off its store. A refusal costs its operation and one line.
    @Test("A statement the server refuses costs that operation and a notice, not the store's health")
    func aRefusedStatementLeavesTheStoreUp() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let lines = LinesSeen()
        let store = try await Self.open(cluster, report: lines.add)
        let refused = await store.perform { client in
            try await client.withTransaction(logger: PostgresStore.quiet) { connection in
                try await connection.query("SELECT 1 / 0", logger: PostgresStore.quiet)
            }
        }
        #expect(refused == nil)
        #expect(!store.isDown, "\(store.downNotice ?? "")")
        #expect(lines.all.count == 1 && lines.all[0].contains("22012"), "\(lines.all)")
        #expect(try await Self.scalar(store, "SELECT 1::bigint") == 1)
        store.close()
    }

    @Test("A store that hangs costs one time-out, then nothing until it is tried again")
    func hungStore() async throws {
        let cluster = try await PostgresCluster.start()
        cluster.removeAtEnd()
        let lines = LinesSeen()
        // Tried again 5 s after it went down: the second call below would have to stall that long
        // to be a try (and a time-out) of its own.
        let store = try await Self.open(cluster, timeout: 1.5, retryAfter: 5, report: lines.add)
        let cache = PostgresResponseCache(store: store, ttl: 600, maxBytes: 1 << 20)
        let url = URL(string: "http://h/search?term=a")!
        // Kept through another instance with a generous time-out: the machine may be busy.
        let writer = PostgresResponseCache(store: try await Self.open(cluster), ttl: 600, maxBytes: 1 << 20)
        try await writer.keepAnswer(HTTPResponse(status: 200, body: Data("a".utf8)), for: url)
        #expect(await writer.cachedAnswer(for: url) != nil)
        try await cluster.pause()
        let clock = ContinuousClock()
        let first = await clock.measure { #expect(await cache.cachedAnswer(for: url) == nil) }
        let second = await clock.measure { #expect(await cache.cachedAnswer(for: url) == nil) }
        // One time-out, then no wait for the store: less than one time-out.
        #expect(first < .seconds(5), "a speed bound: one 1.5 s time-out, not a hang: \(first)")
        #expect(second < .milliseconds(1_500), "a speed bound: no second time-out, the store is skipped: \(second)")
        #expect(store.isDown)
        try await cluster.resume()
        try await Task.sleep(for: .milliseconds(5_100))
        var back = false
        for _ in 0..<75 where !back {
            back = await cache.cachedAnswer(for: url) != nil
            if !back { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(back, "\(store.downNotice ?? "")")
        #expect(lines.all.first?.contains("is down") == true, "\(lines.all)")
        #expect(lines.all.last?.contains("is back") == true, "\(lines.all)")
    }
}

/// Lines a store reported, as a server's log would have them.
final class LinesSeen: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func add(_ line: String) { lines.withLock { $0.append(line) } }
}
#endif
