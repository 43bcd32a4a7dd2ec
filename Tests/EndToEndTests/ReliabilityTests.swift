import Foundation
import MediaSearchCore
import MediaSearchFixtures
import TestSlots
import Testing

/// Fault injection against the loopback server: every fault gives a clear per-provider error,
/// the right exit code, and leaves history and cache valid.
@Suite("Reliability, end to end", .serialized, .slotsFirst, .tags(.e2e))
struct ReliabilityTests {
    /// A time-out short enough that time-out faults end in seconds, long enough that the healthy
    /// kinds (loopback answers in milliseconds) never miss it on a machine loaded by other work.
    static let fastConfig = CommandRunner.userConfiguration + "providers:\n  itunes: {timeout: 8}\n"

    /// Every caller has run at least one successful search: its history and its cached answers
    /// must be there, and valid.
    func assertFilesValid(_ harness: Harness) throws {
        let state = harness.runner.home.appendingPathComponent("state/mediasearch/history.json")
        let data = try #require(FileManager.default.contents(atPath: state.path), "history.json is missing")
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "history.json is not valid JSON")
        let mode = try FileManager.default.attributesOfItem(atPath: state.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The answers and the request budgets are rows of one database (each body checked
        // against its checksum when read); no file of an answer or a budget lies beside it.
        let cache = harness.runner.home.appendingPathComponent("cache/mediasearch")
        let usage = ResponseCache(directory: cache.path, ttl: 3_600, maxBytes: 50 << 20).usage()
        #expect((usage?.entries ?? 0) > 0, "no answer was cached")
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
            #expect(
                name.hasPrefix("responses.sqlite") || name == "flights.lock",
                "stray file \(name)")
        }
    }

    /// `cache.max_size_mb` reaches the response cache (#58): the same searches that fill more than
    /// a megabyte with the default size keep under it once the config says 1.
    @Test func theResponseCacheKeepsToTheSizeTheConfigSets() async throws {
        var routes = FixtureRoutes.default
        routes.fillToLimit = true
        let harness = try await Harness.start(routes: routes)
        TestLifetime.stopAtEnd { await harness.stop() }
        let cache = harness.runner.home.appendingPathComponent("cache/mediasearch").path
        func searchAll(_ config: String) async throws -> (entries: Int, bytes: Int) {
            for term in ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"] {
                let result = try await harness.run([
                    "search", term, "--kind", "song", "--limit", "200", "--config", config, "--format", "json",
                ])
                #expect(result.status == 0, "\(result.stderr)")
            }
            return try #require(ResponseCache(directory: cache, ttl: 3_600, maxBytes: 50 << 20).usage())
        }
        let roomy = try harness.runner.write("kinds: [song]\n", to: "roomy.yaml")
        let filled = try await searchAll(roomy)
        #expect(filled.entries == 6 && filled.bytes > 1 << 20, "the searches keep more than a megabyte: \(filled)")
        #expect(try await harness.run(["cache", "clear"]).status == 0)
        let small = try harness.runner.write("kinds: [song]\ncache:\n  max_size_mb: 1\n", to: "small.yaml")
        let kept = try await searchAll(small)
        #expect(kept.entries > 0 && kept.bytes <= 1 << 20, "the cache keeps to its megabyte: \(kept)")
    }

    @Test(arguments: [
        ("truncated", Fault.body(#"{"resultCount":5,"results":[{"wrapperType":"track""#), "not valid JSON"),
        ("garbage", Fault.body("\u{0}\u{1}garbage\u{FF}"), "not valid JSON"),
        ("empty", Fault.body(""), "empty"),
        ("html", Fault.body("<!DOCTYPE html><html>Error</html>", contentType: "text/html"), "HTML page"),
        ("huge", Fault.huge(bytes: 20 * 1_048_576), "larger than 8 MiB"),
        // The drip takes 15 s and the delay 30 s: both well past the 8 s time-out.
        ("drip", Fault.drip(bytesPerChunk: 2, interval: .seconds(1)), "no answer from iTunes within"),
        ("slow", Fault.delay(.seconds(30)), "no answer from iTunes within"),
        ("reset", Fault.reset, "network error"),
        ("503", Fault.status(503), "HTTP 503"),
    ])
    func aFaultyProviderFailsAloneWithAClearMessage(name: String, fault: Fault, message: String) async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(Self.fastConfig, to: "fast.yaml")
        let (warm, _) = try await harness.searchJSON(["first", "--config", config])
        #expect(warm.status == 0)
        await harness.server.inject(FaultRule(path: "/search", query: ["media": "podcast"], fault: fault))
        let (result, document) = try await harness.searchJSON(["second", "--config", config])
        #expect(result.status == 3, "\(name): \(result.stderr)")
        let podcast = try #require(document.providers.first { $0["kind"] as? String == "podcast" })
        let error = try #require(podcast["error"] as? String, "\(name)")
        #expect(error.contains(message), "\(name): \(error)")
        for word in ["errno", "descriptor", "NIO", "HTTPClientError", "Domain="] {
            #expect(!error.contains(word), "\(name): \(error)")
        }
        #expect(document.kinds == ["song", "movie", "audiobook"])
        #expect(result.stderr.contains("podcast: "))
        #expect(!result.stderr.contains("Fatal error"))
        try assertFilesValid(harness)
        let history = try await harness.run(["history", "--format", "json"])
        #expect(history.stdout.contains("second") && history.stdout.contains("first"))
    }

    @Test func transientServerErrorsAreRetried() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        await harness.server.inject(
            FaultRule(path: "/search", query: ["media": "movie"], fault: .status(500), times: 2))
        let (result, document) = try await harness.searchJSON(["x", "--kind", "movie"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(document.results.count == 7)
        #expect(await harness.server.requests().count == 3)
    }

    @Test func a400IsNotRetried() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        await harness.server.inject(
            FaultRule(fault: .status(400, body: #"{"errorMessage":"Invalid value(s) for key(s): [country]"}"#)))
        let result = try await harness.run(["search", "x", "--kind", "song", "--country", "zz"])
        #expect(result.status == 69)
        #expect(result.stderr == "mediasearch: song: iTunes rejected the request: invalid value for country\n")
        let sent = await harness.server.requests().map(\.rawQuery)
        #expect(sent.count == 1, "\(sent)")
    }

    @Test func rateLimitCoolsDownEveryProviderAndProcess() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        await harness.server.inject(FaultRule(path: "/search", fault: .status(429), times: 1))
        let (first, _) = try await harness.searchJSON(["x"])
        #expect(first.status == 3 || first.status == 69, "\(first.status): \(first.stderr)")
        #expect(first.stderr.contains("rate-limit"))
        let before = await harness.server.requests().count
        let second = try await harness.run(["search", "other"])
        #expect(second.status == 69)
        #expect(second.stderr.contains("rate-limited this client recently"))
        #expect(await harness.server.requests().count == before)
    }

    @Test func aRepeatedSearchIsAnsweredFromTheCache() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (first, firstDocument) = try await harness.searchJSON(["jack"])
        #expect(first.status == 0)
        #expect(await harness.server.requests().count == 4)
        let (second, secondDocument) = try await harness.searchJSON(["jack"])
        #expect(second.status == 0)
        #expect(await harness.server.requests().count == 4)
        #expect(secondDocument.results.count == firstDocument.results.count)
        _ = try await harness.searchJSON(["jack", "--refresh"])
        #expect(await harness.server.requests().count == 8)
        _ = try await harness.searchJSON(["jack", "--no-cache"])
        #expect(await harness.server.requests().count == 12)
        let cleared = try await harness.run(["cache", "clear"])
        #expect(cleared.stdout == "Removed 4 cached responses.\n")
        _ = try await harness.searchJSON(["jack"])
        #expect(await harness.server.requests().count == 16)
        try assertFilesValid(harness)
    }

    @Test func failuresAreNeverCachedAndCorruptEntriesAreReplaced() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        await harness.server.inject(FaultRule(path: "/search", fault: .status(503), times: 3))
        let failed = try await harness.run(["search", "x", "--kind", "song"])
        #expect(failed.status == 69)
        let (ok, document) = try await harness.searchJSON(["x", "--kind", "song"])
        #expect(ok.status == 0)
        #expect(document.results.count == 5)
        // The cache's file and its log overwritten: not a database, so made anew.
        let file = harness.runner.home.appendingPathComponent("cache/mediasearch/responses.sqlite").path
        for path in [file, file + "-wal"] where FileManager.default.fileExists(atPath: path) {
            try Data(repeating: UInt8(ascii: "g"), count: 70_000).write(to: URL(fileURLWithPath: path))
        }
        let count = await harness.server.requests().count
        let (again, _) = try await harness.searchJSON(["x", "--kind", "song"])
        #expect(again.status == 0)
        #expect(await harness.server.requests().count == count + 1)
        try assertFilesValid(harness)
    }

    @Test func theBudgetIsNeverCrossed() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(
            CommandRunner.userConfiguration + "providers:\n  itunes: {rate_limit: 3/min}\n", to: "budget.yaml")
        let (result, document) = try await harness.searchJSON(["x", "--no-wait", "--config", config])
        #expect(result.status == 3)
        #expect(await harness.server.requests().count == 3)
        let failed = document.providers.compactMap { $0["error"] as? String }
        #expect(failed.count == 1)
        #expect(failed.first?.contains("request budget is spent") == true)
        #expect(result.stderr.contains("(without --no-wait, mediasearch waits)"), "\(result.stderr)")
    }

    @Test func thirtyProcessesAtOnceStayInBudgetAndKeepFilesValid() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        // Thirty debug binaries on two cores are slow to start and to answer: a time-out long
        // enough that the load alone never fails a request, so every count below is exact.
        let config = try harness.runner.write(
            "kinds: [song, movie]\nhistory:\n  size: 50\nproviders:\n  itunes: {timeout: 120, rate_limit: 20/min}\n",
            to: "c.yaml")
        let results = try await withThrowingTaskGroup(of: CommandRunner.Result.self) { group in
            for n in 0..<30 {
                group.addTask {
                    try await harness.run(
                        ["search", "term \(n)", "--no-wait", "--config", config, "--format", "json"], timeout: 300)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(await harness.server.requests().count == 20)
        #expect(results.allSatisfy { [0, 3, 69].contains($0.status) })
        // Every request the budget let through answered one provider: 20 successes in all. A
        // process whose every request was refused answers from the offline library instead.
        let documents = results.compactMap { result in
            try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        }
        #expect(documents.count == 30)
        let online = documents.filter { $0["offline"] is NSNull }
        let answered = online.flatMap(\.providers)
        #expect(answered.filter { $0["error"] is NSNull }.count == 20)
        #expect(documents.filter { $0["offline"] is [String: Any] }.allSatisfy { $0.providers.count == 2 })
        try assertFilesValid(harness)
        // Thirty processes wrote the one cache file at once: each of the 20 answers is in it.
        let cache = ResponseCache(
            directory: harness.runner.home.appendingPathComponent("cache/mediasearch").path, ttl: 3_600,
            maxBytes: 50 << 20)
        #expect(cache.usage()?.entries == 20, "an answer a process fetched was not kept")
        let history = try await harness.run(["history", "--format", "json", "--config", config])
        let object = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [String: [String]]
        let succeeded = online.filter { $0.providers.contains { $0["error"] is NSNull } }.count
        #expect(object?["history"]?.count == succeeded, "fallbacks are not searches to suggest again")
    }

    @Test func ctrlCExits130AndKeepsHistory() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        _ = try await harness.searchJSON(["kept"])
        await harness.server.inject(FaultRule(fault: .delay(.seconds(20))))
        let process = ChildProcess()
        process.executableURL = harness.runner.executable
        process.arguments = ["search", "interrupted"]
        process.environment = harness.runner.environment(["MEDIASEARCH_ITUNES_URL": harness.server.baseURL])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.endsWithTheTest()
        // Interrupt once the search is under way (its handler is installed before any request),
        // however long a debug binary takes to start on a loaded machine.
        let asked = Date().addingTimeInterval(30)
        while await !harness.server.requests().contains(where: { $0.query["term"] == "interrupted" }), Date() < asked {
            try await Task.sleep(for: .milliseconds(20))
        }
        process.interrupt()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 130)
        let history = try await harness.run(["history"])
        #expect(history.stdout == "1. kept\n")
        try assertFilesValid(harness)
    }

    @Test(arguments: [
        "a&b=c#d", "100% + 1/2", "\"quotes\" 'and' more", "🎸 guitar", "桜", "שלום",
        String(repeating: "long ", count: 1000),
        "tab\tand\u{7}bell",
    ])
    func hostileTermsMakeCorrectRequests(term: String) async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (result, _) = try await harness.searchJSON([term, "--kind", "song"])
        #expect(result.status == 0, "\(result.stderr)")
        let sent = try #require(await harness.server.requests().first)
        #expect(sent.query["term"] == term.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
