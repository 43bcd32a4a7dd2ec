import Foundation
import MediaSearchCore
import MediaSearchFixtures
import TestSlots
import Testing

/// The offline library, end to end: the real binary, the loopback fixture server, a private home.
@Suite("Offline library, end to end", .slots, .tags(.e2e))
struct LibraryCommandTests {
    func json(_ result: CommandRunner.Result) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object, "stdout: \(result.stdout) stderr: \(result.stderr)")
    }

    func records(_ harness: Harness) async throws -> Int {
        let status = try await harness.run(["library", "--format", "json"])
        #expect(status.status == 0, "\(status.stderr)")
        return try json(status)["records"] as? Int ?? -1
    }

    /// Every record's key, when it was last seen and its stored body: what writing the same
    /// records again changes. (The file's bytes say less: they also change when a process
    /// checkpoints a log an earlier one left, which writes no record.)
    func rows(_ path: String) throws -> [String] {
        let db = try SQLiteConnection(path: path)
        let statement = try db.prepare(
            "SELECT kind, id, CAST(last_seen AS TEXT), hex(body) FROM records ORDER BY kind, id")
        var rows: [String] = []
        while try statement.step() { rows.append((0..<4).map { statement.string($0) ?? "-" }.joined(separator: "|")) }
        return rows
    }

    func canonical(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    func ids(_ document: [String: Any]) -> Set<String> {
        Set(document.results.compactMap { "\($0["kind"] ?? "")/\($0["id"] ?? "")" })
    }

    @Test("Every record of a search is kept; --offline answers with the same tiles and JSON, no request")
    func offlineSearch() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (online, onlineDocument) = try await harness.searchJSON(["jack"])
        #expect(online.status == 0, "\(online.stderr)")
        #expect(onlineDocument["offline"] is NSNull)
        #expect(try await records(harness) == onlineDocument.results.count)

        let before = await harness.server.requests().count
        let (offline, offlineDocument) = try await harness.searchJSON(["jack", "--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(await harness.server.requests().count == before, "--offline made a request")
        let answer = try #require(offlineDocument["offline"] as? [String: Any])
        #expect(answer["fallback"] as? Bool == false)
        #expect(answer["records"] as? Int == onlineDocument.results.count)
        // Only the records with "jack" in their text, each tile exactly as online.
        let byID = Dictionary(
            onlineDocument.results.map { ("\($0["kind"]!)/\($0["id"]!)", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(!offlineDocument.results.isEmpty)
        for result in offlineDocument.results {
            let key = "\(result["kind"]!)/\(result["id"]!)"
            let same = try #require(byID[key], "\(key) was not in the online answer")
            #expect(try canonical(result) == canonical(same), "\(key) differs from its online tile")
            let text = [result["title"], result["creator"], result["collection"]].compactMap { $0 as? String }
            #expect(text.contains { $0.localizedCaseInsensitiveContains("jack") })
        }
        #expect(offline.stderr.contains("offline: \(offlineDocument.results.count) result"))
        #expect(
            try SchemaValidator.load("search.schema.json").errors(offlineDocument).isEmpty,
            "the offline document matches the published schema")

        // Sorting and paging work offline too: page 2 of 2 is the third and fourth of the whole
        // sorted list, and the whole list is in title order.
        let (_, allDocument) = try await harness.searchJSON([
            "jack", "--offline", "--kind", "song", "--limit", "200", "--sort", "title",
        ])
        let all = allDocument.results.compactMap { $0["title"] as? String }
        try #require(all.count >= 4, "\(all)")
        #expect(all == all.sorted { $0.localizedCaseInsensitiveCompare($1) != .orderedDescending }, "\(all)")
        #expect(all != all.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedDescending })
        let (paged, pagedDocument) = try await harness.searchJSON([
            "jack", "--offline", "--kind", "song", "--limit", "2", "--page", "2", "--sort", "title",
        ])
        #expect(paged.status == 0, "\(paged.stderr)")
        let allIDs = allDocument.results.compactMap { $0["id"] as? String }
        #expect(pagedDocument.results.compactMap { $0["id"] as? String } == Array(allIDs[2..<4]))
    }

    @Test("With no network on the first run, the error names the host and says what to do next")
    func firstRunWithoutNetwork() async throws {
        let runner = try CommandRunner()
        let down = ["MEDIASEARCH_ITUNES_URL": "http://127.0.0.1:9"]
        let result = try await runner.run(["search", "jack", "johnson"], environment: down)
        #expect(result.status == 69)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.last?.hasPrefix("mediasearch: could not reach 127.0.0.1:9; is this machine online?") == true)
        #expect(lines.last?.contains("nothing has been seen yet for --offline") == true)
        #expect(lines.last?.contains("\"Try it in two minutes\" in the README") == true)
        let off = try runner.write("library:\n  enabled: false\n", to: "off.yaml")
        let disabled = try await runner.run(["search", "jack", "--config", off], environment: down)
        #expect(disabled.stderr.contains("the offline library is off"), "\(disabled.stderr)")
    }

    @Test("When every provider fails, the search answers from the library, says so in one line, exits 3")
    func fallback() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let first = try await harness.run(["search", "jack", "--format", "lines"])
        #expect(first.status == 0, "\(first.stderr)")
        let seen = try await records(harness)
        let config = try harness.runner.write(
            CommandRunner.userConfiguration + "providers:\n  itunes: {timeout: 0.5}\ncache:\n  enabled: false\n",
            to: "down.yaml")
        let down = try await harness.run(
            ["search", "jack", "--config", config, "--format", "lines"],
            environment: ["MEDIASEARCH_ITUNES_URL": "http://127.0.0.1:9"])
        #expect(down.status == 3, "\(down.stderr)")
        let lines = down.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        let summary = down.stderr.split(separator: "\n").filter { $0.contains("offline:") }
        #expect(summary == ["mediasearch: offline: \(lines.count) results from \(seen) records seen"])
        #expect(down.stderr.contains("network error"), "the failure is still said: \(down.stderr)")

        // With no record matching, the search fails as before (exit 69), still saying it looked.
        let nothing = try await harness.run(
            ["search", "zzzqqq", "--config", config], environment: ["MEDIASEARCH_ITUNES_URL": "http://127.0.0.1:9"])
        #expect(nothing.status == 69, "\(nothing.stderr)")
        // The failure first, then what the library found; no spelling advice: the spelling is
        // not what failed. Each said once.
        let said = nothing.stderr.split(separator: "\n").map(String.init)
        #expect(said.count == 2 && said.first?.contains("network error") == true, "\(said)")
        #expect(said.last == "mediasearch: offline: none of the \(seen) records seen matches", "\(said)")
        #expect(!nothing.stderr.contains("spelling"), "\(nothing.stderr)")
    }

    @Test("show renders a kept item with no network; suggest offers kept titles after the history")
    func showAndSuggest() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (search, document) = try await harness.searchJSON(["wars", "--kind", "movie"])
        #expect(search.status == 0, "\(search.stderr)")
        let movie = try #require(document.results.first)
        let id = try #require(movie["id"] as? String)
        // Not from the last search's records: from the library.
        try FileManager.default.removeItem(
            at: harness.runner.home.appendingPathComponent("state/mediasearch/last-search.json"))

        let asked = await harness.server.requests().count
        let shown = try await harness.run(["show", id, "--offline", "--format", "json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let detail = try json(shown)
        #expect(detail["title"] as? String == movie["title"] as? String)
        #expect(detail["id"] as? String == id)
        let missing = try await harness.run(["show", "424242", "--offline"])
        #expect(missing.status == 66)
        #expect(
            missing.stderr
                == "mediasearch: nothing found with id 424242 in the offline library or the cache (--offline uses no network)\n"
        )
        #expect(await harness.server.requests().count == asked, "show --offline uses no network at all")

        let suggested = try await harness.run(["suggest", "star"])
        #expect(suggested.status == 0)
        #expect(suggested.stdout.split(separator: "\n").contains { $0.hasPrefix("Star Wars") }, "\(suggested.stdout)")
        let history = try await harness.run(["suggest", "wa"])
        #expect(history.stdout.split(separator: "\n").first == "wars", "the history comes first: \(history.stdout)")
        // Nothing to suggest is said in one line on stderr; stdout stays empty for scripts.
        let nothing = try await harness.run(["suggest", "zzqx"])
        #expect(nothing.status == 0 && nothing.stdout.isEmpty)
        #expect(
            nothing.stderr
                == "mediasearch: nothing to suggest for 'zzqx': no earlier search, title or name starts with it\n")
    }

    /// A library another user made, readable but not writable here (a household's shared one),
    /// is searched offline as it stands (#39: "attempt to write a readonly database"). The
    /// search runs as `nobody`, since root may write anything.
    @Test(
        "A read-only library is searched offline",
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"),
            "needs root, to search as another user"))
    func aReadOnlyLibraryIsSearchedOffline() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let online = try await harness.run(["search", "jack", "--format", "lines"])
        #expect(online.status == 0, "\(online.stderr)")
        // Result 1 of songs alone: across kinds, which comes first depends on which source answered first.
        _ = try await harness.run(["search", "jack", "--kind", "song", "--format", "lines"])
        let starred = try await harness.run(["star", "--result", "1"])
        #expect(starred.status == 0, "\(starred.stderr)")
        // Everything readable by others, nothing writable: the folder included.
        let home = harness.runner.home
        _ = try await CommandRunner(executable: URL(fileURLWithPath: "/bin/chmod"), home: home)
            .run(["-R", "a+rX,go-w", home.path])
        var variables = harness.runner.environment(["MEDIASEARCH_ITUNES_URL": "http://127.0.0.1:9"])
        variables["PATH"] = "/usr/bin:/bin"
        // The other user's own history and cache, which it may write; only the library is shared.
        for (variable, name) in [("XDG_STATE_HOME", "other-state"), ("XDG_CACHE_HOME", "other-cache")] {
            let folder = home.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
            variables[variable] = folder.path
        }
        let runuser = CommandRunner(executable: URL(fileURLWithPath: "/usr/sbin/runuser"), home: home)
        func asNobody(_ arguments: [String]) async throws -> CommandRunner.Result {
            try await runuser.run(
                ["-u", "nobody", "--", "/usr/bin/env"] + variables.map { "\($0.key)=\($0.value)" }
                    + [harness.runner.executable.resolvingSymlinksInPath().path] + arguments,
                environment: variables)
        }
        let offline = try await asNobody(["search", "jack", "--offline", "--format", "lines"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("Jack Johnson"), "\(offline.stdout)")
        #expect(!offline.stderr.contains("readonly"), "\(offline.stderr)")
        // The lists too (S10: "attempt to write a readonly database", exit 73).
        let lists = try await asNobody(["lists"])
        // Read from the file: the starred list holds what was starred (it is listed, empty, anyway).
        #expect(
            lists.status == 0 && lists.stdout.range(of: #"starred\s+[1-9]"#, options: .regularExpression) != nil,
            "\(lists.stdout) \(lists.stderr)")
        let list = try await asNobody(["list", "--format", "lines"])
        #expect(list.status == 0 && list.stdout.contains("Jack Johnson"), "\(list.stdout) \(list.stderr)")
    }

    /// S10: on a full disk the lists could not be read ("disk I/O error", 73) and an offline
    /// search said that none of the records seen matched. A tmpfs of 2 MB, mounted in a mount
    /// namespace of the test's own, is filled once the library and a list are on it.
    @Test(
        "On a full disk lists are read, an offline search finds what was seen, and a write says the disk is full",
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            "needs root, to mount a small file system"))
    func aFullDiskStillReads() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let data = harness.runner.home.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let binary = harness.runner.executable.resolvingSymlinksInPath().path
        let script = """
            set -u
            mount -t tmpfs -o size=2m tmpfs "$XDG_DATA_HOME" || exit 99
            "$MS" search jack --format lines > /dev/null || exit 98
            "$MS" search jack --kind song --format lines > /dev/null || exit 98
            "$MS" star --result 1 > /dev/null || exit 97
            dd if=/dev/zero of="$XDG_DATA_HOME/pad" bs=1k count=4000 2> /dev/null
            for args in lists "list --format lines" "search jack --offline --format lines" "star --result 2"; do
                echo "== $args"
                "$MS" $args 2>&1
                echo "rc=$?"
            done
            """
        let unshare = CommandRunner(executable: URL(fileURLWithPath: "/usr/bin/unshare"), home: harness.runner.home)
        let run = try await unshare.run(
            ["-m", "/bin/sh", "-c", script],
            environment: harness.variables(["XDG_DATA_HOME": data.path, "MS": binary]), timeout: 120)
        try #require(run.status == 0, "\(run.stdout) \(run.stderr)")
        let parts = Dictionary(
            uniqueKeysWithValues: run.stdout.components(separatedBy: "== ").dropFirst().map { part in
                (String(part.prefix { $0 != "\n" }), String(part.drop { $0 != "\n" }))
            })
        let lists = parts["lists"] ?? "", list = parts["list --format lines"] ?? ""
        let offline = parts["search jack --offline --format lines"] ?? "", star = parts["star --result 2"] ?? ""
        #expect(
            lists.range(of: #"starred\s+[1-9]"#, options: .regularExpression) != nil && lists.contains("rc=0"),
            "\(lists)")
        #expect(list.contains("Jack Johnson") && list.contains("rc=0"), "\(list)")
        #expect(offline.contains("Jack Johnson") && offline.contains("rc=0"), "\(offline)")
        #expect(!offline.contains("none of the"), "\(offline)")
        #expect(star.contains("no space left on device") && star.contains("rc=73"), "\(star)")
    }

    @Test("library clear gives the space back")
    func clearShrinksTheFile() async throws {
        var routes = FixtureRoutes.default
        routes.fillToLimit = true
        routes.distinctIDsPerTerm = true
        let harness = try await Harness.start(routes: routes)
        TestLifetime.stopAtEnd { await harness.stop() }
        for term in ["a", "b", "c", "d"] {
            _ = try await harness.run(["search", term, "--limit", "200", "--format", "lines"])
        }
        let folder = harness.runner.home.appendingPathComponent("data/mediasearch")
        func bytes() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).reduce(0) { total, name in
                let size =
                    try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[
                        .size] as? Int
                return total + (size ?? 0)
            }
        }
        let full = try bytes()
        let count = try await records(harness)
        #expect(full > 1_000_000, "\(full) bytes for \(count) records")
        let cleared = try await harness.run(["library", "clear"])
        #expect(cleared.status == 0 && cleared.stderr.isEmpty, "\(cleared.stderr)")
        let left = try bytes()
        #expect(left < 200_000, "the file and its log keep \(left) bytes")
    }

    @Test("library shows and clears; cache clear leaves it alone; library.enabled: false keeps nothing")
    func libraryCommand() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        _ = try await harness.run(["search", "jack", "--format", "lines"])
        let status = try await harness.run(["library", "--format", "json"])
        let document = try json(status)
        let count = try #require(document["records"] as? Int)
        #expect(count > 0)
        let kinds = try #require(document["kinds"] as? [String: Int])
        #expect(kinds.values.reduce(0, +) == count)
        #expect((document["path"] as? String)?.hasSuffix("/data/mediasearch/library.sqlite") == true)
        let text = try await harness.run(["library"])
        #expect(text.stdout.contains("Records: \(count) of at most 100,000"))

        _ = try await harness.run(["cache", "clear"])
        #expect(try await records(harness) == count)
        let cleared = try await harness.run(["library", "clear"])
        #expect(cleared.stdout == "Removed \(count) records from the library.\n")
        #expect(try await records(harness) == 0)

        let off = try harness.runner.write("library:\n  enabled: false\n", to: "off.yaml")
        let dataDirectory = harness.runner.home.appendingPathComponent("data")
        try FileManager.default.removeItem(at: dataDirectory)
        let search = try await harness.run(["search", "jack", "--config", off, "--format", "lines"])
        #expect(search.status == 0)
        #expect(!FileManager.default.fileExists(atPath: dataDirectory.path), "nothing kept when off")
        let offline = try await harness.run(["search", "jack", "--offline", "--config", off])
        #expect(offline.status == 64)
        #expect(offline.stderr.contains("the offline library is off (library.enabled: false in \(off))"))
    }

    @Test("A search the response cache answers again rewrites no record, yet puts back what was cleared")
    func cachedAnswersAreNotStoredTwice() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let first = try await harness.run(["search", "jack", "--format", "lines"])
        #expect(first.status == 0, "\(first.stderr)")
        let count = try await records(harness)
        #expect(count > 0)
        let file = harness.runner.home.appendingPathComponent("data/mediasearch/library.sqlite")
        let before = try rows(file.path)
        #expect(before.count == count)
        let requests = await harness.server.requests().count
        let again = try await harness.run(["search", "jack", "--format", "lines"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(await harness.server.requests().count == requests, "the second search was not a cached one")
        #expect(try rows(file.path) == before, "a cached answer was written to the library again")

        _ = try await harness.run(["library", "clear"])
        let refilled = try await harness.run(["search", "jack", "--format", "lines"])
        #expect(refilled.status == 0, "\(refilled.stderr)")
        #expect(try await records(harness) == count, "a cleared library gets the cached answers' records back")
    }

    /// The library write is awaited before the answer is printed: a search killed (SIGKILL) the
    /// moment its JSON is complete, before it can close anything or exit, has kept every record.
    @Test("Killed as soon as its answer is printed, a search has kept every record it shows")
    func recordsAreKeptBeforeTheAnswerIsPrinted() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let process = ChildProcess()
        process.executableURL = harness.runner.executable
        process.arguments = ["search", "jack", "--format", "json"]
        process.environment = harness.runner.environment(["MEDIASEARCH_ITUNES_URL": harness.server.baseURL])
        process.currentDirectoryURL = harness.runner.home
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.endsWithTheTest()
        let pid = process.processIdentifier
        // Read on a thread of its own (a blocking read) until the document parses, then kill.
        let shown: Int? = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var data = Data()
                while true {
                    let chunk = out.fileHandleForReading.availableData
                    guard !chunk.isEmpty else { return continuation.resume(returning: nil) }
                    data.append(chunk)
                    if let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                        kill(pid, SIGKILL)
                        return continuation.resume(returning: document.results.count)
                    }
                }
            }
        }
        #expect(try await process.exits(within: 30))
        let count = try #require(shown, "the search printed no complete JSON")
        #expect(count > 0)
        #expect(try await records(harness) == count, "a record shown was not in the library when it was shown")
    }

    @Test("A damaged library file is moved aside in one line and never fails the search")
    func damagedFile() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let path = try harness.runner.write(
            String(repeating: "garbage, not SQLite ", count: 500), to: "data/mediasearch/library.sqlite")
        let search = try await harness.run(["search", "jack", "--format", "lines"])
        #expect(search.status == 0, "\(search.stderr)")
        let notices = search.stderr.split(separator: "\n")
        #expect(notices.count == 1 && notices[0].contains("moved it to \(path).damaged-"), "\(search.stderr)")
        #expect(try await records(harness) == search.stdout.split(separator: "\n").count)
    }

    @Test("30 processes recording at once lose no record and never report a locked database")
    func concurrentWriters() async throws {
        var routes = FixtureRoutes.default
        routes.distinctIDsPerTerm = true
        let harness = try await Harness.start(routes: routes)
        TestLifetime.stopAtEnd { await harness.stop() }
        // A time-out long enough that thirty debug binaries on two cores never miss it: any
        // notice on stderr is then the library's own.
        let config = try harness.runner.write(
            "providers:\n  itunes: {rate_limit: 1000/min, timeout: 120}\n", to: "many.yaml")
        let results = try await withThrowingTaskGroup(of: CommandRunner.Result.self) { group in
            for n in 1...30 {
                group.addTask {
                    try await harness.run(
                        ["search", "writer\(n)", "--config", config, "--format", "json"], timeout: 300)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        var expected: Set<String> = []
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("locked"), "\(result.stderr)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            expected.formUnion(ids(try json(result)))
        }
        #expect(expected.count > 30 * 10)
        #expect(try await records(harness) == expected.count)
    }
}
