import Foundation
import MediaSearchCLI
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

@Suite("mediasearch search, end to end", .slots, .tags(.e2e))
struct SearchCommandTests {
    @Test func searchesEveryKindInOneRun() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (result, document) = try await harness.searchJSON(["jack", "johnson"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(document.kinds == ["song", "movie", "audiobook", "podcast"])
        let statuses = document.providers
        #expect(statuses.map { $0["kind"] as? String } == ["song", "movie", "audiobook", "podcast"])
        #expect(statuses.allSatisfy { $0["error"] is NSNull })
        #expect(statuses.first { $0["kind"] as? String == "movie" }?["count"] as? Int == 7)
        for tile in document.results {
            for key in ["kind", "id", "title", "subtitle", "summary", "artworkUrl", "url"] {
                #expect(tile.keys.contains(key), "missing \(key)")
            }
        }
        let requests = await harness.server.requests()
        #expect(requests.count == 4, "\(requests.map(\.rawQuery)) \(result.stderr)")
        let song = try #require(requests.first { $0.query["media"] == "music" })
        #expect(song.rawQuery == "term=jack+johnson&media=music&entity=song&country=US&explicit=Yes&limit=30")
    }

    @Test func aKindRemovedFromConfigDisappears() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [song, podcast]\n", to: "my.yaml")
        let (result, document) = try await harness.searchJSON(["jack", "--config", config])
        #expect(result.status == 0)
        #expect(document.kinds == ["song", "podcast"])
        #expect(await harness.server.requests().count == 2)
        let disabled = try await harness.run(["search", "jack", "--kind", "movie", "--config", config])
        #expect(disabled.status == 64)
        #expect(disabled.stderr.contains("disabled"))
    }

    @Test func configFromTheEnvironmentAndTheUsersConfigHome() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [movie]\nlimit: 3\n", to: "env.yaml")
        let before = await harness.server.requests().count
        let (_, document) = try await harness.searchJSON(["x"], environment: ["MEDIASEARCH_CONFIG": config])
        #expect(document.kinds == ["movie"])
        let sent = await harness.server.requests().dropFirst(before)
        #expect(sent.map { $0.query["limit"] } == ["3"], "one request, with limit=3: \(sent.map(\.rawQuery))")
        #expect(document.results.count == 3)
        try harness.runner.write("kinds: [podcast]\n", to: "config/mediasearch/config.yaml")
        let (_, user) = try await harness.searchJSON(["x"])
        #expect(user.kinds == ["podcast"])
    }

    /// The working directory's `config.yaml` belongs to whatever project lives there.
    @Test func anotherToolsConfigInTheCurrentDirectoryIsIgnored() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        try harness.runner.removeUserConfiguration()
        try harness.runner.write("services:\n  web: {image: nginx}\nlimit: banana\n", to: "config.yaml")
        let (result, document) = try await harness.searchJSON(["jack"])
        #expect(result.status == 0, "\(result.stderr)")
        // The built-in defaults: iTunes's four kinds and the free sources that bear a typed search.
        let asked = Set(document.providers.compactMap { $0["kind"] as? String })
        #expect(asked == ["song", "movie", "audiobook", "podcast", "deezer-song", "tv", "openlibrary", "radio"])
        let show = try await harness.run(["config", "show"])
        #expect(show.stdout.hasPrefix("# no config file: built-in defaults\n"))
    }

    /// A search reads its config file once (#62): the programs it may name, the filters of the
    /// sources it describes and the command itself share one read and one parse. Counted with
    /// strace, which CI installs.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
    func aSearchOpensItsConfigFileOnce() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        // Words that make the programs' and the filters' passes read the config too.
        let config = try harness.runner.write("kinds: [song]\n# no command here, no filters either\n", to: "c.yaml")
        let trace = harness.runner.home.appendingPathComponent("trace").path
        let strace = CommandRunner(executable: URL(fileURLWithPath: "/usr/bin/strace"), home: harness.runner.home)
        let result = try await strace.run(
            [
                "-f", "-qq", "-e", "trace=openat", "-o", trace, harness.runner.executable.path, "search", "jack",
                "--config",
                config,
            ],
            environment: harness.variables())
        #expect(result.status == 0, "\(result.stderr)")
        let opens = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter {
            $0.contains("\"\(config)\"")
        }
        #expect(opens.count == 1, "\(opens.joined(separator: "\n"))")
    }

    /// `search --help` ends with the kinds and filters of the config in effect; `--version` and
    /// the JSON of `--experimental-dump-help` (which completion tools read whole) do not.
    @Test func onlyHelpGetsTheKindsAndFilters() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let help = try await harness.run(["search", "--help"])
        #expect(help.status == 0 && help.stdout.contains("PROVIDER FILTERS:"))
        let version = try await harness.run(["search", "--version"])
        #expect(version.status == 0 && version.stdout.split(separator: "\n").count == 1, "\(version.stdout)")
        let dump = try await harness.run(["search", "--experimental-dump-help"])
        #expect(dump.status == 0)
        #expect(
            try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) is [String: Any],
            "\(dump.stdout.suffix(200))")
    }

    @Test func configPathShowAndInit() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        try harness.runner.removeUserConfiguration()
        let user = harness.runner.home.appendingPathComponent("config/mediasearch/config.yaml").path
        let before = try await harness.run(["config", "path"])
        #expect(before.status == 0 && before.stdout == user + "\n")
        #expect(before.stderr.contains("built-in defaults apply"))

        let created = try await harness.run(["config", "init"])
        #expect(created.status == 0, "\(created.stderr)")
        let written = try String(contentsOfFile: user, encoding: .utf8)
        try harness.runner.write(written + "lang: ja_jp\n", to: "config/mediasearch/config.yaml")
        let again = try await harness.run(["config", "init"])
        #expect(again.status == 73 && again.stderr.contains("already exists; not overwritten"))
        #expect(try String(contentsOfFile: user, encoding: .utf8).hasSuffix("lang: ja_jp\n"), "init overwrote the file")

        let lines = written.split(separator: "\n", omittingEmptySubsequences: false).count
        let shown = try await harness.run(["config", "show", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(object?["file"] as? String == user)
        let settings = try #require(object?["settings"] as? [[String: String]])
        let byKey = Dictionary(settings.map { ($0["key"]!, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byKey["lang"]?["value"] == "ja_jp")
        #expect(byKey["lang"]?["origin"] == "\(user):\(lines)")
        #expect(byKey["providers.itunes.base_url"]?["origin"] == "$MEDIASEARCH_ITUNES_URL")
        #expect(byKey["limit"]?["origin"]?.hasPrefix(user + ":") == true)
        let path = try await harness.run(["config", "path"])
        #expect(path.stdout == user + "\n" && path.stderr.isEmpty)
    }

    @Test func filtersNarrowKindsAndResults() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (result, document) = try await harness.searchJSON(["star", "wars", "--director", "george lucas"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(document.kinds == ["movie"])
        #expect(document.results.count == 4)
        let (byFilter, filterOnly) = try await harness.searchJSON([
            "--author", "Herman Melville", "--kind", "audiobook",
        ])
        #expect(byFilter.status == 0, "\(byFilter.stderr)")
        #expect(filterOnly.results.count == 1)
        let request = try #require(await harness.server.requests().last)
        #expect(request.query["attribute"] == "authorTerm")
        #expect(request.query["term"] == "Herman Melville")
        let wrongKind = try await harness.run(["search", "x", "--director", "a", "--kind", "song"])
        #expect(wrongKind.status == 64)
        let badYear = try await harness.run(["search", "x", "--year", "soon"])
        #expect(badYear.status == 64)
        #expect(badYear.stderr.contains("--year takes a whole number"))
    }

    /// Piped, search prints one tab-separated line per result, each with the id `show` takes,
    /// and the fzf recipe of the README works: field 1 is the id, field 2 the kind.
    @Test func pipedOutputIsOneLinePerResult() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let piped = try await harness.run(["search", "jack"])
        #expect(piped.status == 0)
        let rows = piped.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        #expect(rows.count == 14)
        #expect(rows.allSatisfy { $0.count == 7 })
        // Lines are written as each source answers (#59): which kind comes first is the sources'.
        #expect(
            rows.first { $0.first == "263301273" }.map { Array($0) } == [
                "263301273", "song", "Jack Johnson", "This Bike Is a Pipe Bomb", "2004", "$0.99",
                "https://music.apple.com/us/album/jack-johnson/263301268?i=263301273&uo=4",
            ])
        let grepped = piped.stdout.split(separator: "\n").filter { $0.localizedCaseInsensitiveContains("upside") }
        #expect(grepped.count == 1 && grepped[0].hasPrefix("1469577741\tsong\tUpside Down\tJack Johnson\t2005"))
        for row in rows {
            let shown = try await harness.run(["show", String(row[0]), "--kind", String(row[1])])
            #expect(shown.status == 0, "\(row[0]) \(row[1]): \(shown.stderr)")
        }
        let jsonl = try await harness.run(["search", "jack", "--format", "jsonl"])
        let objects = try jsonl.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // Each run writes its lines as its sources answer (#59): the same results, in an order
        // that may differ where the kinds answered apart.
        let ids = objects.compactMap { $0["id"] as? String }
        #expect(ids.count == rows.count && Set(ids) == Set(rows.map { String($0[0]) }))
    }

    @Test func textOutputIsPlainWhenPiped() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let result = try await harness.run(["search", "jack", "--width", "80", "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("1. [SONG]"))
        #expect(result.stdout.contains("[PODCAST] 60 Minutes"))
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stderr.isEmpty)
        // Columns, not characters: a wide (CJK) or zero-width character counts as the terminal shows it.
        for line in result.stdout.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 80, "\(line)")
        }
    }

    @Test func badInputGetsUsageErrors() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        for arguments in [
            ["search", ""], ["search", "   "], ["search"], ["search", "x", "--country", "usa"],
            ["search", "x", "--country", "U1"], ["search", "x", "--limit", "abc"], ["search", "x", "--kind", "vinyl"],
            ["search", "x", "--lang", "xx"], ["search", "x", "--bogus"], ["search", "x", "--page", "0"], ["frobnicate"],
        ] {
            let result = try await harness.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("mediasearch: "))
        }
        // A value not among many allowed says them all on its one line (ArgumentParser writes
        // six or more as bullets below, which the one line used to cut).
        let format = try await harness.run(["search", "x", "--format", "tiles"])
        #expect(format.status == 64 && format.stderr.split(separator: "\n").count == 1, "\(format.stderr)")
        #expect(
            format.stderr.contains("one of the following: text, json, lines, jsonl, csv, m3u, opml"), "\(format.stderr)"
        )
        #expect(await harness.server.requests().isEmpty)
    }

    @Test(arguments: [("0", 1), ("-1", 1), ("201", 200), ("500", 200)])
    func limitsAreClampedWithANotice(limit: String, sent: Int) async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let result = try await harness.run(["search", "x", "--kind", "song", "--limit=\(limit)", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("outside 1-200"))
        #expect(await harness.server.requests().first?.query["limit"] == String(sent))
    }

    @Test func badConfigExits78NamingFileLineAndKey() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let cases = [
            ("limit: 30\ncolour: blue\n", ":2: colour: unknown key"),
            (
                "providers:\n  song:\n    rate_limit: 5/min\n",
                ":3: providers.song.rate_limit: a request budget belongs to the source; set providers.itunes.rate_limit"
            ),
            (
                "providers:\n  song:\n    timeout: 5\n",
                ":3: providers.song.timeout: a timeout belongs to the source; set providers.itunes.timeout"
            ),
            ("limit: [\n", "invalid YAML"),
            ("kinds: [song, vinyl]\n", ":1: kinds: unknown kind 'vinyl'"),
            ("explicit: 12\n", ":1: explicit: expected true or false"),
        ]
        for (yaml, expected) in cases {
            let path = try harness.runner.write(yaml, to: "bad.yaml")
            let result = try await harness.run(["search", "x", "--config", path])
            #expect(result.status == 78, "\(yaml)")
            #expect(result.stderr.contains(expected), "\(result.stderr)")
            #expect(result.stderr.contains("bad.yaml"))
        }
        let missing = try await harness.run(["search", "x", "--config", "/nonexistent.yaml"])
        #expect(missing.status == 78)
    }

    #if !PostgreSQL
        /// The default build has no shared store (the trait PostgreSQL adds it): a configuration
        /// that names one is refused in one line that says how to build it, and searches nothing.
        @Test func theDefaultBuildRefusesASharedStoreSayingHowToBuildOne() async throws {
            let harness = try await Harness.start()
            TestLifetime.stopAtEnd { await harness.stop() }
            let path = try harness.runner.write("store: postgresql://team@127.0.0.1:1/media\n", to: "store.yaml")
            let result = try await harness.run(["search", "x", "--config", path])
            #expect(result.status == 78, "\(result.stderr)")
            #expect(
                result.stderr.contains("store.yaml") && result.stderr.contains("--traits PostgreSQL"),
                "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(await harness.server.requests().isEmpty)
        }
    #endif

    @Test func someProvidersFailingExits3AndAllFailingExits69() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        await harness.server.inject(FaultRule(path: "/search", query: ["media": "movie"], fault: .status(500)))
        let (partial, document) = try await harness.searchJSON(["x"])
        #expect(partial.status == 3)
        let movie = try #require(document.providers.first { $0["kind"] as? String == "movie" })
        #expect((movie["error"] as? String)?.contains("HTTP 500") == true)
        #expect(document.kinds == ["song", "audiobook", "podcast"])
        #expect(partial.stderr.contains("movie: iTunes answered HTTP 500"))

        await harness.server.inject(
            FaultRule(path: "/search", fault: .body("<html>oops</html>", contentType: "text/html")))
        let all = try await harness.run(["search", "x", "--no-cache"])
        #expect(all.status == 69)
        #expect(all.stderr.contains("HTML page"))
    }

    /// A source's failure is named by its kind of media, as the footer names it (#60), and a
    /// search that found nothing while a source failed blames no spelling (the web says the same).
    @Test func aFailureIsNamedByItsKindOfMediaAndNoSpellingIsBlamed() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [song, deezer-song]\n", to: "songs.yaml")
        await harness.server.inject(FaultRule(path: "/deezer/search", fault: .status(500)))
        await harness.server.inject(
            FaultRule(
                path: "/search", fault: .body(#"{"resultCount": 0, "results": []}"#, contentType: "application/json")))
        let result = try await harness.run([
            "search", "nothing", "here", "--config", config, "--format", "text", "--width", "60", "--no-cache",
        ])
        #expect(result.status == 3)
        // Two sources of songs: the one that failed is named beside its kind, as in the footer.
        #expect(result.stderr.contains("mediasearch: song (Deezer): Deezer answered HTTP 500"), "\(result.stderr)")
        #expect(!result.stderr.contains("deezer-song"), "\(result.stderr)")
        let said = (result.stdout + result.stderr).replacingOccurrences(of: "\n", with: " ")
        #expect(said.contains("No results for \"nothing here\" from the sources that answered."), "\(said)")
        #expect(!said.contains("spelling"), "\(said)")
        // Nothing found with no failure: the advice, wrapped at the width asked.
        await harness.server.clearFaults()
        await harness.server.inject(
            FaultRule(
                path: "/search", fault: .body(#"{"resultCount": 0, "results": []}"#, contentType: "application/json")))
        await harness.server.inject(
            FaultRule(
                path: "/deezer/search", fault: .body(#"{"data": [], "total": 0}"#, contentType: "application/json")))
        let empty = try await harness.run([
            "search", "nothing", "at", "all", "--config", config, "--format", "text", "--width", "60", "--no-cache",
        ])
        #expect(empty.status == 0, "\(empty.stderr)")
        let lines = empty.stdout.split(separator: "\n")
        #expect(lines.first == "No results for \"nothing at all\". Try another kind", "\(empty.stdout)")
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 60 }, "\(empty.stdout)")
    }

    @Test func a400ShowsTheAPIMessage() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let body = try String(decoding: Fixtures.data("errors/afurkantitiz-resultEntity-400.json"), as: UTF8.self)
        await harness.server.inject(FaultRule(path: "/search", fault: .status(400, body: body)))
        let result = try await harness.run(["search", "x", "--kind", "song"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("iTunes rejected the request: invalid value for resultEntity"))
    }

    @Test func providersCommandListsKindsAndFilters() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [song]\n", to: "c.yaml")
        let result = try await harness.run(["providers", "--format", "json", "--config", config])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let providers = try #require(object?["providers"] as? [[String: Any]])
        #expect(
            providers.map { $0["kind"] as? String } == [
                "song", "movie", "audiobook", "podcast", "podcast-episode", "music-video", "album", "deezer-song",
                "deezer-album", "radio", "tv", "librivox", "musicbrainz", "musicbrainz-album", "openlibrary",
            ])
        #expect(providers.map { $0["enabled"] as? Bool } == [true] + Array(repeating: false, count: 14))
        let help = try await harness.run(["search", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--director <text>"))
    }

    /// A config of an earlier version (the top-level `itunes:` block) still loads and is obeyed,
    /// and the search says once, in one line, what the keys are called now.
    @Test func anOldItunesBlockStillWorksWithOneNotice() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        try harness.runner.write(
            "kinds: [song]\nitunes:\n  timeout: 8\n  rate_limit: 2\n", to: "config/mediasearch/config.yaml")
        let first = try await harness.run(["search", "jack", "--format", "lines"])
        #expect(first.status == 0, "\(first.stderr)")
        let lines = first.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(first.stderr)")
        #expect(
            lines.first?.hasSuffix(
                "config.yaml:3: itunes.timeout is now providers.itunes.timeout, itunes.rate_limit is now "
                    + "providers.itunes.rate_limit (a rate such as 20/min); the old spelling still works") == true,
            "\(first.stderr)")
        // The old rate is obeyed: two requests a minute, so a third search has to wait, and
        // `--no-wait` says so rather than asking.
        _ = try await harness.run(["search", "johnson", "--format", "lines"])
        let third = try await harness.run(["search", "banana", "--format", "lines", "--no-wait"])
        #expect(third.status != 0 && third.stderr.contains("budget"), "\(third.stderr)")
    }

    /// The music-video kind is off by default and on once `kinds:` names it (moved from the
    /// in-process provider tests: it drives the binary).
    @Test func theMusicVideoKindIsOffUntilEnabled() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (defaults, document) = try await harness.searchJSON(["touch"])
        #expect(defaults.status == 0)
        #expect(!document.kinds.contains("music-video"))
        let config = try harness.runner.write("kinds: [song, music-video]\n", to: "mv.yaml")
        let (enabled, withVideos) = try await harness.searchJSON(["touch", "--config", config])
        #expect(enabled.status == 0)
        #expect(withVideos.kinds == ["song", "music-video"])
        let video = try #require(withVideos.results.first { $0["kind"] as? String == "music-video" })
        #expect(video["title"] as? String == "U Can't Touch This")
        let detail = try await harness.run(["show", "1515958993", "--config", config])
        #expect(detail.status == 0, "\(detail.stderr)")
        #expect(detail.stdout.contains("Music video\n  Artist"))
    }

    /// Podcast episodes across every podcast (#74 item 4), through the binary and the fixture
    /// server: `entity=podcastEpisode` asked, the newest first by date, one show kept by `--show`,
    /// the detail with its description and show, the M3U with each whole episode.
    @Test func podcastEpisodesAreAKindOfTheirOwn() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [podcast, podcast-episode]\n", to: "episodes.yaml")
        let (status, document) = try await harness.searchJSON(
            ["budden", "--kind", "podcast-episode", "--sort", "date", "--reverse", "--config", config])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(document.kinds == ["podcast-episode"])
        let titles = document.results.compactMap { $0["title"] as? String }
        #expect(titles.count == 25 && titles.first == "Episode 721 | \"Unbuttoned\"", "\(titles)")
        #expect(document.results.allSatisfy { $0["subtitle"] as? String == "The Joe Budden Podcast" })
        let detail = try await harness.run(["show", "--result", "1", "--config", config])
        #expect(detail.status == 0, "\(detail.stderr)")
        #expect(detail.stdout.contains("Podcast       The Joe Budden Podcast"), "\(detail.stdout)")
        #expect(detail.stdout.contains("Kendrick Lamar"), "the episode's description")
        let none = try await harness.searchJSON(
            ["budden", "--kind", "podcast-episode", "--show", "sixty minutes", "--config", config])
        #expect(none.1.results.isEmpty)
        let playlist = try await harness.run(
            ["search", "budden", "--kind", "podcast-episode", "--format", "m3u", "--config", config])
        #expect(playlist.stdout.contains("#EXTINF:12974,The Joe Budden Podcast - Episode 721"))
        #expect(playlist.stdout.components(separatedBy: "#EXTINF:").count == 26, "each of the 25 episodes, whole")
        let text = try await harness.run(
            ["search", "budden", "--kind", "podcast-episode", "--format", "text", "--config", config])
        #expect(text.stdout.contains("1. [EPISODE] Episode 721"), "a short badge leaves the title room: \(text.stdout)")
    }
}
