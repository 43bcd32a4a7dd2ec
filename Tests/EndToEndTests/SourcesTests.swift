import Foundation
import MediaSearchCore
import MediaSearchFixtures
import TestSlots
import Testing

/// Deezer and internet radio beside iTunes, run as a user runs them: the real binary against the
/// fixture server's recorded Deezer, iTunes and Radio Browser answers.
@Suite("Several sources", .slots, .tags(.e2e))
struct SourcesTests {
    /// The demo server's config (`mediasearch-fixtures --demo FILE`) points every source at the
    /// server with nothing exported (#60 item 8): from a shell with no variables, a search asks
    /// every kind it has recordings for, and each finds something for its own example.
    @Test func theDemosConfigReachesEverySourceWithNothingExported() async throws {
        let (harness, config) = try await Self.demo()
        for (term, kind) in [
            ("jack johnson", "song"), ("daft punk", "deezer"), ("klara", "radio"), ("silicon valley", "tv"),
            ("sabriel", "openlibrary"), ("all", "librivox"), ("harder better", "musicbrainz"),
        ] {
            // No MEDIASEARCH_*_URL: the runner's own environment only.
            let result = try await harness.runner.run(
                ["search", term, "--kind", kind, "--config", config, "--format", "json"])
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            // Recorded answers are never taken for a live source's (#60 item 8).
            #expect(result.stderr.contains("mediasearch: " + SourceVariables.demoNotice), "\(result.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect((document?["results"] as? [Any])?.isEmpty == false, "\(kind) found nothing: \(result.stdout)")
        }
        // Every command that answers from the demo's records says so too; a completion does not.
        for arguments in [["show", "--result", "1"], ["list"], ["library"], ["suggest", "jack"]] {
            let result = try await harness.runner.run(arguments + ["--config", config])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains(SourceVariables.demoNotice) == (arguments[0] != "suggest"),
                "\(arguments): \(result.stderr)")
        }
        // The demo's answers follow the words: Star Wars for "star wars", no movie for "daft punk".
        func titles(_ term: String, _ kind: String) async throws -> [String] {
            let result = try await harness.runner.run([
                "search", term, "--kind", kind, "--config", config, "--format", "json",
            ])
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (document?["results"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        let wars = try await titles("star wars", "movie")
        #expect(!wars.isEmpty && wars.allSatisfy { $0.localizedCaseInsensitiveContains("star wars") }, "\(wars)")
        #expect(try await titles("daft punk", "movie") == [])
        #expect(
            try await titles("harder better", "deezer").allSatisfy { $0.localizedCaseInsensitiveContains("harder") })
        let every = try await harness.runner.run(["search", "daft punk", "--config", config, "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(every.stdout.utf8)) as? [String: Any]
        let asked = Set((document?["providers"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } ?? [])
        #expect(asked.count == SourceVariables.demoKinds.count + 1, "every kind, Deezer's two: \(asked.sorted())")
        #expect(await harness.server.requests().count > 10)
    }

    /// #75 item 8: `providers check` passes on every shipped source against the demo, each for its
    /// own example term (they are terms the recordings hold, as the live sources do).
    @Test func everyShippedSourcePassesItsCheckAgainstTheDemo() async throws {
        let (harness, config) = try await Self.demo()
        let listed = try await harness.runner.run(["providers", "--format", "json", "--config", config])
        let document = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        let kinds = (document?["providers"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.count == SourceVariables.demoKinds.count + 1, "every kind, Deezer's two: \(kinds)")
        for kind in kinds {
            let checked = try await harness.runner.run(["providers", "check", kind, "--config", config], timeout: 120)
            #expect(
                checked.status == 0 && checked.stdout.contains("\(kind): passed"),
                "\(kind): \(checked.stdout.suffix(300)) \(checked.stderr)")
        }
    }

    /// The demo's lines ("More to try" in docs/demo.md), run as written against the demo's config
    /// (#60 item 8): each exits 0 and prints something. The README's own lines are run word by
    /// word in a shell by Tests/Docs/test_readme.py.
    @Test func theDemosLinesWork() async throws {
        let (harness, config) = try await Self.demo()
        let page = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../docs/demo.md"), encoding: .utf8)
        let section =
            try #require(page.components(separatedBy: "## More to try").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let commands = section.split(separator: "\n").compactMap { line -> [String]? in
            let code = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            let words = Self.words(code)
            guard words.first == "mediasearch", words.count > 1, words[1] != "serve" else { return nil }
            return Array(words.dropFirst())
        }
        #expect(commands.count >= 10, "the demo's lines: \(commands)")
        for arguments in commands {
            let result = try await harness.runner.run(arguments + ["--config", config])
            #expect(result.status == 0 && !result.stdout.isEmpty, "mediasearch \(arguments): \(result.stderr)")
        }
    }

    /// A fixture server that answers as `mediasearch-fixtures --demo` does (by the words of a
    /// search), stopped at the test's end, and the demo's config for it.
    static func demo() async throws -> (harness: Harness, config: String) {
        var routes = FixtureRoutes.default
        routes.followTerms = true
        let harness = try await Harness.start(routes: routes)
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(
            SourceVariables.configuration(base: harness.server.baseURL), to: "demo.yaml")
        return (harness, config)
    }

    /// A command line's words, as a shell splits them (double quotes keep spaces).
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(current) }
                (current, started) = ("", false)
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    static let both = "kinds: [song, movie, deezer]\n"

    static func result(_ document: [String: Any], title: String) -> [String: Any]? {
        document.results.first { ($0["title"] as? String) == title }
    }

    static func sources(_ result: [String: Any]?) -> [String] {
        (result?["sources"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }
    }

    /// `--kind song` asks every enabled source of songs; Deezer's songs carry their previews; a song
    /// both return is one result listing both stores; two songs of one title and artist but
    /// different lengths stay apart.
    @Test func oneSearchAsksEverySourceOfAKindAndMergesTheSameWork() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(Self.both, to: "c.yaml")
        let (result, document) = try await harness.searchJSON(["daft punk", "--kind", "song", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(document.kinds == ["song", "deezer-song"], "\(document.kinds)")
        let deezer = document.results.filter { $0["kind"] as? String == "deezer-song" }
        #expect(!deezer.isEmpty)
        #expect(deezer.allSatisfy { ($0["previewUrl"] as? String)?.hasPrefix("https://cdns-preview") == true })
        #expect(deezer.allSatisfy { ($0["artworkUrl"] as? String)?.contains("dzcdn.net") == true })

        // The same recording at both stores: one result, iTunes's (asked first), with both.
        let merged = try #require(Self.result(document, title: "One More Time"))
        #expect(Self.sources(merged) == ["iTunes", "Deezer"])
        let offers = merged["sources"] as? [[String: Any]] ?? []
        #expect(offers.first?["price"] as? Double == 1.29)
        #expect(offers.last?["id"] as? String == "deezer:track:3135553")
        #expect((offers.last?["previewUrl"] as? String)?.hasPrefix("https://cdns-preview") == true)
        // The other store is data (#72 item 3), not a fact.
        #expect((merged["summary"] as? [String])?.contains { $0.hasPrefix("also on") } == false)
        #expect(document.results.filter { ($0["title"] as? String) == "One More Time" }.count == 1)
        // Spelled differently at each store, still one work.
        #expect(Self.sources(Self.result(document, title: "Harder, Better, Faster, Stronger")) == ["iTunes", "Deezer"])
        #expect(
            Self.sources(Self.result(document, title: "Instant Crush (feat. Julian Casablancas)")) == [
                "iTunes", "Deezer",
            ])
        // "Get Lucky": the radio edit (4:08) is at both stores; the album version (6:09) only at
        // Deezer, and stays a result of its own.
        let edit = Self.result(document, title: "Get Lucky (feat. Pharrell Williams & Nile Rodgers) [Radio Edit]")
        #expect(Self.sources(edit) == ["iTunes", "Deezer"])
        let album = try #require(Self.result(document, title: "Get Lucky"))
        #expect(album["kind"] as? String == "deezer-song")
        #expect(album["durationMs"] as? Int == 369_000)
        #expect(Self.sources(album) == ["Deezer"])
        // Only at Deezer: one source.
        #expect(Self.sources(Self.result(document, title: "Veridis Quo")) == ["Deezer"])

        // Each source spends a budget of its own.
        let names = try budgetsCounted(inCache: harness.runner.home.appendingPathComponent("cache/mediasearch")).keys
        #expect(names.contains { $0.hasPrefix("source-deezer-127-0-0-1-") }, "\(names)")
        let asked = await harness.server.requests().filter { $0.path == "/deezer/search" }
        #expect(asked.map { $0.query["q"] } == ["daft punk"])
        #expect(asked.first?.query["limit"] == "30" && asked.first?.query["index"] == "0")
    }

    /// The terminal shows the merged result once, with its stores; `show` of it lists both.
    @Test func theMergedResultShowsItsStoresInTilesAndTheDetail() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(Self.both, to: "c.yaml")
        // Sorted, the page waits for both sources and merges in their order (iTunes' record first):
        // streamed, the source that answered first would own the work, which a busy machine decides.
        let search = try await harness.run(
            ["search", "daft punk", "--kind", "song", "--config", config, "--format", "lines", "--sort", "title"])
        #expect(search.status == 0, "\(search.stderr)")
        let lines = search.stdout.split(separator: "\n")
        let number = try #require(lines.firstIndex { $0.contains("\tOne More Time\t") }) + 1
        #expect(lines.filter { $0.contains("\tOne More Time\t") }.count == 1)
        let show = try await harness.run(
            ["show", "--result", String(number), "--config", config, "--no-pager", "--color", "never"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("Stores"))
        #expect(show.stdout.contains("show deezer:track:3135553"))
        #expect(show.stdout.contains("Deezer preview"))
    }

    /// `--source` narrows to one source; an unknown one is a usage error naming those there are.
    @Test func sourceNarrowsToOneSource() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(Self.both, to: "c.yaml")
        let (result, document) = try await harness.searchJSON(
            ["daft punk", "--kind", "song", "--source", "deezer", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(document.kinds == ["deezer-song"])
        #expect(await harness.server.requests().allSatisfy { $0.path.hasPrefix("/deezer/") })
        let wrong = try await harness.run(["search", "x", "--source", "spotify", "--config", config])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("source 'spotify'") && wrong.stderr.contains("deezer"), "\(wrong.stderr)")
    }

    /// A config written before there were several sources means what it always meant.
    @Test func yesterdaysConfigAsksNoNewSource() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (result, document) = try await harness.searchJSON(["daft punk", "--kind", "song"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(document.kinds == ["song"])
        #expect(await !harness.server.requests().contains { $0.path.hasPrefix("/deezer/") })
        let off = try await harness.run(["search", "x", "--kind", "deezer"])
        #expect(off.status == 64)
        #expect(off.stderr.contains("kind 'deezer' is disabled"), "\(off.stderr)")
    }

    /// A source's entry in the config moves it and sets its budget; its other keys, and a bad
    /// URL in its variable, are one-line config errors.
    @Test func aSourcesPlaceAndBudgetAreConfigurable() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(
            """
            kinds: [song, deezer]
            providers:
              deezer: {base_url: "\(harness.server.baseURL)/deezer", rate_limit: 1/60s}
            """, to: "c.yaml")
        let unset = ["MEDIASEARCH_DEEZER_URL": ""]
        let (first, document) = try await harness.searchJSON(
            ["daft punk", "--kind", "deezer-song", "--config", config], environment: unset)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(document.kinds == ["deezer-song"], "base_url from the config")
        // One request a minute: the next one (not from the cache) is refused at once, for Deezer
        // only; Apple's songs are still asked.
        let second = try await harness.run(
            [
                "search", "daft punk", "--kind", "song", "--no-cache", "--no-wait", "--config", config, "--format",
                "json",
            ],
            environment: unset)
        #expect(second.status == 3, "\(second.stderr)")
        #expect(second.stderr.contains("song (Deezer): "), "\(second.stderr)")
        #expect(await harness.server.requests().filter { $0.path == "/deezer/search" }.count == 1)
        #expect(await harness.server.requests().filter { $0.path == "/search" }.count == 1)

        let unknown = try harness.runner.write("kinds: [deezer]\nproviders:\n  deezer: {colour: red}\n", to: "u.yaml")
        let bad = try await harness.run(["search", "x", "--config", unknown])
        #expect(bad.status == 78)
        #expect(bad.stderr.contains("providers.deezer.colour: unknown key"), "\(bad.stderr)")
        let wrongURL = try await harness.run(
            ["search", "x", "--config", config], environment: ["MEDIASEARCH_DEEZER_URL": "ftp://nowhere"])
        #expect(wrongURL.status == 78)
        #expect(wrongURL.stderr.contains("$MEDIASEARCH_DEEZER_URL"), "\(wrongURL.stderr)")
    }

    /// `show` of a Deezer album lists its tracks, each with its preview; an id Deezer has no data
    /// for (its error comes as HTTP 200) is not found, not a failure.
    @Test func aDeezerAlbumListsItsTracks() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(Self.both, to: "c.yaml")
        let track = try await harness.run(["show", "deezer:track:3135556", "--config", config, "--no-pager"])
        #expect(track.status == 0, "\(track.stderr)")
        #expect(track.stdout.contains("GBDUW0000059"), "the ISRC of a looked-up track")
        let show = try await harness.run(["show", "deezer:album:302127", "--config", config, "--format", "json"])
        #expect(show.status == 0, "\(show.stderr)")
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let sections = detail["sections"] as? [[String: Any]] ?? []
        let tracks = try #require(sections.first { $0["title"] as? String == "Tracks" }?["items"] as? [[String: Any]])
        #expect(tracks.count == 14)
        #expect(tracks.first?["title"] as? String == "One More Time")
        #expect((tracks.first?["summary"] as? [String])?.first == "track 1")
        #expect(tracks.allSatisfy { ($0["previewUrl"] as? String)?.hasPrefix("https://") == true })
        let facts = (sections.first { $0["title"] as? String == "On Deezer" }?["rows"] as? [[String: Any]] ?? [])
            .map { $0.compactMapValues { $0 as? String } }
        #expect(facts.contains { $0["label"] == "Label" && $0["value"] == "Parlophone France" })
        // A value is said once (#60): the heading's Genre and By, not Deezer's Genres and Artist again.
        let heading = (sections.first?["rows"] as? [[String: Any]] ?? []).map { $0.compactMapValues { $0 as? String } }
        #expect(heading.contains { $0["label"] == "Genre" && $0["value"] == "Dance" }, "\(heading)")
        #expect(!facts.contains { $0["value"] == "Dance" || $0["value"] == "Daft Punk" }, "\(facts)")
        // One request for the album: the lookup's answer, from the cache, serves the tracks too.
        #expect(await harness.server.requests().filter { $0.path == "/deezer/album/302127" }.count == 1)
        // At 80 columns a track's words are whole, its long id under it as `show <id>` (#60: the
        // id led each line and cut the fourth track's time).
        let text = try await harness.run([
            "show", "deezer:album:302127", "--config", config, "--no-pager", "--color", "never", "--width", "80",
        ])
        #expect(
            text.stdout.contains(
                "  Harder Better Faster Stronger · Daft Punk · track 4 · 3:44\n    show  deezer:track:3135556\n"),
            "\(text.stdout)")

        let missing = try await harness.run(["show", "deezer:album:999", "--config", config])
        #expect(missing.status == 66, "\(missing.stderr)")
    }

    /// Deezer's quota error comes as HTTP 200 with a body: it is a rate limit, said once, beside
    /// iTunes's results, and never kept by the cache.
    @Test func deezerThrottledNeverHidesApplesResults() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(Self.both, to: "c.yaml")
        let quota = #"{"error":{"type":"Exception","message":"Quota limit exceeded","code":4}}"#
        await harness.server.inject(
            FaultRule(path: "/deezer/search", fault: .body(quota, contentType: "application/json"), times: 1))
        let (throttled, document) = try await harness.searchJSON(["daft punk", "--kind", "song", "--config", config])
        #expect(throttled.status == 3, "some provider failed: \(throttled.stderr)")
        #expect(document.kinds == ["song"])
        #expect(throttled.stderr.contains("Deezer is rate-limiting"), "\(throttled.stderr)")
        let (again, recovered) = try await harness.searchJSON(["daft punk", "--kind", "song", "--config", config])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(recovered.kinds == ["song", "deezer-song"])
        #expect(await harness.server.requests().filter { $0.path == "/deezer/search" }.count == 2)
    }

    /// The library keeps every source's records, and `--offline` merges them the same way.
    @Test func offlineMergesTheSameWay() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(Self.both, to: "c.yaml")
        let (_, online) = try await harness.searchJSON(["daft punk", "--kind", "song", "--config", config])
        let (result, offline) = try await harness.searchJSON(
            ["daft punk", "--kind", "song", "--offline", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.sources(Self.result(offline, title: "One More Time")) == ["iTunes", "Deezer"])
        #expect(offline.results.filter { ($0["title"] as? String) == "One More Time" }.count == 1)
        #expect(
            Set(offline.results.compactMap { $0["id"] as? String })
                == Set(online.results.compactMap { $0["id"] as? String }))
    }

    /// Radio Browser's stations: codec and bitrate as facts, the resolved stream as the preview.
    @Test func radioStationsShowCodecBitrateAndStream() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [radio]\n", to: "c.yaml")
        let (result, document) = try await harness.searchJSON(["klara", "--kind", "radio", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        let klara = try #require(document.results.first)
        #expect(klara["title"] as? String == "Klara")
        let summary = klara["summary"] as? [String] ?? []
        // Radio Browser's bitrate 0 means unknown: no "0 kbps".
        #expect(summary.contains("AAC") && !summary.contains { $0.hasSuffix("kbps") }, "\(summary)")
        #expect((klara["previewUrl"] as? String)?.hasPrefix("http://vrt.streamabc.net/vrt-klara-aac-128") == true)
        let show = try await harness.run(
            ["show", "78012206-1aa1-11e9-a80b-52543be04c81", "--kind", "radio", "--config", config, "--format", "json"])
        #expect(show.status == 0, "\(show.stderr)")
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let rows = (detail["sections"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
        #expect(rows.contains { $0["label"] as? String == "Codec" && $0["value"] as? String == "MP3" }, "\(rows)")
        #expect(
            rows.contains { $0["label"] as? String == "Bitrate" && $0["value"] as? String == "128 kbps" }, "\(rows)")
    }

    /// A station's tags ("classical,cultural,jazz,vrt" at Radio Browser) are a list: entries in the
    /// JSON document, a readable line on the terminal, the first few on the tile, a list on the web.
    @Test func aStationsTagsAreAList() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [radio]\n", to: "c.yaml")
        let id = "960ef421-0601-11e8-ae97-52543be04c81"
        let show = try await harness.run(["show", id, "--kind", "radio", "--config", config, "--format", "json"])
        #expect(show.status == 0, "\(show.stderr)")
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(try SchemaValidator.load("detail.schema.json").errors(detail).isEmpty)
        let rows = (detail["sections"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
        let tags = try #require(rows.first { $0["label"] as? String == "Tags" }, "\(rows)")
        #expect(tags["values"] as? [String] == ["classical", "cultural", "jazz", "vrt"])
        #expect(tags["value"] as? String == "classical, cultural, jazz, vrt")
        let text = try await harness.run(["show", id, "--kind", "radio", "--config", config, "--width", "80"])
        #expect(text.stdout.contains("  Tags      classical, cultural, jazz, vrt\n"), "\(text.stdout)")
        let (_, document) = try await harness.searchJSON(["klara", "--kind", "radio", "--config", config])
        let tile = try #require(document.results.first { $0["id"] as? String == id })
        #expect((tile["summary"] as? [String] ?? []).contains("classical, cultural, jazz, …"), "\(tile)")
        // One tag is a plain row.
        let single = try await harness.run([
            "show", "f257abd4-9397-4110-b810-c7ca9fb8fbf7", "--kind", "radio", "--config", config, "--format", "json",
        ])
        let singleRows =
            ((try JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? [String: Any])?["sections"]
            as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
        let tagRow = try #require(singleRows.first { $0["label"] as? String == "Tags" }, "\(single.stdout)")
        #expect(tagRow["value"] as? String == "jazz" && tagRow["values"] == nil, "\(tagRow)")
        #expect((tagRow["fact"] as? [String: Any])?["values"] as? [String] == ["jazz"], "the typed fact is a list")
    }

    /// Open Library's books: searched by words, a work found by an edition's ISBN, and a detail
    /// that asks for the work itself for its description (typed, `{"type": "/type/text", …}`);
    /// when that second request fails, the detail is shown without it, with a notice.
    @Test func openLibraryBooksAreFoundByWordsAndByISBN() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [song, openlibrary]\n", to: "c.yaml")
        let (result, document) = try await harness.searchJSON(["time war", "--kind", "book", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(document.results.compactMap { $0["id"] as? String } == ["OL20639540W", "OL19859295W"])
        #expect(document.results.first?["creator"] as? String == "Amal El-Mohtar, Max Gladstone")

        func rows(_ arguments: [String]) async throws -> (CommandRunner.Result, [String: String], [String]) {
            let shown = try await harness.run(["show"] + arguments + ["--config", config, "--format", "json"])
            let detail = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] ?? [:]
            let rows = (detail["sections"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
            var byLabel: [String: String] = [:]
            for row in rows { byLabel[row["label"] as? String ?? ""] = row["value"] as? String }
            return (shown, byLabel, detail["notices"] as? [String] ?? [])
        }
        let (byISBN, facts, _) = try await rows(["isbn:9780007137305"])
        #expect(byISBN.status == 0, "\(byISBN.stderr)")
        #expect(byISBN.stdout.contains(#""title" : "Sabriel""#))
        #expect(facts["Description"] == "First in the Old Kingdom/Abhorsen series.", "\(facts)")
        #expect(facts["Author"] == "Garth Nix" && facts["First published"] == "1995", "\(facts)")
        // The ISBN asked, not the first of the work's editions (#60).
        #expect(facts["ISBN"] == "9780007137305", "\(facts)")
        let asked = await harness.server.requests().filter { $0.path.hasPrefix("/openlibrary/") }
        #expect(asked.map(\.path).contains("/openlibrary/works/OL15832982W.json"), "the work was asked for")
        #expect(asked.allSatisfy { $0.userAgent == MediaSearchVersion.userAgent })
        #expect(try await harness.run(["show", "isbn:0000", "--config", config]).status == 66)
        // What follows the scheme is an identifier, never more of the source's query language.
        let before = await harness.server.requests().count
        for odd in ["isbn:*", "isbn:", "isbn:1 OR title:x"] {
            #expect(
                try await harness.run(["show", odd, "--kind", "openlibrary", "--config", config]).status == 66, "\(odd)"
            )
        }
        #expect(await harness.server.requests().count == before, "no request was sent for them")

        await harness.server.inject(FaultRule(path: "/openlibrary/works/OL15832982W.json", fault: .status(503)))
        let (failed, without, notices) = try await rows(["isbn:9780007137305", "--no-cache"])
        #expect(failed.status == 3, "a detail with a part missing is partial: \(failed.stderr)")
        #expect(without["Description"] == nil && without["Author"] == "Garth Nix", "\(without)")
        #expect(notices == ["Open Library: Open Library answered HTTP 503"], "\(notices)")
    }

    /// A TV show's detail lists its cast (each with the character), then its episodes by season
    /// (#60: a section a season, each row its number, date and length), each list from a
    /// request of its own; a list's entries carry no id (`show` opens shows, not episodes: their
    /// link is their page). When one list's request fails, the rest of the detail is shown, with
    /// a notice. The web folds the seasons, the last one open, in the page's language.
    @Test func aShowsDetailListsItsCastThenItsEpisodesBySeason() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [tv]\n", to: "c.yaml")
        let show = try await harness.run(["show", "143", "--kind", "tv", "--config", config, "--format", "json"])
        #expect(show.status == 0, "\(show.stderr)")
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(try SchemaValidator.load("detail.schema.json").errors(detail).isEmpty)
        let sections = detail["sections"] as? [[String: Any]] ?? []
        let titles = sections.compactMap { $0["title"] as? String }
        let seasons = titles.filter { $0.hasPrefix("Season ") }
        #expect(seasons == (1...seasons.count).map { "Season \($0)" } && seasons.count > 1, "\(titles)")
        let castIndex = try #require(titles.firstIndex(of: "Cast"))
        #expect(castIndex < titles.firstIndex(of: "Season 1")!, "the cast before the episodes: \(titles)")
        let episodes = sections.filter { ($0["title"] as? String)?.hasPrefix("Season ") == true }.flatMap {
            $0["items"] as? [[String: Any]] ?? []
        }
        #expect(episodes.count == 38)
        let first = try #require(sections.first { $0["title"] as? String == "Season 1" }?["items"] as? [[String: Any]])
        #expect(first.first?["title"] as? String == "Minimum Viable Product")
        #expect(first.first?["summary"] as? [String] == ["Episode 1", "2014-04-06", "30 min"])
        #expect(first.first?["id"] as? String == "")
        let cast = try #require(sections.first { $0["title"] as? String == "Cast" })["items"] as? [[String: Any]]
        #expect(cast?.count == 13)
        #expect(
            cast?.contains {
                $0["title"] as? String == "Thomas Middleditch" && $0["subtitle"] as? String == "Richard Hendricks"
            } == true)

        let text = try await harness.run(["show", "143", "--kind", "tv", "--config", config, "--width", "100"])
        #expect(
            text.stdout.contains("\nSeason 1\n  Minimum Viable Product · Episode 1 · 2014-04-06 · 30 min\n"),
            "\(text.stdout)")
        #expect(text.stdout.contains("  Kind         TV show\n"), "the kind as people write it: \(text.stdout)")
        let cast0 = try #require(text.stdout.range(of: "\nCast\n"))
        #expect(cast0.lowerBound < text.stdout.range(of: "\nSeason 1\n")!.lowerBound)

        await harness.server.inject(FaultRule(path: "/tvmaze/shows/143/cast", fault: .status(503)))
        let failed = try await harness.run(["show", "143", "--kind", "tv", "--config", config, "--no-cache"])
        #expect(failed.status == 3, "\(failed.stderr)")
        #expect(failed.stdout.contains("\nSeason 1\n") && !failed.stdout.contains("\nCast\n"))
        #expect(failed.stderr.contains("Cast: TVmaze answered HTTP 503"), "\(failed.stderr)")
    }

    /// A described source's filters narrow its results as the built-in kinds' do: Open Library's
    /// year, language and subject; a kind without the filter is not asked.
    @Test func describedSourcesFilterByYearLanguageAndSubject() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [openlibrary, tv]\n", to: "c.yaml")
        func ids(_ arguments: [String]) async throws -> [String] {
            let (result, document) = try await harness.searchJSON(arguments + ["--config", config])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return document.results.compactMap { $0["id"] as? String }
        }
        #expect(try await ids(["time war", "--kind", "book"]) == ["OL20639540W", "OL19859295W"])
        #expect(try await ids(["time war", "--kind", "book", "--subject", "Epistolary"]) == ["OL20639540W"])
        #expect(try await ids(["time war", "--kind", "book", "--year", "2019"]) == ["OL20639540W"])
        #expect(try await ids(["sabriel", "--kind", "book", "--language", "spa"]) == ["OL15832982W"])
        #expect(try await ids(["sabriel", "--kind", "book", "--language", "fre"]).isEmpty)
        // As a face reads it too: in English, and in Russian as a Russian page shows it (#60).
        #expect(try await ids(["sabriel", "--kind", "book", "--language", "Spanish"]) == ["OL15832982W"])
        #expect(try await ids(["sabriel", "--kind", "book", "--language", "испанский"]) == ["OL15832982W"])
        #expect(try await ids(["silicon valley", "--year", "2014"]) == ["143"], "the year narrows TV shows too")
        let bad = try await harness.run(["search", "x", "--kind", "book", "--year", "soon", "--config", config])
        #expect(
            bad.status == 64 && bad.stderr.contains("--year takes a whole number from 1000 to 2999"), "\(bad.stderr)")
        let providers = try await harness.run(["providers", "--config", config])
        #expect(providers.stdout.contains("--subject"), "\(providers.stdout)")
        // A source the config describes offers its filters on the command line too.
        let described = try harness.runner.write(
            """
            kinds: [shows]
            providers:
              shows:
                type: json
                kind: tv-show
                search: "https://api.tvmaze.com/search/shows?q={term}"
                fields: {id: show.id, title: show.name, released: show.premiered}
                filters: {premiere: released}
            """, to: "described.yaml")
        let (found, shows) = try await harness.searchJSON(
            ["silicon valley", "--premiere", "2017", "--config", described],
            environment: ["MEDIASEARCH_SHOWS_URL": harness.server.baseURL + "/tvmaze"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(shows.results.compactMap { $0["id"] as? String } == ["30927"], "\(shows.results)")
    }

    /// A LibriVox book's detail lists its sections, each an MP3 of the reading that plays in its row.
    @Test func aLibriVoxBooksSectionsArePlayable() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [librivox]\n", to: "c.yaml")
        let show = try await harness.run(["show", "830", "--kind", "librivox", "--config", config, "--format", "json"])
        #expect(show.status == 0, "\(show.stderr)")
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(try SchemaValidator.load("detail.schema.json").errors(detail).isEmpty)
        let sections = detail["sections"] as? [[String: Any]] ?? []
        let items = try #require(sections.first { $0["title"] as? String == "Sections" }?["items"] as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Introduction", "The Consul's Yarn", "The Curse of Eden"])
        #expect(items.first?["summary"] as? [String] == ["Section 1", "18:22"])
        #expect(items.first?["subtitle"] as? String == "Volunteer reader A")
        #expect(items.allSatisfy { ($0["previewUrl"] as? String)?.hasSuffix("_64kb.mp3") == true })
    }

    /// A book and its reading are different kinds and stay apart in results, but each detail
    /// links to the other, from what the library keeps (no request is sent for them).
    @Test func aBookAndItsReadingLinkToEachOther() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [openlibrary, librivox]\n", to: "c.yaml")
        _ = try await harness.searchJSON(["allan quatermain", "--config", config])
        _ = try await harness.searchJSON(["allan", "--kind", "librivox", "--config", config])
        func section(_ arguments: [String], _ title: String) async throws -> [[String: Any]]? {
            let shown = try await harness.run(["show"] + arguments + ["--config", config, "--format", "json"])
            let detail = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] ?? [:]
            let sections = detail["sections"] as? [[String: Any]] ?? []
            return sections.first { $0["title"] as? String == title }?["items"] as? [[String: Any]]
        }
        let readings = try #require(try await section(["OL9000001W", "--kind", "openlibrary"], "Also as an audiobook"))
        #expect(readings.map { "\($0["kind"] ?? "") \($0["id"] ?? "")" } == ["librivox 830"])
        let books = try #require(try await section(["830", "--kind", "librivox"], "Also as a book"))
        #expect(books.map { "\($0["kind"] ?? "") \($0["id"] ?? "")" } == ["openlibrary OL9000001W"])
        // A book no reading of which was seen has none.
        #expect(try await section(["OL15832982W", "--kind", "openlibrary"], "Also as an audiobook") == nil)
    }

    /// A MusicBrainz release is an album with its barcode, label and catalog number, and its
    /// detail lists its tracks, from the lookup alone; it shares MusicBrainz's one budget.
    @Test func aMusicBrainzReleaseIsAnAlbumWithItsTracks() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [musicbrainz-album]\n", to: "c.yaml")
        let (found, document) = try await harness.searchJSON(["ed sheeran", "--config", config])
        #expect(found.status == 0, "\(found.stderr)")
        let release = try #require(document.results.first { $0["title"] as? String == "+" }, "\(document.results)")
        #expect(release["kind"] as? String == "musicbrainz-album")
        #expect(release["standardId"] as? String == "upc:5052498646524")
        #expect((release["summary"] as? [String] ?? []).contains("Asylum Records"))
        // A filter the release's facts answer: by label.
        let (narrowed, labelled) = try await harness.searchJSON(["wipeout", "--label", "sony", "--config", config])
        #expect(narrowed.status == 0, "\(narrowed.stderr)")
        #expect(labelled.results.compactMap { $0["title"] as? String } == ["wipEout"])
        let (other, none) = try await harness.searchJSON(["wipeout", "--label", "asylum", "--config", config])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(none.results.isEmpty)
        let before = await harness.server.requests().count
        let show = try await harness.run([
            "show", "94ad3a58-a1cc-46a3-acf4-9cb6c1d6f032", "--kind", "musicbrainz-album", "--config", config,
            "--format", "json",
        ])
        #expect(show.status == 0, "\(show.stderr)")
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(try SchemaValidator.load("detail.schema.json").errors(detail).isEmpty)
        let sections = detail["sections"] as? [[String: Any]] ?? []
        let tracks = try #require(sections.first { $0["title"] as? String == "Tracks" }?["items"] as? [[String: Any]])
        #expect(tracks.count == 12)
        #expect(tracks.first?["title"] as? String == "The A Team")
        #expect(tracks.first?["summary"] as? [String] == ["Track 1", "4:21"])
        // The facts come before the tracks.
        #expect(
            sections.firstIndex { $0["title"] as? String == "MusicBrainz" } ?? 99 < sections.firstIndex {
                $0["title"] as? String == "Tracks"
            } ?? 0)
        // The lookup and the tracks are one request.
        #expect(await harness.server.requests().count - before == 1)
    }

    /// An iTunes song that carries no ISRC and a MusicBrainz recording of it (same title, artist,
    /// length within 2 s) are one result; MusicBrainz's ISRC is said in its stores as what
    /// MusicBrainz adds; Deezer's record of the same work joins it and repeats none of it.
    @Test func aMusicBrainzRecordingAddsItsFactsToAnITunesSong() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [song, musicbrainz, deezer-song]\n", to: "c.yaml")
        let (result, document) = try await harness.searchJSON(["daft punk", "--kind", "song", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        let song = try #require(document.results.first { $0["id"] as? String == "9000000004" })
        #expect(Self.sources(song) == ["iTunes", "MusicBrainz", "Deezer"])
        #expect(song["standardId"] is NSNull, "iTunes' record says no ISRC, and is kept as it came")
        let offers = song["sources"] as? [[String: Any]] ?? []
        let added = offers.first { $0["source"] as? String == "MusicBrainz" }?["facts"] as? [[String: Any]] ?? []
        #expect(added.map { $0["text"] as? String } == ["GBDUW0000059"])
        #expect(added.map { $0["type"] as? String } == ["id"] && added.map { $0["scheme"] as? String } == ["isrc"])
        #expect(offers.first { $0["source"] as? String == "Deezer" }?["facts"] as? [String] == [])
        #expect(!document.results.contains { $0["kind"] as? String == "musicbrainz" }, "no fourth tile")
        let show = try await harness.run(["show", "9000000004", "--kind", "song", "--config", config])
        #expect(show.stdout.contains("ISRC GBDUW0000059"), "\(show.stdout)")
    }

    /// A TV show's detail lists other shows of its network that the library has seen, with no
    /// request for them; a show whose network the library has no other show of lists none.
    @Test func aShowsDetailListsOtherShowsOfItsNetwork() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [tv]\n", to: "c.yaml")
        for term in ["silicon valley", "veep"] {
            let (found, _) = try await harness.searchJSON([term, "--config", config])
            #expect(found.status == 0, "\(found.stderr)")
        }
        func others(_ id: String) async throws -> [[String: Any]]? {
            let show = try await harness.run(["show", id, "--kind", "tv", "--config", config, "--format", "json"])
            #expect(show.status == 0, "\(show.stderr)")
            let detail = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any] ?? [:]
            let sections = detail["sections"] as? [[String: Any]] ?? []
            return sections.first { ($0["title"] as? String)?.hasPrefix("Other shows by") == true }?["items"]
                as? [[String: Any]]
        }
        let before = await harness.server.requests().count
        let hbo = try #require(try await others("143"))
        #expect(hbo.map { $0["id"] as? String } == ["90001"])
        #expect(hbo.first?["title"] as? String == "Veep")
        // Only the show's own requests (its episodes and cast): none for its network's other shows.
        let asked = await harness.server.requests().dropFirst(before).map(\.path)
        #expect(!asked.isEmpty && asked.allSatisfy { $0.hasPrefix("/tvmaze/shows/143") }, "\(asked)")
        // BBC Two: no other show of it was seen.
        #expect(try await others("30927") == nil)
    }

    /// An Open Library work's detail lists its editions: publisher, format, the year of a date
    /// written in words.
    @Test func anOpenLibraryWorkListsItsEditions() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [openlibrary]\n", to: "c.yaml")
        let show = try await harness.run([
            "show", "OL15832982W", "--kind", "openlibrary", "--config", config, "--format", "json",
        ])
        #expect(show.status == 0, "\(show.stderr)")
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let sections = detail["sections"] as? [[String: Any]] ?? []
        let editions = try #require(
            sections.first { $0["title"] as? String == "Editions" }?["items"] as? [[String: Any]])
        #expect(editions.count == 15)
        #expect(editions.first?["subtitle"] as? String == "Rba Libros")
        #expect(editions.first?["summary"] as? [String] == ["Hardcover", "2006"])
        #expect(editions.first?["url"] as? String == "https://openlibrary.org/books/OL9142127M")
        // A work no editions are recorded for has no such list, and no error.
        let other = try await harness.run([
            "show", "OL9000001W", "--kind", "openlibrary", "--config", config, "--format", "json",
        ])
        #expect(other.status == 0, "\(other.stderr)")
        let otherDetail = try JSONSerialization.jsonObject(with: Data(other.stdout.utf8)) as? [String: Any] ?? [:]
        #expect((otherDetail["sections"] as? [[String: Any]] ?? []).allSatisfy { $0["title"] as? String != "Editions" })
        #expect((otherDetail["notices"] as? [String])?.isEmpty == true, "no editions is no failure")
    }

    /// A recording MusicBrainz and Deezer both know, spelled differently at each, is one result:
    /// the same ISRC is the same work whatever the title says. MusicBrainz's facts (its ISRC) stay
    /// with it; every request it was sent named MediaSearch and its version.
    @Test func theSameISRCIsOneWorkWhateverTheTitle() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [deezer-song, musicbrainz]\n", to: "c.yaml")
        let (result, document) = try await harness.searchJSON(["harder better", "--kind", "song", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        let merged = document.results.filter { ($0["sources"] as? [[String: Any]] ?? []).count > 1 }
        #expect(merged.count == 1, "\(document.results.map { $0["title"] ?? "" })")
        #expect(Self.sources(merged.first) == ["Deezer", "MusicBrainz"])
        #expect(merged.first?["title"] as? String == "Harder Better Faster Stronger")
        let titles = document.results.compactMap { $0["title"] as? String }
        #expect(!titles.contains("Harder, Better, Faster, Stronger"), "the MusicBrainz spelling is not a second result")
        let asked = await harness.server.requests().filter { $0.path.hasPrefix("/musicbrainz/") }
        #expect(!asked.isEmpty && asked.allSatisfy { $0.userAgent == MediaSearchVersion.userAgent })
    }
}
