import AsyncHTTPClient
import Foundation
import MediaSearchFixtures
import TestSlots
import Testing

/// The command line writes each source's results as it answers (#59). The late source here is
/// held by the fixture server until the test has seen the others' lines, so nothing depends on
/// the machine's speed: a search that waited for every source would write nothing while it is
/// held, and fail.
@Suite("Results as each source answers, end to end", .slots, .tags(.e2e))
struct StreamingTests {
    /// Starts `mediasearch` with the arguments, its output piped; the caller reads and ends it.
    static func launch(
        _ harness: Harness, _ arguments: [String], kinds: [String]
    ) throws -> (process: ChildProcess, out: Pipe, err: Pipe) {
        let config = try harness.runner.write("kinds: [\(kinds.joined(separator: ", "))]\n", to: "streaming.yaml")
        let process = ChildProcess()
        process.executableURL = harness.runner.executable
        process.arguments = arguments
        process.environment = harness.runner.environment(harness.variables(["MEDIASEARCH_CONFIG": config]))
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    static func object(_ line: some StringProtocol) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }

    @Test func jsonLinesOfTheFastSourcesComeWhileASlowOneIsHeld() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let gate = FaultGate()
        defer { gate.open() }
        await harness.server.inject(FaultRule(path: "/json/stations/search", fault: .hold(gate)))
        let (process, out, err) = try Self.launch(
            harness, ["search", "klara", "--format", "jsonl"], kinds: ["song", "movie", "radio"])
        process.endsWithTheTest()
        process.watchdog(seconds: 90) { true }
        let first = await out.firstLine()
        let record = try #require(Self.object(first), "the first line: \(first)")
        #expect(["song", "movie"].contains(record["kind"] as? String), "\(record["kind"] ?? "none")")
        #expect(process.isRunning, "the search still waits for the radio")
        // The radio was asked, and is held (its request may reach the server a moment after the songs').
        var asked = 0
        for _ in 0..<3000 where asked == 0 {
            asked = await harness.server.requests().filter { $0.path == "/json/stations/search" }.count
            if asked == 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(asked == 1, "the radio was asked once, and is held")
        #expect(process.isRunning, "the search still waits for the radio")
        gate.open()
        #expect(try await process.exits(within: 60))
        let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let records = ([first] + rest.split(separator: "\n").map(String.init)).compactMap(Self.object)
        let ids = records.compactMap { $0["id"] as? String }
        #expect(
            process.terminationStatus == 0,
            "\(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        #expect(ids.count == Set(ids).count, "no result is written twice")
        #expect(records.contains { $0["kind"] as? String == "radio" }, "the radio's stations follow")
        // `show --result N` opens the Nth line written, the late source's included.
        let config = harness.runner.home.appendingPathComponent("streaming.yaml").path
        for number in [1, ids.count] {
            let shown = try await harness.run(
                ["show", "--result", String(number), "--format", "json"], environment: ["MEDIASEARCH_CONFIG": config])
            let document = try #require(Self.object(shown.stdout), "\(shown.stderr)")
            #expect(document["id"] as? String == ids[number - 1], "result \(number)")
        }
    }

    /// A late source that has a work already written joins it with an update line (its kind, id
    /// and number as written, and every source), never a second result.
    @Test func aLateSourceOfAWorkWrittenIsAnUpdateLine() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let gate = FaultGate()
        defer { gate.open() }
        await harness.server.inject(FaultRule(path: "/musicbrainz/ws/2/recording", fault: .hold(gate)))
        let (process, out, _) = try Self.launch(
            harness, ["search", "harder", "better", "--kind", "song", "--format", "jsonl"],
            kinds: ["deezer", "musicbrainz"])
        process.endsWithTheTest()
        process.watchdog(seconds: 90) { true }
        let first = await out.firstLine()
        let written = try #require(Self.object(first), "the first line: \(first)")
        #expect(written["kind"] as? String == "deezer-song")
        gate.open()
        #expect(try await process.exits(within: 60))
        let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = rest.split(separator: "\n").compactMap(Self.object)
        let updates = lines.filter { $0["update"] != nil }
        let update = try #require(updates.first, "an update line: \(rest)")
        // Every line is a result or an update, as the search schema says.
        let schema = try SchemaValidator.load("search.schema.json")
        #expect(schema.errors(update, definition: "update") == [])
        #expect(schema.errors(written, definition: "result") == [])
        var broken = update
        broken["update"] = ["result": 0, "kind": "deezer-song"]
        #expect(schema.errors(broken, definition: "update").count >= 1, "the schema refuses an update without its id")
        let target = update["update"] as? [String: Any]
        #expect(target?["kind"] as? String == "deezer-song" && target?["id"] as? String == written["id"] as? String)
        #expect(target?["result"] as? Int == 1)
        let sources = (update["sources"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }
        #expect(Set(sources) == ["Deezer", "MusicBrainz"], "\(sources)")
        #expect(!lines.contains { $0["kind"] as? String == "musicbrainz" }, "the work is not written twice")
    }

    /// The JSON API's `format=jsonl`: the same lines, then an `end` line with every source.
    @Test func theAPIsJsonLinesEndWithEverySource() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let gate = FaultGate()
        defer { gate.open() }
        await harness.server.inject(FaultRule(path: "/json/stations/search", fault: .hold(gate)))
        let (process, out, _) = try Self.launch(harness, ["serve", "--port", "0"], kinds: ["song", "radio"])
        process.endsWithTheTest()
        process.watchdog(seconds: 90) { true }
        let banner = await out.firstLine()
        let base = try #require(banner.firstMatch(of: /(http:\/\/127\.0\.0\.1:\d+)/)?.1)
        let request = HTTPClientRequest(url: "\(base)/api/search?q=jack&format=jsonl")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        #expect(response.headers.first(name: "content-type")?.hasPrefix("application/x-ndjson") == true)
        var body = response.body.makeAsyncIterator()
        var text = ""
        while !text.contains("\n"), let buffer = try await body.next() { text += String(buffer: buffer) }
        let first = try #require(text.split(separator: "\n").first)
        #expect(Self.object(first)?["kind"] as? String == "song", "a song while the radio is held: \(first)")
        gate.open()
        while let buffer = try await body.next() { text += String(buffer: buffer) }
        let rest = text.split(separator: "\n").compactMap(Self.object)
        let end = try #require(rest.last?["end"] as? [String: Any], "\(rest.last ?? [:])")
        let kinds = (end["providers"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(Set(kinds) == ["song", "radio"])
        #expect(end["total"] as? Int == rest.filter { $0["id"] != nil }.count)
    }
}
