import AsyncHTTPClient
import ExternalProviders
import Foundation
import MediaSearchFixtures
import NIOHTTP1
import TestSlots
import Testing

/// Providers that are programs (`mediasearch-provider-<name>` on PATH, or `type: command`),
/// run by the real binary: the Python example, and programs that fail in every way a program can.
@Suite("External providers", .slots, .tags(.e2e))
struct ExternalProviderTests {
    /// The example provider of the repository, in Python.
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/ExternalProvider/mediasearch-provider-gutenberg")

    /// A provider program in sh that describes itself, then answers `search` with `body`.
    static func script(_ search: String, describe: String = #"echo '{"kind": "thing"}'"#) -> String {
        """
        #!/bin/sh
        case "$1" in
          describe) \(describe) ;;
          search) cat > /dev/null; \(search) ;;
          lookup) cat > /dev/null; echo '{"items": []}' ;;
        esac

        """
    }

    static let misbehaving: [String: String] = [
        "crash": script(#"echo "the index is gone" >&2; exit 3"#),
        "hang": script("exec sleep 60"),
        "garbage": script("echo 'this is not json'"),
        "flood": script("exec head -c 100000000 /dev/zero"),
        "noisy": script(#"echo "Traceback: something scary" >&2; echo '{"items": [{"id": 1, "title": "Quiet"}]}'"#),
        "broken": script("true", describe: "exit 1"),
    ]

    func install(_ harness: Harness) throws -> String {
        let bin = harness.runner.home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.example, to: bin.appendingPathComponent("mediasearch-provider-gutenberg"))
        for (name, text) in Self.misbehaving {
            let path = bin.appendingPathComponent("mediasearch-provider-\(name)").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        return bin.path + ":/usr/bin:/bin"
    }

    /// PATH is searched as a shell would: the first program of a name wins, a file that is not
    /// executable or has no valid name is no provider, and a folder listed twice (or through a
    /// link) is read once.
    @Test func programsOnPathAreFoundAsTheShellWouldRunThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = root.appendingPathComponent("first")
        let second = root.appendingPathComponent("second")
        for folder in [first, second] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("link"), withDestinationURL: first)
        func make(_ folder: URL, _ name: String, executable: Bool = true) throws {
            let path = folder.appendingPathComponent(name).path
            try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes(
                [.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
        }
        try make(first, "mediasearch-provider-Books")
        try make(first, "mediasearch-provider-")
        try make(first, "mediasearch-provider-notes", executable: false)
        try make(first, "mediasearch-provider-bad name")
        try make(first, "other-program")
        try make(second, "mediasearch-provider-books")
        try make(second, "mediasearch-provider-radio-2")
        let path = [
            first.path, root.appendingPathComponent("link").path, "", root.appendingPathComponent("none").path,
            second.path,
        ]
        .joined(separator: ":")
        let found = ExternalProviders.discover(path: path)
        #expect(found.map(\.name) == ["books", "radio-2"])
        #expect(
            found.map(\.command) == [
                [first.appendingPathComponent("mediasearch-provider-Books").path],
                [second.appendingPathComponent("mediasearch-provider-radio-2").path],
            ])
        #expect(ExternalProviders.discover(path: nil).isEmpty)
    }

    @Test func theExampleProviderSearchesFiltersAndShows() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let path = try install(harness)
        try harness.runner.write("kinds: [gutenberg]\n", to: "config/mediasearch/config.yaml")
        let (result, document) = try await harness.searchJSON(["austen"], environment: ["PATH": path])
        #expect(result.status == 0, "\(result.stderr)")
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["title"] as? String } == ["Pride and Prejudice", "Emma"])
        #expect(results.first?["kind"] as? String == "gutenberg")
        #expect(results.first?["year"] as? Int == 1813)

        let filtered = try await harness.run(
            ["search", "a", "--author", "shelley", "--format", "lines"], environment: ["PATH": path])
        #expect(filtered.status == 0, "\(filtered.stderr)")
        #expect(filtered.stdout.hasPrefix("84\tgutenberg\tFrankenstein"))

        let shown = try await harness.run(["show", "2701", "--kind", "gutenberg"], environment: ["PATH": path])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("Moby Dick; Or, The Whale\n"))
        #expect(shown.stdout.contains("Herman Melville"))
        // `show --kind` takes the words `search --kind` takes: the kind of media, the source.
        for word in ["book", "Gutenberg"] {
            let byKind = try await harness.run(
                ["show", "84", "--kind", word.lowercased()], environment: ["PATH": path])
            #expect(byKind.status == 0, "\(word): \(byKind.stderr)")
            #expect(byKind.stdout.hasPrefix("Frankenstein; Or, The Modern Prometheus\n"), "\(word)")
        }
        let film = try await harness.run(["show", "84", "--kind", "film"], environment: ["PATH": path])
        #expect(film.status == 64 && film.stderr.hasPrefix("mediasearch: unknown kind 'film'"), "\(film.stderr)")

        let listed = try await harness.run(["providers"], environment: ["PATH": path])
        #expect(listed.stdout.contains("gutenberg  Gutenberg books  book from Gutenberg  enabled"))
        #expect(listed.stdout.contains("--author <text>  only books whose author contains this"))
    }

    @Test func aProgramThatFailsInAnyWayIsItsOwnOneLineFailure() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let path = try install(harness)
        try harness.runner.write(
            "kinds: [gutenberg, crash, hang, garbage, flood, noisy, broken]\nproviders:\n  hang: {timeout: 2}\n",
            to: "config/mediasearch/config.yaml")
        let started = Date()
        let result = try await harness.run(["search", "austen", "--format", "lines"], environment: ["PATH": path])
        #expect(
            Date().timeIntervalSince(started) < 30,
            "a speed bound, wide: the hanging program's 2 s time-out, not the program, ended the search")
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.contains("Pride and Prejudice"))
        #expect(result.stdout.contains("Quiet"))
        let lines = result.stderr.split(separator: "\n").map(String.init)
        // Each named by its kind of media and, as several programs share it, by its own name.
        func line(_ kind: String) -> String? {
            lines.first { $0.lowercased().contains("(\(kind)):") || $0.contains(" \(kind):") }
        }
        #expect(
            line("crash")?.hasSuffix("thing (Crash): search exited with status 3: the index is gone") == true,
            "\(lines)")
        #expect(line("hang")?.contains("no answer from hang within") == true, "\(lines)")
        #expect(line("garbage")?.contains("unreadable answer from garbage") == true, "\(lines)")
        #expect(line("flood")?.contains("larger than 8 MiB") == true, "\(lines)")
        #expect(
            line("broken")?.hasSuffix("broken: could not describe itself: describe exited with status 1") == true,
            "\(lines)")
        #expect(!result.stderr.contains("Traceback"))
        #expect(!result.stderr.contains("this is not json"))
    }

    @Test func aCommandNamedInTheConfigIsAProviderToo() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = """
            kinds: [books]
            providers:
              books:
                type: command
                command: [python3, "\(Self.example.path)"]

            """
        try harness.runner.write(config, to: "config/mediasearch/config.yaml")
        let result = try await harness.run(["search", "holmes", "--format", "lines"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("1661\tbooks\tThe Adventures of Sherlock Holmes"))
    }
}

/// Programs held to their own process, time and output (#39): several at once, helpers they
/// leave behind, descriptions that hang, filters that clash, numbers that do not fit.
@Suite("Provider programs contained", .slots, .tags(.e2e))
struct ProgramContainmentTests {
    /// Writes executable programs into a fresh `bin` of the harness's home; returns a PATH.
    func install(_ programs: [String: String], in harness: Harness) throws -> String {
        let bin = harness.runner.home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for (name, text) in programs {
            let path = bin.appendingPathComponent("mediasearch-provider-\(name)").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        return bin.path + ":/usr/bin:/bin"
    }

    /// The command lines of running processes that contain `text`, read from /proc.
    static func processes(matching text: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { $0.allSatisfy(\.isNumber) }.compactMap {
            guard let data = FileManager.default.contents(atPath: "/proc/\($0)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }

    /// A program that answers one item titled after its name.
    static func answering(_ name: String) -> String {
        ExternalProviderTests.script(#"echo '{"items": [{"id": "1", "title": "From \#(name)"}]}'"#)
    }

    /// Three programs on PATH, asked at once, twenty times over: every run lists all three and
    /// searches all three. (With `Foundation.Process` run from several threads, the release
    /// build crashed or lost programs in most runs.)
    @Test func threeProgramsAtOnceTwentyTimes() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let path = try install(
            [
                "alpha": Self.answering("alpha"), "beta": Self.answering("beta"),
                "gamma": Self.answering("gamma"),
            ], in: harness)
        try harness.runner.write("kinds: [alpha, beta, gamma]\n", to: "config/mediasearch/config.yaml")
        let cache = harness.runner.home.appendingPathComponent("cache/mediasearch/programs.json")
        for run in 1...20 {
            // No description kept: every run starts the three programs' describe at once.
            try? FileManager.default.removeItem(at: cache)
            let listed = try await harness.run(["providers", "--format", "json"], environment: ["PATH": path])
            #expect(listed.status == 0, "run \(run): \(listed.stderr)")
            for name in ["alpha", "beta", "gamma"] {
                #expect(listed.stdout.contains("\"kind\" : \"\(name)\""), "run \(run): \(name) missing")
            }
            try? FileManager.default.removeItem(at: cache)
            let found = try await harness.run(["search", "x", "--format", "lines"], environment: ["PATH": path])
            #expect(found.status == 0, "run \(run): \(found.stderr)")
            for name in ["alpha", "beta", "gamma"] {
                #expect(found.stdout.contains("From \(name)"), "run \(run): \(found.stdout)")
            }
        }
    }

    /// A helper the program leaves running in the background, holding its output, neither
    /// holds the answer (it used to become "no answer within") nor outlives the search.
    @Test func aHelperLeftBehindIsEndedWithTheProgram() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let marker = "lingering-\(UUID().uuidString.prefix(8))"
        let started = harness.runner.home.appendingPathComponent("helper-started")
        let path = try install(
            [
                "linger": ExternalProviderTests.script(
                    #"sh -c 'echo up > \#(started.path); sleep 120; : \#(marker)' & while [ ! -s \#(started.path) ]; do sleep 0.01; done; echo '{"items": [{"id": "1", "title": "Answered"}]}'"#
                )
            ], in: harness)
        try harness.runner.write(
            "kinds: [linger]\nproviders:\n  linger: {timeout: 30}\n", to: "config/mediasearch/config.yaml")
        let result = try await harness.run(["search", "x", "--format", "lines"], environment: ["PATH": path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Answered"))
        // The helper did start, and the program's group was killed before the search printed
        // its answer.
        #expect(FileManager.default.fileExists(atPath: started.path))
        let survivors = try Self.processes(matching: marker)
        #expect(survivors.isEmpty, "still running: \(survivors)")
    }

    /// `serve` keeps no thread, descriptor or process of a program after answering: six searches
    /// through a program that leaves a helper behind leave the server as they found it (before
    /// #39: threads 7 to 43, descriptors 24 to 65).
    @Test func serveKeepsNothingOfTheProgramsItRan() async throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/task") else { return }
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let marker = "served-\(UUID().uuidString.prefix(8))"
        let path = try install(
            [
                "linger": ExternalProviderTests.script(
                    #"sh -c 'sleep 120; : \#(marker)' & echo '{"items": [{"id": "1", "title": "Answered"}]}'"#)
            ], in: harness)
        try harness.runner.write(
            "kinds: [linger]\nproviders:\n  linger: {timeout: 30}\n", to: "config/mediasearch/config.yaml")
        let process = ChildProcess()
        process.executableURL = harness.runner.executable
        process.arguments = ["serve", "--port", "0"]
        process.environment = harness.runner.environment(["PATH": path])
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.endsWithTheTest()
        process.watchdog(seconds: 120) { true }
        let first = await out.firstLine()
        let base = try #require(first.firstMatch(of: /on (http:\/\/127\.0\.0\.1:\d+)\//)?.1)
        func search(_ term: String) async throws -> String {
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "\(base)/api/search?q=\(term)"), timeout: .seconds(60))
            #expect(response.status.code == 200, "\(term)")
            return String(buffer: try await response.body.collect(upTo: 1 << 20))
        }
        func count(_ folder: String) -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/\(folder)"))?
                .count ?? -1
        }
        // Two searches first: the server's pools start on first use.
        for term in ["warm1", "warm2"] { _ = try await search(term) }
        let (threads, descriptors) = (count("task"), count("fd"))
        #expect(threads > 1 && descriptors > 3, "the server's /proc entries were read")
        for n in 1...6 { #expect(try await search("served\(n)").contains("Answered")) }
        #expect(count("task") <= threads + 2, "threads \(threads) → \(count("task"))")
        #expect(count("fd") <= descriptors + 2, "descriptors \(descriptors) → \(count("fd"))")
        #expect(try Self.processes(matching: marker).isEmpty, "a program's helper outlived its answer")
    }

    /// Describing never delays a command that does not need the program: it is not even run by
    /// `--version`, `history`, or a search of other kinds; `providers` runs it once, after which
    /// its description is kept until the file changes.
    @Test func programsAreAskedOnlyByCommandsThatSearchThem() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let ran = harness.runner.home.appendingPathComponent("described")
        let path = try install(
            [
                "slow": ExternalProviderTests.script(
                    #"echo '{"items": []}'"#,
                    describe: #"echo run >> "\#(ran.path)"; echo '{"kind": "thing"}'"#)
            ], in: harness)
        func runs() -> Int {
            ((try? String(contentsOf: ran, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        for arguments in [["--version"], ["history"], ["search", "jack", "--kind", "song"], ["cache", "info"]] {
            _ = try await harness.run(arguments, environment: ["PATH": path])
            #expect(runs() == 0, "\(arguments) ran the program's describe")
        }
        let listed = try await harness.run(["providers"], environment: ["PATH": path])
        #expect(listed.stdout.contains("slow  Slow  thing from Slow"), "\(listed.stdout)")
        #expect(runs() == 1)
        _ = try await harness.run(["providers"], environment: ["PATH": path])
        #expect(runs() == 1, "the description was not kept")
    }

    /// A program whose filter is named like one of `search`'s options is refused alone, with a
    /// line that names it; every other command works (it used to exit 64 for all of them).
    @Test func aFilterNamedLikeAnOptionRefusesThatProgramOnly() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let path = try install(
            [
                "clash": ExternalProviderTests.script(
                    #"echo '{"items": []}'"#, describe: #"echo '{"kind": "thing", "filters": [{"name": "limit"}]}'"#),
                "fine": Self.answering("fine"),
            ], in: harness)
        try harness.runner.write("kinds: [clash, fine]\n", to: "config/mediasearch/config.yaml")
        let result = try await harness.run(["search", "x", "--format", "lines"], environment: ["PATH": path])
        #expect(result.stdout.contains("From fine"), "\(result.stderr)")
        #expect(
            result.stderr.contains("clash: refused: declares filter --limit, which clashes with a search option"),
            "\(result.stderr)")
        let version = try await harness.run(["--version"], environment: ["PATH": path])
        #expect(version.status == 0, "\(version.stderr)")
    }

    /// Text from a source reaches no terminal raw: suggestions from the library and ids in JSON
    /// are cleaned like every other text (#39: OSC title and clipboard sequences, C1 controls,
    /// bidi and invisible characters got through `suggest`).
    @Test func suggestionsAndIdsAreCleaned() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let item =
            #"{"id": "a\u001b]52;c;eA==\u0007b\u2028", "#
            + #""title": "Evil\u001b]0;pwned\u0007 \u009b2J\u202eTitle\u00ad\udb40\udc41"}"#
        let path = try install(
            ["hostile": ExternalProviderTests.script("printf '%s\\n' '{\"items\": [\(item)]}'")], in: harness)
        try harness.runner.write("kinds: [hostile]\n", to: "config/mediasearch/config.yaml")
        let searched = try await harness.run(["search", "evil", "--format", "json"], environment: ["PATH": path])
        #expect(searched.status == 0, "\(searched.stderr)")
        // The escape and bell are gone from the id (JSON would write them as \u001b, \u0007).
        #expect(searched.stdout.contains("\"id\" : \"a ]52;c;eA==b\""), "\(searched.stdout)")
        #expect(!searched.stdout.contains("\\u00"), "\(searched.stdout)")
        for format in ["text", "json"] {
            let suggested = try await harness.run(
                ["suggest", "evil", "--format", format], environment: ["PATH": path])
            #expect(suggested.status == 0, "\(suggested.stderr)")
            #expect(suggested.stdout.contains("Evil"), "\(format): \(suggested.stdout)")
            let bad = suggested.stdout.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
                    || $0.value == 0xAD || $0.value == 0x2028 || (0xE0000...0xE007F).contains($0.value)
            }
            #expect(bad.isEmpty, "\(format): \(bad.map { String($0.value, radix: 16) })")
        }
    }

    /// Numbers that fit no field (1e300, nan, inf, past Int64) are dropped, never trapped on.
    @Test func numbersThatDoNotFitAreDropped() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let items =
            #"[{"id": 1e300, "title": "Huge", "durationMs": 1e300, "price": 1e17}, "#
            + #"{"id": "2", "title": "Not a number", "durationMs": "nan", "price": "inf"}, "#
            + #"{"id": "3", "title": "Negative", "durationMs": -1e300, "price": -1e300}]"#
        let path = try install(
            ["numbers": ExternalProviderTests.script("echo '{\"items\": \(items)}'")], in: harness)
        try harness.runner.write("kinds: [numbers]\n", to: "config/mediasearch/config.yaml")
        for format in ["text", "json", "lines"] {
            let result = try await harness.run(
                ["search", "x", "--format", format, "--width", "100"], environment: ["PATH": path])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.contains("Not a number"), "\(format): \(result.stdout)")
            #expect(result.stdout.contains("Huge"), "\(format): \(result.stdout)")
        }
        let (_, document) = try await harness.searchJSON(["x"], environment: ["PATH": path])
        for result in document.results {
            #expect(result["durationMs"] is NSNull, "\(result)")
            #expect(result["price"] is NSNull, "\(result)")
        }
    }
}
