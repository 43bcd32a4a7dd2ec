import Foundation
import MediaSearchCLI
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import Synchronization
import TestSlots
import Testing

@Suite("Terminal output, end to end", .slots, .tags(.e2e))
struct TerminalOutputTests {
    /// With the built-in defaults (iTunes and the free sources on by default), the footer stays
    /// one 80-column line and counts by kind of media, whatever the source (#60): iTunes' and
    /// Deezer's songs are one count; the kinds that found nothing are named together, or only
    /// counted when naming them would not fit; a source that failed is named beside its kind.
    @Test func theFooterOfEveryDefaultSourceFitsOneLine() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        try harness.runner.removeUserConfiguration()
        // Sorted, a page waits for every source: no source is late however slow the machine, so
        // the footer's words depend on the answers alone.
        func footer(_ words: [String], width: Int = 80, environment: [String: String] = [:]) async throws -> String {
            let result = try await harness.run(
                ["search"] + words + ["--width", String(width), "--format", "text", "--sort", "title"],
                environment: environment)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            return try #require(lines.last { $0.contains(" results · ") }, "\(result.stderr)")
        }
        // The recorded Deezer, TVmaze, Open Library and Radio Browser have nothing for this term.
        let four = try await footer(["jack", "johnson"])
        #expect(four == "14 results · song 5 · movie 7 · audiobook 1 · podcast 1 · 3 kinds found nothing")
        let klara = try await footer(["klara", "--kind", "radio,tv"])
        #expect(klara == "10 results · radio 10 · nothing from tv show · page 1")
        // iTunes' 5 songs and Deezer's 12: one count of songs.
        let songs = try await footer(["daft", "punk"])
        #expect(songs == "26 results · song 17 · movie 7 · audiobook 1 · podcast 1 · 3 kinds found nothing", "\(songs)")
        #expect(DisplayWidth.of(four) <= 80 && DisplayWidth.of(klara) <= 80 && DisplayWidth.of(songs) <= 80)
        let wide = try await footer(["jack", "johnson"], width: 160)
        #expect(wide.hasSuffix("podcast 1 · nothing from tv show, book, radio · page 1"), "\(wide)")
        // Deezer out of reach: its kind's count is iTunes' alone, and Deezer is named as failed.
        let failed = try await footer(
            ["daft", "punk"], environment: ["MEDIASEARCH_DEEZER_URL": "http://127.0.0.1:9"])
        #expect(failed.hasPrefix("14 results · song 5 · song (Deezer) failed · movie 7"), "\(failed)")
        // The demo's config, every source on: with six kinds that found something the line is
        // still one, the last kinds' counts folded into one (it wrapped mid-word before).
        let demo = try harness.runner.write(
            SourceVariables.configuration(base: harness.server.baseURL), to: "demo.yaml")
        let every = try await footer(["jack", "--config", demo])
        #expect(DisplayWidth.of(every) <= 80, "\(every)")
        #expect(every.contains(" other kinds "), "\(every)")
        let total = try #require(Int(every.prefix { $0.isNumber }))
        let counted = every.split(separator: " · ").dropFirst().compactMap { entry in
            entry.split(separator: " ").last.flatMap { Int($0) }
        }
        #expect(counted.reduce(0, +) == total, "\(every)")
    }

    /// Badges name the kind of media whatever the source (#60): Deezer's and MusicBrainz's songs
    /// are [SONG], a release [ALBUM], TVmaze's shows [TV SHOW], Open Library's works [BOOK].
    @Test func badgesNameTheKindOfMediaWhateverTheSource() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(
            "kinds: [song, deezer, radio, tv, openlibrary, librivox, musicbrainz, musicbrainz-album]\n",
            to: "every.yaml")
        var badges: Set<String> = []
        for term in ["daft punk", "silicon valley", "klara", "time war", "all"] {
            let result = try await harness.run([
                "search", term, "--config", config, "--format", "text", "--width", "160",
            ])
            badges.formUnion(result.stdout.matches(of: /\d+\. \[([A-Z -]+)\]/).map { String($0.1) })
        }
        #expect(badges.isSubset(of: ["SONG", "ALBUM", "TV SHOW", "RADIO", "BOOK", "AUDIOBOOK"]), "\(badges)")
        #expect(badges.isSuperset(of: ["SONG", "ALBUM", "TV SHOW", "RADIO", "BOOK"]), "\(badges)")
    }

    /// The whole text output of a mixed-kind search, fixed width, piped (no color).
    @Test func goldenMixedKindSearch() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(CommandRunner.userConfiguration + "limit: 2\n", to: "two.yaml")
        // The config by its variable, so that the next page's command (which names what was
        // typed) is as short as a person's, not a temporary folder's path longer than the line.
        let result = try await harness.run(
            ["search", "jack", "johnson", "--width", "80", "--format", "text"],
            environment: ["MEDIASEARCH_CONFIG": config])
        #expect(result.status == 0)
        let expected = """
            1. [SONG] Jack Johnson                   2. [MOVIE] Star Wars: The Force Awake…
               This Bike Is a Pipe Bomb                 J.J. Abrams
               1:57 · Three Way Tie for a Fifth         2015 · 2 h 18 min · PG-13 · $7.99

            3. [AUDIOBOOK] Moby Dick: or the Whal…   4. [PODCAST] 60 Minutes
               Herman Melville                          CBS News Radio
               Classics · $15.99 · 2011                 320 episodes · News

            5. [SONG] Jack Johnson                   6. [MOVIE] Star Wars: The Empire Stri…
               Sydney Rhame                             Irvin Kershner
               2:56 · Keep Dancing · $0.99 · Pop        1980 · 2 h 7 min · PG · $7.99

            6 results · song 2 · movie 2 · audiobook 1 · podcast 1 · page 1
            More: mediasearch search jack johnson --page 2
            Details: mediasearch show --result N

            """
        #expect(result.stdout == expected)
    }

    @Test func groupedSortedAndNarrowLayouts() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let grouped = try await harness.run([
            "search", "x", "--group", "--width", "40", "--kind", "song,podcast", "--format", "text",
        ])
        #expect(grouped.stdout.hasPrefix("── Songs (5) ──\n1. [SONG]"))
        #expect(grouped.stdout.contains("── Podcasts (1) ──\n6. [PODCAST] 60 Minutes"))
        let (_, byPrice) = try await harness.searchJSON(["x", "--kind", "movie", "--sort", "date", "--reverse"])
        let titles = byPrice.results.compactMap { $0["title"] as? String }
        #expect(titles.first == "Star Wars: The Force Awakens")
        #expect(titles.last == "Star Wars: A New Hope")
        let bad = try await harness.run(["search", "x", "--sort", "loudness"])
        #expect(bad.status == 64)
    }

    @Test func emptyResultsSayWhatToTry() async throws {
        let harness = try await Harness.start(routes: FixtureRoutes(search: [:]))
        TestLifetime.stopAtEnd { await harness.stop() }
        let result = try await harness.run(["search", "zzzz", "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("No results for \"zzzz\". Try another kind"))
    }

    @Test func pagingFollowsTheOffsetAndNoticesARepeatedPage() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (_, first) = try await harness.searchJSON(["jack", "--kind", "song", "--limit", "2"])
        #expect(first["hasMore"] as? Bool == true)
        let (_, second) = try await harness.searchJSON(["jack", "--kind", "song", "--limit", "2", "--page", "2"])
        #expect(await harness.server.requests().last?.query["offset"] == "2")
        #expect(
            Set(first.results.compactMap { $0["id"] as? String }).isDisjoint(
                with: second.results.compactMap { $0["id"] as? String }))

        await harness.server.setRoutes(
            FixtureRoutes(search: FixtureRoutes.default.search, honorsOffset: false))
        _ = try await harness.run(["search", "love", "--kind", "song", "--limit", "2", "--no-cache"])
        let repeated = try await harness.run([
            "search", "love", "--kind", "song", "--limit", "2", "--page", "2", "--no-cache", "--format", "text",
        ])
        #expect(repeated.status == 0)
        #expect(repeated.stdout == "No more results: page 2 repeats page 1.\n")
    }

    /// #75 item 8: the next page's command, wider than the terminal, is broken between words as
    /// a shell continues a line (` \`, the next line indented), never inside a word, a quoted term
    /// or between an option and its value; pasted into a shell, its lines are the one command.
    @Test func theNextPagesCommandFitsANarrowTerminalAndStaysOneCommand() async throws {
        let harness = try await Harness.start(
            routes: FixtureRoutes(search: FixtureRoutes.default.search, fillToLimit: true))
        TestLifetime.stopAtEnd { await harness.stop() }
        let result = try await harness.run([
            "search", "jack johnson", "--kind", "song", "--limit", "1", "--genre", "Alternative", "--country", "gb",
            "--sort", "price", "--format", "text", "--width", "50",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 50 }, "\(lines.filter { DisplayWidth.of($0) > 50 })")
        let start = try #require(lines.firstIndex { $0.hasPrefix("More: ") }, "\(result.stdout)")
        let end = try #require(lines[start...].firstIndex { !$0.hasSuffix(" \\") })
        #expect(end > start, "the command takes more than one line at 50 columns: \(lines[start...end])")
        #expect(lines[(start + 1)...end].allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") })
        #expect(
            lines[start..<end].allSatisfy { !($0.dropLast(2).split(separator: " ").last?.hasPrefix("-") ?? true) },
            "an option is never parted from its value: \(lines[start...end])")
        // As a shell reads the lines: the words of the one command, the quoted term one word.
        let pasted = lines[start...end].joined(separator: "\n").dropFirst("More: mediasearch ".count)
        let shell = try await harness.runner.run(
            program: URL(fileURLWithPath: "/bin/sh"), ["-c", "printf '%s\\n' " + pasted])
        #expect(
            shell.stdout.split(separator: "\n").map(String.init) == [
                "search", "jack johnson", "--kind", "song", "--genre", "Alternative", "--limit", "1", "--country", "gb",
                "--sort", "price", "--page", "2",
            ], "\(shell.stdout)")
    }

    /// The "More:" line is this search one page on: following it keeps the filters, storefront,
    /// explicitness and order, so page 2 continues page 1 (it used to drop all of them).
    @Test func theNextPagesCommandKeepsEverythingThatShapesTheResults() async throws {
        let harness = try await Harness.start(
            routes: FixtureRoutes(search: FixtureRoutes.default.search, fillToLimit: true))
        TestLifetime.stopAtEnd { await harness.stop() }
        let first = try await harness.run([
            "search", "jack", "--kind", "song", "--limit", "1", "--genre", "Alternative", "--country", "gb",
            "--no-explicit", "--sort", "price", "--reverse", "--format", "text", "--width", "160",
        ])  // wide enough for the whole command on one line (a narrower one: the test above)
        #expect(first.status == 0, "\(first.stderr)")
        let more = try #require(first.stdout.split(separator: "\n").first { $0.hasPrefix("More: ") }, "\(first.stdout)")
        #expect(
            more
                == "More: mediasearch search jack --kind song --genre Alternative --limit 1 --country gb"
                + " --no-explicit --sort price --reverse --page 2")
        // Following it asks the source for the second page with the same filter and storefront.
        let words =
            ["search", "jack", "--kind", "song", "--genre", "Alternative", "--limit", "1"]
            + ["--country", "gb", "--no-explicit", "--sort", "price", "--reverse", "--page", "2"]
        #expect(more.split(separator: " ").count == words.count + 2)
        let second = try await harness.run(words + ["--format", "json"])
        #expect(second.status == 0, "\(second.stderr)")
        let asked = try #require(await harness.server.requests().last)
        #expect(asked.query["offset"] == "1")
        #expect(asked.query["country"] == "GB")
        #expect(asked.query["explicit"] == "No")

        // Asked by offset, the next page starts where this one ended.
        let byOffset = try await harness.run([
            "search", "jack", "--kind", "song", "--limit", "2", "--offset", "1", "--format", "text",
        ])
        let next = byOffset.stdout.split(separator: "\n").first { $0.hasPrefix("More: ") }
        #expect(next == "More: mediasearch search jack --kind song --limit 2 --offset 3", "\(byOffset.stdout)")
        // Clamped, the limit the next offset adds is the one the page had (200, not 500).
        let clamped = try await harness.run([
            "search", "jack", "--kind", "song", "--limit", "500", "--offset", "0", "--format", "text",
        ])
        let clampedMore = try #require(
            clamped.stdout.split(separator: "\n").first { $0.hasPrefix("More: ") }, "\(clamped.stdout)")
        #expect(clampedMore.hasSuffix("--limit 200 --offset 200"), "\(clampedMore)")
        // A word that starts with '-' stays a word: it goes last, after --.
        let dashed = try await harness.run([
            "search", "--kind", "song", "--limit", "1", "--format", "text", "--", "-ray",
        ])
        #expect(
            dashed.stdout.contains("More: mediasearch search --kind song --limit 1 --page 2 -- -ray\n"),
            "\(dashed.stdout)")
        // The last page there can be is no crash: its More: line stays on it.
        let command = try SearchCommand.parse(["jack", "--limit", "1", "--page", "9223372036854775807"])
        var request = SearchRequest(term: "jack", limit: 1, country: "US", explicit: true)
        request.page = Int.max
        #expect(command.nextPageCommand(request, defaultLimit: 30).hasSuffix("--page 9223372036854775807"))
    }

    @Test func historyAndSuggestCommands() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        for term in ["The Score", "Scorpions", "underscore", "beatles", "scorpions"] {
            _ = try await harness.run(["search", term, "--kind", "song"])
        }
        let history = try await harness.run(["history"])
        #expect(history.stdout == "1. scorpions\n2. beatles\n3. underscore\n4. The Score\n")
        let suggest = try await harness.run(["suggest", "SCOR"])
        #expect(suggest.stdout == "scorpions\nunderscore\nThe Score\n")
        _ = try await harness.run(["history", "--clear"])
        #expect(try await harness.run(["history"]).stdout == "No searches yet.\n")
    }

    @Test func mistypedCommandsAndKindsGetASuggestion() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let command = try await harness.run(["serch", "jack"])
        #expect(command.status == 64)
        #expect(
            command.stderr
                == "mediasearch: unknown command 'serch'; did you mean 'search'? (see 'mediasearch --help')\n")
        let kind = try await harness.run(["search", "jack", "-k", "podcst"])
        #expect(kind.status == 64)
        #expect(kind.stderr.contains("unknown kind 'podcst'; did you mean 'podcast'?"))
        let nothing = try await harness.run(["xyzzy"])
        #expect(nothing.stderr == "mediasearch: unknown command 'xyzzy' (see 'mediasearch --help')\n")
        #expect(await harness.server.requests().isEmpty)
    }

    /// Help read at 80 columns: nothing runs past the edge, no paragraph breaks mid-sentence, each
    /// command lists only the options it takes, and search names the kinds --kind takes.
    @Test func helpFitsEightyColumnsAndTellsTheTruth() async throws {
        let runner = try CommandRunner()
        let commands = [
            [], ["search"], ["show"], ["open"], ["providers"], ["history"], ["suggest"], ["cache"], ["library"],
            ["config"], ["config", "show"], ["serve"], ["star"], ["unstar"], ["lists"], ["list"],
        ]
        for command in commands {
            let help = try await runner.run(command + ["--help"], environment: ["COLUMNS": "80"])
            let name = command.joined(separator: " ")
            #expect(help.status == 0, "\(name)")
            for line in help.stdout.split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= 80, "\(name): \(line)")
            }
            // A prose line that ends without a stop, a colon or a comma, followed by one that
            // starts in lower case, is a sentence broken by a hard wrap before the screen's edge.
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (line, next) in zip(lines, lines.dropFirst()) where !line.hasPrefix(" ") && !line.isEmpty {
                let broken = line.count < 60 && next.first?.isLowercase == true && !line.hasSuffix(".")
                #expect(!broken, "\(name): a paragraph broken after '\(line)'")
            }
            // An indented line (an example, an option's text) is followed by another indented one
            // or a heading: one that goes on at the left edge in lower case was wrapped there.
            for (line, next) in zip(lines, lines.dropFirst()) where line.hasPrefix("  ") {
                #expect(next.first?.isLowercase != true, "\(name): '\(line)' wraps onto '\(next)'")
            }
            #expect(help.stdout.firstMatch(of: /\([A-Z][0-9]+\)/) == nil, "\(name): a requirement code")
        }
        for command in ["serve", "open"] {
            let help = try await runner.run([command, "--help"])
            for option in ["--format", "--color", "--no-pager"] {
                #expect(!help.stdout.contains(option), "\(command) --help offers \(option)")
            }
        }
        let search = try await runner.run(["search", "--help"], environment: ["COLUMNS": "80"])
        let flowing = search.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.components(separatedBy: "values: relevance").count == 2, "--sort lists its values once")
        #expect(!search.stdout.contains("Order: relevance"))
        #expect(search.stdout.contains("enabled: song, movie, audiobook, podcast"))
        #expect(flowing.contains("off: podcast-episode, music-video, album"))
        let serve = try await runner.run(["serve", "--help"])
        #expect(serve.stdout.contains("/openapi.json") && !serve.stdout.contains("openapi.yaml"))
        #expect(flowing.contains("date oldest first"), "--sort date says which way it runs")
    }

    /// `serve --open` with a browser that fails says so in one line, as `open` does, and none of
    /// the opener's own noise; the server still serves.
    @Test func serveOpenWithoutABrowserSaysSoInOneLine() async throws {
        let runner = try CommandRunner()
        let browser = try runner.write(
            "#!/bin/sh\necho 'xdg-open: 882: www-browser: not found' >&2\necho noise\nexit 3\n", to: "nobrowser")
        chmod(browser, 0o755)
        let process = ChildProcess()
        process.executableURL = runner.executable
        process.arguments = ["serve", "--port", "0", "--open"]
        process.environment = runner.environment(["BROWSER": browser])
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.endsWithTheTest()
        process.watchdog(seconds: 60) { true }
        let first = await out.firstLine()
        #expect(first.hasPrefix("Serving MediaSearch on http://127.0.0.1:"))
        let said = await err.firstLine()
        #expect(said.hasPrefix("mediasearch: could not open http://127.0.0.1:"), "\(said)")
        #expect(said.contains("nobrowser exited with status 3") && said.contains("set $BROWSER"), "\(said)")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let rest = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!rest.contains("www-browser") && !printed.contains("noise"), "the opener's own output is not shown")
    }

    /// bash, with the generated script, completes option values the way a user's Tab would.
    @Test func bashCompletesKindsCountriesAndLanguages() async throws {
        let runner = try CommandRunner()
        let script = try await runner.run(["--generate-completion-script", "bash"])
        let completions = try runner.write(script.stdout, to: "mediasearch.bash")
        let driver = try runner.write(
            """
            source '\(completions)'
            complete_line() {
              COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
              read -ra COMP_WORDS <<< "$COMP_LINE"
              [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
              COMP_WORDS[0]='\(runner.executable.path)'
              COMPREPLY=()
              _mediasearch mediasearch "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
              echo "${COMPREPLY[*]}"
            }
            complete_line "mediasearch search x --kind "
            complete_line "mediasearch show 1 --kind a"
            complete_line "mediasearch search x --country g"
            complete_line "mediasearch search x -c FR"
            complete_line "mediasearch search x --lang "
            """, to: "drive.sh")
        let result = try await CommandRunner(executable: URL(fileURLWithPath: "/bin/bash"), home: runner.home).run(
            [driver])
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                "song movie audiobook podcast podcast-episode music-video album deezer-song deezer-album radio tv librivox "
                    + "musicbrainz musicbrainz-album openlibrary itunes deezer radio-station tv-show book",
                "audiobook album",
                "ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy", "FR", "en_us ja_jp",
            ], "\(result.stdout)\(result.stderr)")
    }

    @Test func installPiecesWork() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        for shell in ["bash", "zsh", "fish"] {
            let script = try await harness.run(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.stdout.contains("search"), "\(shell)")
        }
        let version = try await harness.run(["-V"])
        #expect(version.status == 0 && version.stdout == "1.0.0\n")
    }
}

/// The binary on a real terminal: `script` gives it a pseudo-terminal, as a user's shell would.
/// Linux only: `script -e -c` and the pty driver's options are util-linux's and Linux's.
#if os(Linux)
    private let onLinux = true
#else
    private let onLinux = false
#endif

@Suite("On a terminal", .enabled(if: onLinux), .slots, .tags(.e2e))
struct PagerTests {
    /// What `Tests/Terminal/pty_session.py` saw of a run on a real 80x24 terminal.
    struct Session: Decodable {
        var status: Int?
        var seen: Bool
        var sent: Bool
        var output: String
    }

    /// Runs `mediasearch` as the session leader of a new 80x24 pseudo-terminal, with the real
    /// `less` as its pager; once the screen shows `waitFor`, types `keys`.
    /// `command` runs in place of `mediasearch` (e.g. a shell piping it), with `arguments` after it.
    func onPTY(
        _ harness: Harness, _ arguments: [String], waitFor: String, keys: String, columns: Int = 80,
        command: [String]? = nil, environment: [String: String] = [:], signalFile: String? = nil,
        afterFile: String? = nil
    ) async throws -> Session {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Terminal/pty_session.py")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let runner = CommandRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), home: harness.runner.home)
        let result = try await runner.run(
            [
                "python3", driver.path, "--rows", "24", "--cols", String(columns), "--wait-for", waitFor, "--settle",
                "1", "--send", keys, "--timeout", "30",
            ] + (signalFile.map { ["--signal-file", $0] } ?? []) + (afterFile.map { ["--after-file", $0] } ?? [])
                + ["--"]
                + (command ?? [harness.runner.executable.path]) + arguments,
            environment: [
                "MEDIASEARCH_ITUNES_URL": harness.server.baseURL, "TERM": "xterm-256color", "PATH": path,
            ].merging(environment) { _, new in new }, timeout: 60)
        #expect(result.status == 0, "the pty driver failed: \(result.stderr)")
        return try JSONDecoder().decode(Session.self, from: Data(result.stdout.utf8))
    }

    @Test("On an 80x24 terminal, output longer than the screen is paged by less, and q quits it")
    func realPagerQuitsOnQ() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let session = try await onPTY(harness, ["search", "jack"], waitFor: "\\[SONG\\]", keys: "q")
        #expect(session.seen, "nothing was shown: \(session.output.suffix(400).debugDescription)")
        #expect(session.status == 0, "status \(String(describing: session.status)) (nil: hung)")
        // The pager showed one screen: the last lines were waiting below it.
        #expect(!session.output.contains("14 results"), "\(session.output.suffix(400).debugDescription)")
    }

    @Test("On a terminal, lists prints its lists in columns, the counts right-aligned")
    func listsInColumns() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        _ = try await harness.run(["search", "jack", "--format", "lines"])
        for (result, list) in [("1", "starred"), ("2", "to hear later"), ("3", "to hear later")] {
            #expect(try await harness.run(["star", "--result", result, "--list", list]).status == 0)
        }
        let session = try await onPTY(harness, ["lists"], waitFor: "later", keys: "")
        #expect(session.status == 0)
        #expect(session.output.contains("starred        1\r\nto hear later  2"), "\(session.output.debugDescription)")
        // Piped, one tab between the name and the count, as before.
        #expect(try await harness.run(["lists"]).stdout == "starred\t1\nto hear later\t2\n")
    }

    @Test("A single Ctrl-C in the pager ends the command (130), keeping its history")
    func realPagerEndsOnOneCtrlC() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        // The key goes once the pager has drawn the page (the test review's finding 4.2: sent a
        // fixed 0.5 s after the tiles showed, it reached a pager not yet started under load).
        let started = harness.runner.home.appendingPathComponent("pager-started").path
        let session = try await onPTY(
            harness, ["search", "jack"], waitFor: "\\[SONG\\]", keys: "\\x03",
            environment: ["PAGER": "touch '\(started)'; exec less -FRXK"], afterFile: started)
        #expect(session.seen && session.sent)
        #expect(session.status == 130, "status \(String(describing: session.status)) (nil: hung)")
        let history = try await harness.run(["history"])
        #expect(history.stdout == "1. jack\n")
    }

    /// `search klara` of `kinds` on a pseudo-terminal, the radio held until the screen shows the
    /// songs, so that it is late however fast or slow the machine: no clock decides the outcome.
    func searchWithTheRadioLate(
        _ harness: Harness, kinds: String, extra: [String] = [], columns: Int = 80
    ) async throws -> Session {
        let gate = FaultGate()
        defer { gate.open() }
        await harness.server.inject(FaultRule(path: "/json/stations/search", fault: .hold(gate)))
        let config = try harness.runner.write("kinds: [\(kinds)]\n", to: "late.yaml")
        let signal = harness.runner.home.appendingPathComponent("songs-shown").path
        let opener = Task {
            while !FileManager.default.fileExists(atPath: signal) { try await Task.sleep(for: .milliseconds(20)) }
            gate.open()
        }
        defer { opener.cancel() }
        return try await onPTY(
            harness, ["search", "klara", "--config", config] + extra, waitFor: "\\[SONG\\]", keys: "",
            columns: columns,
            environment: [
                "MEDIASEARCH_RADIO_URL": harness.server.baseURL,
                "MEDIASEARCH_TV_URL": harness.server.baseURL + "/tvmaze",
            ], signalFile: signal)
    }

    /// #75 item 8: with a late source, every line a search writes fits the terminal, the footer
    /// included (it wrapped mid-word at 80 and 50 columns: `2 other ki` / `nds 30`), at 50, 80
    /// and 120 columns; a late source that found something stays named as late.
    @Test(arguments: [50, 80, 120])
    func everyLineFitsWithALateSource(columns: Int) async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let session = try await searchWithTheRadioLate(
            harness, kinds: "song, movie, podcast, tv, radio", extra: ["--no-pager"], columns: columns)
        #expect(session.seen && session.status == 0, "\(session.output.suffix(400).debugDescription)")
        let plain = session.output.replacing(/\e\]8;;[^\e]*\e\\/, with: "").replacing(/\e\[[0-9;?]*[A-Za-z]/, with: "")
        let lines = plain.components(separatedBy: "\r\n").map { $0.components(separatedBy: "\r").last ?? "" }
        let wide = lines.filter { DisplayWidth.of($0) > columns }
        #expect(wide.isEmpty, "wider than \(columns): \(wide)")
        let footer = lines.drop { !$0.contains(" results · ") }.prefix { !$0.hasPrefix("Details:") }
        #expect(!footer.isEmpty && footer.joined(separator: " ").contains("radio 10 (late"), "\(footer)")
    }

    /// On a terminal, the tiles of the sources that answered show while a late one is pending
    /// (the spinner names it); its tiles follow, numbered on, and the footer says it was late.
    @Test func aLateSourcesTilesFollowTheOthers() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let session = try await searchWithTheRadioLate(harness, kinds: "song, radio")
        let output = session.output
        #expect(session.seen && session.status == 0, "\(output.suffix(400).debugDescription)")
        let songs = try #require(output.range(of: "[SONG]"))
        let station = try #require(output.range(of: "[RADIO"), "\(output.suffix(600).debugDescription)")
        #expect(songs.upperBound < station.lowerBound)
        #expect(
            output[songs.upperBound..<station.lowerBound].contains("searching radio"),
            "under the songs, the spinner names the radio")
        #expect(output.contains("(late, "), "the footer says the radio was late")
        let numbers = output.matches(of: /(\d+)\. (?:\e\[[0-9;]*m)*\[/).compactMap { Int($0.1) }
        #expect(!numbers.isEmpty && numbers == Array(1..<(numbers.count + 1)), "numbered on: \(numbers)")
    }

    /// Ctrl-C while a late source is pending ends the search (130) and keeps what it showed:
    /// `show --result 1` opens the first tile on the screen, not the search before.
    @Test func ctrlCWhileASourceIsLateKeepsTheTilesShown() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let gate = FaultGate()
        defer { gate.open() }
        await harness.server.inject(FaultRule(path: "/json/stations/search", fault: .hold(gate)))
        let config = try harness.runner.write("kinds: [song, radio]\n", to: "late.yaml")
        let environment = ["MEDIASEARCH_RADIO_URL": harness.server.baseURL]
        // An earlier search with other results: what `show --result 1` must no longer open.
        let earlier = try await harness.run(["search", "jack", "--kind", "movie", "--format", "json"])
        #expect(earlier.status == 0)
        let session = try await onPTY(
            harness, ["search", "klara", "--config", config], waitFor: "\\[SONG\\]", keys: "\\x03",
            environment: environment)
        #expect(session.seen && session.sent)
        #expect(session.status == 130, "status \(String(describing: session.status)) (nil: hung)")
        let shown = try await harness.run(
            ["show", "--result", "1", "--format", "json", "--config", config], environment: environment)
        let document = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(document?["kind"] as? String == "song", "\(shown.stdout.prefix(200)) \(shown.stderr)")
    }

    @Test("The spinner names what is pending, counts a budget wait down, and never shows an empty list")
    func spinnerOnATerminal() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        // The budget's slots free 10 s from now: a wait even for a child that starts late.
        let config = try harness.runner.write(
            CommandRunner.userConfiguration + "providers:\n  itunes: {rate_limit: 4/min}\n", to: "slow.yaml")
        var budget = Configuration()
        budget.environmentURLs["MEDIASEARCH_ITUNES_URL"] = URL(string: harness.server.baseURL)!
        spendBudget(
            inCache: harness.runner.home.appendingPathComponent("cache/mediasearch"),
            name: budget.budget(forSource: "itunes").key, count: 4, age: 50)
        await harness.server.inject(FaultRule(path: "/search", fault: .delay(.milliseconds(300))))
        let session = try await onPTY(
            harness, ["search", "jack", "--no-pager", "--config", config], waitFor: "results", keys: "")
        #expect(session.status == 0, "\(session.output.suffix(300).debugDescription)")
        let frames = session.output.components(separatedBy: "\r\u{1B}[2K").map { $0.prefix { $0 != "\r" } }
        let spinning = frames.filter { $0.contains(" searching ") }
        // 80 columns: the kinds are cut so that the count-down fits the row (a row that wrapped
        // would stay behind at each frame).
        #expect(spinning.contains { $0.contains("searching song, movie, audiobook, ") })
        #expect(spinning.contains { $0.contains("(waiting ") && $0.hasSuffix(" s for the request budget)") })
        #expect(spinning.allSatisfy { DisplayWidth.of(String($0)) <= 79 }, "\(spinning)")
        #expect(Set(spinning.compactMap(\.first)).count > 3, "the spinner turned")
        #expect(!spinning.contains { $0.contains("searching …") }, "an empty list was shown")
    }

    /// With its output piped, the spinner still runs on standard error's terminal, and fits that
    /// terminal's row, read as the search runs.
    @Test func pipedTheSpinnerFitsStandardErrorsTerminal() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        await harness.server.inject(FaultRule(path: "/search", fault: .delay(.milliseconds(400))))
        // The pipe's reader writes the results to the same terminal once the search has ended: a
        // `cat` wrote them whenever it read them, so part of a line could land right after a frame
        // ("… searching audiobook, podcast…263301273", seen under load), and no character tells
        // where a frame ends and a result's bytes begin.
        let session = try await onPTY(
            harness, ["search", "jack", "--no-pager"], waitFor: "Jack Johnson", keys: "", columns: 40,
            command: [
                "/bin/sh", "-c", #"exec "$0" "$@" | { out=$(cat); printf '%s\n' "$out"; }"#,
                harness.runner.executable.path,
            ])
        #expect(session.status == 0, "\(session.output.suffix(300).debugDescription)")
        let frames = session.output.components(separatedBy: "\r\u{1B}[2K").map {
            $0.prefix { $0 != "\r" && $0 != "\n" }
        }
        let spinning = frames.filter { $0.contains(" searching ") }
        #expect(!spinning.isEmpty, "\(session.output.prefix(300).debugDescription)")
        #expect(spinning.allSatisfy { DisplayWidth.of(String($0)) <= 39 }, "\(spinning)")
    }

    @Test("On a terminal, show's links are OSC 8 links: a long one shows its address cut to the line, and opens whole")
    func showsLinksOnATerminalFitTheLine() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let session = try await onPTY(harness, ["show", "263301273", "--no-pager"], waitFor: "Store", keys: "")
        #expect(session.status == 0, "\(session.output.suffix(400).debugDescription)")
        let url = "https://music.apple.com/us/album/jack-johnson/263301268?i=263301273&uo=4"
        #expect(session.output.contains("\u{1B}]8;;\(url)\u{1B}\\"), "the link's target is the whole URL")
        let screen = TextStyle.stripEscapes(session.output).replacingOccurrences(of: "\r", with: "")
        let store = try #require(screen.split(separator: "\n").first { $0.contains("Store") }, "\(screen)")
        #expect(store.hasSuffix("  music.apple.com/us/album/jack-johnson/263301268?i=263301273&uo=4"), "\(store)")
        // Narrower, the address is cut to the line; the link still opens the whole URL.
        let narrow = try await onPTY(
            harness, ["show", "263301273", "--no-pager", "--width", "50"], waitFor: "Store", keys: "")
        #expect(narrow.output.contains("\u{1B}]8;;\(url)\u{1B}\\"), "the link's target is the whole URL")
        // Each row as the terminal shows it: what follows its last carriage return (a spinner's
        // frames, under load, each clear the row and write over it).
        let lines = TextStyle.stripEscapes(narrow.output).replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n").map { $0.split(separator: "\r", omittingEmptySubsequences: false).last ?? "" }
        let cut = try #require(lines.first { $0.contains("Store") })
        #expect(cut.hasSuffix("  music.apple.com/us/album/jack-johnson…"), "\(cut)")
        for line in lines {
            #expect(DisplayWidth.of(String(line)) <= 50, "a line wider than the layout: \(line)")
        }
        // Piped, the same link is printed whole, to the last character.
        let piped = try await harness.run(["show", "263301273"])
        #expect(piped.stdout.contains("  \(url)\n"), "\(piped.stdout)")
    }

    /// Runs `mediasearch` under `script` and returns what the terminal showed.
    func onTerminal(_ harness: Harness, _ arguments: [String], environment: [String: String]) async throws -> String {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([harness.runner.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        var variables = harness.runner.environment(["MEDIASEARCH_ITUNES_URL": harness.server.baseURL])
        variables.merge(environment) { _, new in new }
        process.environment = variables
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.endsWithTheTest()
        // A command that never ends is killed, which ends the read below and fails the test.
        let ended = Mutex(false)
        process.watchdog(seconds: 60) { !ended.withLock { $0 } }
        let data = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: output.fileHandleForReading.readDataToEndOfFile()) }
        }
        ended.withLock { $0 = true }
        #expect(try await process.exits(within: 10))
        return String(decoding: data, as: UTF8.self)
    }

    @Test func longOutputGoesThroughThePagerUnlessAskedNotTo() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let paged = harness.runner.home.appendingPathComponent("paged.txt").path
        let pager = try harness.runner.write("#!/bin/sh\ncat > '\(paged)'\necho PAGED\n", to: "pager.sh")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pager)
        let screen = try await onTerminal(harness, ["search", "jack"], environment: ["PAGER": pager, "LINES": "10"])
        #expect(screen.contains("PAGED"))
        let text = try String(contentsOfFile: paged, encoding: .utf8)
        #expect(text.contains("[SONG]") && text.contains("14 results"))
        try FileManager.default.removeItem(atPath: paged)

        let direct = try await onTerminal(
            harness, ["search", "jack", "--no-pager"], environment: ["PAGER": pager, "LINES": "10"])
        #expect(direct.contains("14 results") && !direct.contains("PAGED"))
        let short = try await onTerminal(harness, ["search", "jack"], environment: ["PAGER": pager, "LINES": "500"])
        #expect(short.contains("14 results") && !short.contains("PAGED"), "output that fits is not paged")
        #expect(!FileManager.default.fileExists(atPath: paged))
    }
}
