import ExternalProviders
import Foundation
import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchKit
import TestSlots
import Testing

/// One contract, checked for every source (``Conformance``): each built-in provider, and the
/// described source and the program the provider guide shows, against the fixture server's
/// recordings; then, for each source over HTTP, the answers a source may give on a bad day.
@Suite("The provider contract", .slots, .tags(.e2e))
struct ConformanceTests {
    /// One provider to check: its kind, a term its recordings answer, and where its searches go
    /// (path and term parameter) so a fault can be aimed at them.
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: String
        var term: String
        var path: String?
        var termKey: String?
        /// What the source puts before the term in its request (LibriVox's `^`, a prefix match).
        var termPrefix = ""
        var testDescription: String { kind }
    }

    static let cases: [Case] = [
        Case(kind: "song", term: "jack johnson", path: "/search", termKey: "term"),
        Case(kind: "movie", term: "jack johnson", path: "/search", termKey: "term"),
        Case(kind: "audiobook", term: "jack johnson", path: "/search", termKey: "term"),
        Case(kind: "podcast", term: "jack johnson", path: "/search", termKey: "term"),
        Case(kind: "podcast-episode", term: "jack johnson", path: "/search", termKey: "term"),
        Case(kind: "music-video", term: "jack johnson", path: "/search", termKey: "term"),
        Case(kind: "album", term: "jack johnson", path: "/search", termKey: "term"),
        Case(kind: "deezer-song", term: "soliloquy", path: "/deezer/search", termKey: "q"),
        Case(kind: "deezer-album", term: "daft punk", path: "/deezer/search/album", termKey: "q"),
        Case(kind: "radio", term: "klara", path: "/json/stations/search", termKey: "name"),
        Case(kind: "tv", term: "silicon valley", path: "/tvmaze/search/shows", termKey: "q"),
        Case(kind: "musicbrainz", term: "thinking out loud", path: "/musicbrainz/ws/2/recording", termKey: "query"),
        Case(kind: "musicbrainz-album", term: "ed sheeran", path: "/musicbrainz/ws/2/release", termKey: "query"),
        Case(
            kind: "librivox", term: "all", path: "/librivox/api/feed/audiobooks", termKey: "title", termPrefix: "^"),
        Case(kind: "openlibrary", term: "time war", path: "/openlibrary/search.json", termKey: "q"),
        // The guide's `type: json` example (TVmaze) and its program (Project Gutenberg).
        Case(kind: "shows", term: "silicon valley", path: "/tvmaze/search/shows", termKey: "q"),
        Case(kind: "gutenberg", term: "austen"),
    ]

    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The guide's `type: json` example, as docs/providers.md shows it.
    static func guideExample() throws -> String {
        let guide = try String(contentsOf: root.appendingPathComponent("docs/providers.md"), encoding: .utf8)
        let blocks = guide.components(separatedBy: "```yaml\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
        return try #require(blocks.first { $0.contains("type: json") }, "the guide shows a type: json source")
    }

    /// The fixture server, every provider to check, and a session over them (cache and library
    /// off: every check asks the source).
    struct World {
        let server: FixtureServer
        let providers: [any MediaProvider]
        let configuration: Configuration
        let paths: StoragePaths
        let home: URL

        static func start() async throws -> World {
            let server = try await FixtureServer.start(routes: .default)
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID())")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let file = home.appendingPathComponent("config.yaml")
            try Data(try ConformanceTests.guideExample().utf8).write(to: file)
            var configuration = try ConformanceTests.load(file.path)
            // Every source where the fixture server has it, and the guide's own TVmaze source.
            for (source, path) in SourceVariables.sources + [("shows", "/tvmaze")] {
                configuration.sourceURLs[source] = URL(string: server.baseURL + path)
            }
            configuration.cacheEnabled = false
            configuration.libraryEnabled = false
            let program = ExternalProviders.Command(
                name: "gutenberg",
                command: [
                    ConformanceTests.root.appendingPathComponent(
                        "Examples/ExternalProvider/mediasearch-provider-gutenberg"
                    ).path
                ])
            let programs = await ExternalProviders.providers(
                [program], describing: { _ in true }, cacheFile: home.appendingPathComponent("programs.json").path)
            return World(
                server: server, providers: BuiltInProviders.all + configuration.configuredProviders + programs,
                configuration: configuration,
                paths: StoragePaths(stateDirectory: home.path + "/state", cacheDirectory: home.path + "/cache"),
                home: home)
        }

        func session(timeout: Double? = nil) -> SearchSession {
            var configuration = configuration
            if let timeout {
                for source in Set(providers.map(\.source)) { configuration.sourceTimeouts[source] = timeout }
            }
            var session = SearchSession(providers: providers, configuration: configuration, paths: paths)
            session.recordsHistory = false
            session.savesLastResults = false
            return session
        }

        func stop() async {
            await server.stop()
            try? FileManager.default.removeItem(at: home)
        }
    }

    static func load(_ path: String) throws(MediaSearchError) -> Configuration {
        try ConfigurationLoader.load(path: path, environment: [:], sourceTypes: BuiltInProviders.sourceTypes)
    }

    @Test(arguments: cases)
    func everySourceKeepsTheContract(_ source: Case) async throws {
        let world = try await World.start()
        TestLifetime.stopAtEnd { await world.stop() }
        let provider = try #require(world.providers.first { $0.kind == source.kind }, "no provider \(source.kind)")
        let results = await Conformance(term: source.term, patience: 60).run(provider, in: world.session())
        #expect(results.map(\.check) == Conformance.checks)
        // Every request introduces itself (MusicBrainz turns away clients that do not).
        let agents = Set(await world.server.requests().map { $0.userAgent ?? "none" })
        #expect(source.path == nil || agents == [MediaSearchVersion.userAgent], "\(agents)")
        for result in results {
            #expect(!result.failed, "\(source.kind): \(result.check): \(result.outcome)")
            if case .skipped(let why) = result.outcome {
                #expect(result.check == "paging", "\(source.kind): \(result.check) skipped: \(why)")
            }
        }
    }

    /// A source over HTTP that answers 4xx, 5xx, garbage, nothing, or too late costs that search one
    /// line of error, never a crash, a hang or another kind of failure; a 429 (last: it starts the
    /// source's cool-down) too.
    @Test(arguments: cases.filter { $0.path != nil })
    func aSourceOnABadDayIsOneLineOfError(_ source: Case) async throws {
        let world = try await World.start()
        TestLifetime.stopAtEnd { await world.stop() }
        let provider = try #require(world.providers.first { $0.kind == source.kind })
        let path = try #require(source.path)
        let key = try #require(source.termKey)
        let faults: [(String, Fault)] = [
            ("500", .status(500)), ("404", .status(404, body: "<html>not here</html>")),
            ("400", .status(400, body: "{}")), ("garbage", .body("<html>this is not json", contentType: "text/html")),
            ("reset", .reset), ("late", .delay(.seconds(8))), ("429", .status(429)),
        ]
        let checker = Conformance(term: source.term, patience: 60)
        for (name, fault) in faults {
            let term = "fault \(name)"
            await world.server.inject(FaultRule(path: path, query: [key: source.termPrefix + term], fault: fault))
            // One second per request for the late answer; the others as configured.
            let session = world.session(timeout: name == "late" ? 1 : nil)
            do {
                let items = try await checker.search(provider, session, term: term, limit: 5)
                Issue.record("\(source.kind): a \(name) answer gave \(items.count) items and no error")
            } catch let error as MediaSearchError {
                #expect(!error.description.contains("\n"), "\(source.kind), \(name): \(error.description)")
                if case .deadlineExceeded = error { Issue.record("\(source.kind), \(name): hung") }
                if case .cancelled = error { Issue.record("\(source.kind), \(name): cancelled") }
            } catch {
                Issue.record("\(source.kind), \(name): \(type(of: error)) \(error)")
            }
        }
    }

    /// `mediasearch providers check` fails a program that breaks one rule on that rule's line
    /// alone (#58): each flaw of `Tests/Programs/flawed-provider`, and none for the program
    /// without one. A program cannot hang a check or ignore its cancellation: the engine times
    /// it out and stops it, so those two rules are shown to bite in process
    /// (`ConformanceBiteTests`). Nor can a program's error be of many lines (the engine keeps the
    /// last line of its stderr, cleaned): the hostile check's one-line rule is shown in process
    /// too, by a Swift provider's error of two lines (`errsInManyLines`).
    @Test func providersCheckFailsAProgramOnTheRuleItBreaks() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let program = Self.root.appendingPathComponent("Tests/Programs/flawed-provider").path
        let flaws = [
            ("none", nil), ("first-answer-repeats-an-id", "search"), ("ignores-the-offset", "paging"),
            ("forgets-what-it-listed", "lookup"), ("unknown-id-is-an-error", "not found"),
            ("fails-without-explicit", "explicit"), ("breaks-on-markup", "hostile text"),
            ("one-at-a-time", "several at once"),
        ]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (flaw, check) in flaws {
                group.addTask {
                    let folder = harness.runner.home.appendingPathComponent("state-\(flaw)").path
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    let name = "flawed-\(flaw)"
                    let config = try harness.runner.write(
                        """
                        kinds: [\(name)]
                        providers:
                          \(name): {type: command, command: [python3, "\(program)", \(flaw), "\(folder)"]}

                        """, to: "\(flaw).yaml")
                    let result = try await harness.run(
                        ["providers", "check", name, "--config", config], environment: ["PATH": "/usr/bin:/bin"],
                        timeout: 120)
                    let failed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL  ") }.map {
                        String($0.dropFirst("FAIL  \(name): ".count).prefix { $0 != ":" })
                    }
                    #expect(failed == (check.map { [$0] } ?? []), "\(flaw): \(result.stdout)\(result.stderr)")
                    #expect(result.status == (check == nil ? 0 : 1), "\(flaw): \(result.stderr)")
                }
            }
            try await group.waitForAll()
        }
    }

    /// `mediasearch providers check` runs the same checks against a live source: the guide's
    /// examples keep the contract, and a broken copy of each fails with a clear line and exit 1.
    @Test func providersCheckPassesTheGuidesExamplesAndFailsBrokenCopies() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let example = try Self.guideExample()
        // At the fixture server, with a budget the checks do not wait for (TVmaze's 20 per 10 s
        // would make them wait, as they should against the real API).
        let described = example.replacingOccurrences(
            of: "    rate_limit: 20/10s",
            with: "    rate_limit: 1000/10s\n    base_url: \"\(harness.server.baseURL)/tvmaze\"")
        #expect(described != example)
        let good = try harness.runner.write(described, to: "good.yaml")
        // `providers` names the source by its own `name:`, not by its key.
        let listed = try await harness.run(["providers", "--config", good])
        #expect(listed.stdout.contains("shows  TV shows  tv-show from TV shows  enabled"), "\(listed.stdout)")
        // Its own example term (`example:` in the guide's description), unless told another.
        let kept = try await harness.run(["providers", "check", "shows", "--config", good])
        #expect(kept.status == 0, "\(kept.stdout)\(kept.stderr)")
        #expect(kept.stderr.contains("checking shows with 'silicon valley'"), "\(kept.stderr)")
        #expect(kept.stdout.hasSuffix("shows: passed (9 checks)\n"), "\(kept.stdout)")
        // A kind of media names its providers, as `--kind` takes it (it was "unknown kind 'book';
        // did you mean 'book'?").
        let book = try await harness.run(["providers", "check", "book", "--term", "time war"])
        #expect(book.status == 0 && book.stdout.hasSuffix("openlibrary: passed (9 checks)\n"), "\(book)")
        let noExample = try harness.runner.write(
            described.replacingOccurrences(of: "    example: silicon valley", with: ""), to: "plain.yaml")
        let asked = try await harness.run(["providers", "check", "shows", "--config", noExample])
        #expect(asked.status == 64 && asked.stderr.contains("give one with --term"), "\(asked.stderr)")
        #expect(kept.stdout.split(separator: "\n").filter { $0.hasPrefix("ok    shows: ") }.count == 9)

        // Every show's language is English: an id that is not one, listed three times.
        let broken = try harness.runner.write(
            described.replacingOccurrences(of: "id: show.id", with: "id: show.language"), to: "broken.yaml")
        let failed = try await harness.run(
            ["providers", "check", "shows", "--term", "silicon valley", "--config", broken])
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("FAIL  shows: search: the id English is listed twice"), "\(failed.stdout)")
        // The last line counts against every check, as the lines above it do (a search that found
        // nothing said "failed (1 of 1 checks)" under nine).
        #expect(failed.stdout.hasSuffix("shows: 6 of 9 checks failed\n"), "\(failed.stdout)")
        let nothing = try await harness.run(["providers", "check", "shows", "--term", "zzzqx", "--config", good])
        #expect(nothing.stdout.hasSuffix("shows: 1 of 9 checks failed (8 skipped)\n"), "\(nothing.stdout)")

        let json = try await harness.run(
            ["providers", "check", "shows", "--term", "silicon valley", "--config", broken, "--format", "json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let checks = try #require(reports.first?["checks"] as? [[String: Any]])
        #expect(checks.map { $0["check"] as? String } == Conformance.checks)
        #expect(checks.first?["outcome"] as? String == "failed")

        // The guide's program, and a copy of it that cannot look up what it lists.
        let bin = harness.runner.home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let program = Self.root.appendingPathComponent("Examples/ExternalProvider/mediasearch-provider-gutenberg")
        try FileManager.default.copyItem(at: program, to: bin.appendingPathComponent("mediasearch-provider-gutenberg"))
        let forgetful = bin.appendingPathComponent("mediasearch-provider-forgetful")
        try Data(
            """
            #!/bin/sh
            if [ "$1" = lookup ]; then cat > /dev/null; echo '{"items": []}'; exit 0; fi
            exec "\(program.path)" "$@"

            """.utf8
        ).write(to: forgetful)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: forgetful.path)
        let path = ["PATH": bin.path + ":/usr/bin:/bin"]
        let programKept = try await harness.run(["providers", "check", "gutenberg"], environment: path)
        #expect(programKept.status == 0, "\(programKept.stdout)\(programKept.stderr)")
        #expect(programKept.stderr.contains("checking gutenberg with 'austen'"), "its describe answer's example")
        let programFailed = try await harness.run(
            ["providers", "check", "forgetful", "--term", "austen"], environment: path)
        #expect(programFailed.status == 1, "\(programFailed.stdout)\(programFailed.stderr)")
        #expect(
            programFailed.stdout.contains("FAIL  forgetful: lookup: the listed id ")
                && programFailed.stdout.contains(" is not found by lookup"), "\(programFailed.stdout)")

        let unknown = try await harness.run(["providers", "check", "comet"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown kind 'comet'"), "\(unknown.stderr)")
    }
}
