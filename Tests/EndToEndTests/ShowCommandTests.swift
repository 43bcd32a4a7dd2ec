import Foundation
import MediaSearchFixtures
import TestSlots
import Testing

@Suite("mediasearch show, end to end", .slots, .tags(.e2e))
struct ShowCommandTests {
    func detail(_ harness: Harness, _ arguments: [String]) async throws -> (CommandRunner.Result, [String: Any]) {
        let result = try await harness.run(["show"] + arguments + ["--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, try #require(object, "stdout: \(result.stdout) stderr: \(result.stderr)"))
    }

    func sections(_ document: [String: Any]) -> [String: [String: Any]] {
        let list = document["sections"] as? [[String: Any]] ?? []
        return Dictionary(list.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    func rows(_ section: [String: Any]?) -> [String: String] {
        let list = section?["rows"] as? [[String: Any]] ?? []
        return Dictionary(
            list.map { ($0["label"] as? String ?? "", $0["value"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    @Test func songHasEverySectionItsDataAllows() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (result, document) = try await detail(harness, ["1038991437"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(document["kind"] as? String == "song")
        let all = sections(document)
        #expect(Set(all.keys) == ["Angel of Death", "Song", "Author", "Other works by Slayer"])
        let song = rows(all["Song"])
        #expect(song["Track"] == "1 of 10")
        #expect(song["Disc"] == "1 of 1")
        #expect(song["Time"] == "4:51")
        #expect(song["Album explicitness"] == "explicit")
        #expect(rows(all["Author"])["Type"] == "Artist")
        let links = (all["Song"]?["links"] as? [[String: String]] ?? []).map { $0["label"]! }
        // Album page and track page are the store link of the header: each distinct link once.
        #expect(links == ["Preview", "Artist page"])
        #expect(song["Artist"] == nil && song["Genre"] == nil, "the header already says them")
        let works = all["Other works by Slayer"]?["items"] as? [[String: Any]] ?? []
        #expect(works.count == 1)
        #expect(works.allSatisfy { $0["id"] as? String != "1038991437" })
        let lookups = await harness.server.requests().map(\.rawQuery)
        #expect(lookups.filter { $0.hasPrefix("id=414425") } == ["id=414425&entity=album&limit=7&country=US"])
    }

    @Test func podcastShowsRecentEpisodesWithoutAnAuthorBlockWhenThereIsNone() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (result, document) = try await detail(harness, ["1535809341"])
        #expect(result.status == 0, "\(result.stderr)")
        let all = sections(document)
        let episodes = all["Recent episodes"]?["items"] as? [[String: Any]] ?? []
        #expect(episodes.count == 5)
        #expect(episodes.first?["id"] as? String == "1000654145267")
        #expect(episodes.first?["title"] as? String == "Episode 721 | \"Unbuttoned\"")
        #expect(episodes.first?["summary"] as? [String] == ["2024-05-01", "3:36:14"])
        #expect(episodes.first?["durationMs"] as? Int == 12_974_000, "items inside a detail are full result objects")
        #expect(
            (episodes.first?["previewUrl"] as? String)?.hasSuffix("Joe_Budden_Podcast_721.mp3?dest-id=2422538") == true)
        #expect(rows(all["The Joe Budden Podcast"])["Latest episode"] == "2024-05-01")
        #expect(rows(all["Podcast"])["Episodes"] == "481")
        #expect(all["Author"] == nil)
        #expect(
            await harness.server.requests().contains {
                $0.query["entity"] == "podcastEpisode" && $0.query["limit"] == "5"
            })
    }

    @Test func audiobookDescriptionComesOutClean() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (_, document) = try await detail(harness, ["438363284"])
        let header = rows(sections(document)["Moby Dick: or the Whale (Unabridged)"])
        let description = try #require(header["Description"])
        #expect(description.hasPrefix("Moby-Dick is widely considered"))
        #expect(!description.contains("<i>"))
        #expect(rows(sections(document)["Audiobook"])["Price"] == "$15.99")
    }

    @Test func movieHasPricesAndProduction() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (result, document) = try await detail(harness, ["1078111961"])
        #expect(result.status == 0)
        let movie = rows(sections(document)["Movie"])
        #expect(movie["Rent"] == "$3.99")
        #expect(movie["Rating"] == "R")
        #expect(movie["Runtime"] == "1 h 48 min")
        #expect(rows(sections(document)["Production"])["Collection"] == "Deadpool 2-Movie Collection")
        #expect(sections(document)["Author"] == nil)
    }

    @Test func aFailingAuthorLookupStillPrintsTheRest() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        await harness.server.inject(FaultRule(path: "/lookup", query: ["id": "414425"], fault: .status(500)))
        let (result, document) = try await detail(harness, ["1038991437"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("author and other works: iTunes answered HTTP 500"))
        let all = sections(document)
        #expect(all["Song"] != nil)
        #expect(all["Author"] == nil)
        #expect((document["notices"] as? [String])?.count == 1)
    }

    /// `--kind song` names the provider called song first, as `search --kind` does: with it off,
    /// the answer says so, rather than asking another source's songs.
    @Test func aKindNamedButDisabledSaysSo() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [deezer]\n", to: "deezer.yaml")
        let result = try await harness.run(["show", "3135556", "--kind", "song", "--config", config])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("kind 'song' is not enabled"), "\(result.stderr)")
        #expect(await harness.server.requests().isEmpty, "no source was asked")
    }

    @Test func unknownIdExits66() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let result = try await harness.run(["show", "909099090990909"])
        #expect(result.status == 66)
        #expect(result.stderr == "mediasearch: nothing found with id 909099090990909\n")
        // Any word may be an id of some source: every provider that looks ids up is asked.
        let word = try await harness.run(["show", "abc"])
        #expect(word.status == 66)
        #expect(word.stderr == "mediasearch: nothing found with id abc\n")
        let otherKind = try await harness.run(["show", "1469577741", "--kind", "movie"])
        #expect(otherKind.status == 66)
        #expect(
            otherKind.stderr
                == "mediasearch: nothing found with id 1469577741 of kind movie: it is a song (mediasearch show 1469577741 --kind song)\n"
        )
    }

    /// The item itself is never asked for again: the offline library keeps its record, or, with
    /// the library off, the last results do. A song's detail asks only for the artist's works.
    @Test(arguments: [true, false])
    func aResultRightAfterItsSearchSendsNoRequestForTheItem(library: Bool) async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("library:\n  enabled: \(library)\n", to: "library.yaml")
        let (search, document) = try await harness.searchJSON(["jack", "--kind", "song", "--config", config])
        #expect(search.status == 0, "\(search.stderr)")
        let id = try #require(document.results.first?["id"] as? String)
        let before = await harness.server.requests().count
        let shown = try await harness.run(["show", "--result", "1", "--format", "json", "--config", config])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("\"id\" : \"\(id)\""))
        let asked = await harness.server.requests().dropFirst(before).map(\.rawQuery)
        #expect(!asked.contains { $0.contains("id=\(id)") }, "the item was asked for again: \(asked)")
        #expect(asked.count == 1, "one lookup, for the artist's other works: \(asked)")
    }

    /// The library is written beside the last results: when it cannot take the records, the
    /// search says so, and the last results carry the records instead.
    @Test func aResultStillSendsNoRequestWhenTheLibraryCannotBeWritten() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        // A file where the library's folder should be: the library cannot be opened.
        let data = harness.runner.home.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: data.appendingPathComponent("mediasearch"))
        let (search, document) = try await harness.searchJSON(["jack", "--kind", "song"])
        #expect(search.stderr.contains("not kept in the offline library"), "\(search.stderr)")
        let id = try #require(document.results.first?["id"] as? String)
        let before = await harness.server.requests().count
        let shown = try await harness.run(["show", "--result", "1", "--format", "json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("\"id\" : \"\(id)\""))
        let asked = await harness.server.requests().dropFirst(before).map(\.rawQuery)
        #expect(!asked.contains { $0.contains("id=\(id)") }, "the item was asked for again: \(asked)")
    }

    @Test func resultNumbersOpenTheLastSearchsTiles() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let none = try await harness.run(["show", "--result", "1"])
        #expect(none.status == 64)
        let (_, search) = try await harness.searchJSON(["jack"])
        let second = try #require(search.results.dropFirst().first?["id"] as? String)
        let (result, document) = try await detail(harness, ["--result", "2"])
        #expect(result.status == 0)
        #expect(document["id"] as? String == second)
        // An empty search says so on stderr (exit 0) and keeps the last results; so does a failed one.
        await harness.server.inject(FaultRule(path: "/search", fault: .body(#"{"resultCount":0,"results":[]}"#)))
        let empty = try await harness.run(["search", "zzzz", "--format", "lines"])
        #expect(empty.status == 0 && empty.stdout.isEmpty)
        #expect(empty.stderr.hasPrefix("mediasearch: No results for \"zzzz\". Try another kind"), "\(empty.stderr)")
        await harness.server.clearFaults()
        await harness.server.inject(FaultRule(path: "/search", fault: .status(400)))
        #expect(try await harness.run(["search", "broken"]).status == 69)
        await harness.server.clearFaults()
        let (_, kept) = try await detail(harness, ["--result", "2"])
        #expect(kept["id"] as? String == second, "the last results a person saw are still result 2")
        let outOfRange = try await harness.run(["show", "--result", "99"])
        #expect(outOfRange.status == 64)
        #expect(outOfRange.stderr.contains("there is no result 99"))
        let first = try #require(search.results.first?["title"] as? String)
        let text = try await harness.run(["show", "--result", "1"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix(first + "\n"), "result 1's detail starts with its title: \(text.stdout)")
    }

    /// Track 1540774502 is recorded with `trackName` "Jack Johnson" and `trackCensoredName`
    /// "Jack Johnson (Byron The Aquarius Remix)".
    @Test func censoredNamesUnlessUncensored() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write(CommandRunner.userConfiguration + "explicit: false\n", to: "clean.yaml")
        let (_, censored) = try await detail(harness, ["1540774502", "--config", config])
        #expect(censored["title"] as? String == "Jack Johnson (Byron The Aquarius Remix)")
        let (_, revealed) = try await detail(harness, ["1540774502", "--config", config, "--uncensored"])
        #expect(revealed["title"] as? String == "Jack Johnson")
        let (_, search) = try await harness.searchJSON(["jack", "--kind", "song", "--config", config])
        let tile = try #require(search.results.first { $0["id"] as? String == "1540774502" })
        #expect(tile["title"] as? String == "Jack Johnson (Byron The Aquarius Remix)")
        #expect(await harness.server.requests().last?.query["explicit"] == "No")
        let (_, explicitSearch) = try await harness.searchJSON(["jack", "--kind", "song"])
        let original = try #require(explicitSearch.results.first { $0["id"] as? String == "1540774502" })
        #expect(original["title"] as? String == "Jack Johnson")

        // show --result N shows names as the search did, whatever the config says.
        let (_, clean) = try await harness.searchJSON(["jack", "--kind", "song", "--no-explicit"])
        let number = try #require(clean.results.firstIndex { $0["id"] as? String == "1540774502" }) + 1
        let (_, shown) = try await detail(harness, ["--result", String(number)])
        #expect(shown["title"] as? String == "Jack Johnson (Byron The Aquarius Remix)")
        let (_, revealedResult) = try await detail(harness, ["--result", String(number), "--uncensored"])
        #expect(revealedResult["title"] as? String == "Jack Johnson")
    }

    @Test func albumsAreAKindOnceEnabled() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (_, plain) = try await harness.searchJSON(["abbey", "road"])
        #expect(!plain.kinds.contains("album"))
        let config = try harness.runner.write("kinds: [song, album, podcast]\n", to: "albums.yaml")
        let (result, document) = try await harness.searchJSON(["abbey", "road", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(document.kinds == ["song", "album", "podcast"])
        let album = try #require(document.results.first { $0["kind"] as? String == "album" })
        #expect(album["title"] as? String == "Nemesis (Special Edition)")
        #expect(album["summary"] as? [String] == ["2013", "13 tracks", "$9.99"])
        #expect(await harness.server.requests().contains { $0.query["entity"] == "album" })

        let shown = try await harness.run(["show", "1038991417", "--config", config])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Tracks\n  1038991437  Angel of Death · track 1 · 4:51\n"))
        #expect(shown.stdout.contains("1038991877  Raining Blood · track 10 · 3:42"))
    }

    @Test func anEpisodeIsShownAsAnEpisodeAndNoDetailRepeatsALink() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let (result, document) = try await detail(harness, ["1000654145267"])
        #expect(result.status == 0, "\(result.stderr)")
        let all = sections(document)
        #expect(rows(all["Episode 721 | \"Unbuttoned\""])["Kind"] == "Episode")
        #expect(rows(all["Episode"])["Podcast"] == "The Joe Budden Podcast")
        let links = (all["Episode"]?["links"] as? [[String: String]] ?? []).map { $0["label"]! }
        #expect(links.first == "Audio")
        for id in ["1078111961", "1038991437", "438363284", "1535809341", "1000654145267"] {
            let (_, shown) = try await detail(harness, [id])
            let urls = (shown["sections"] as? [[String: Any]] ?? []).flatMap {
                ($0["links"] as? [[String: String]] ?? []).map { $0["url"]! }
            }
            #expect(urls.count == Set(urls).count, "\(id) repeats a link")
        }
        let (_, movie) = try await detail(harness, ["1078111961"])
        let movieSections = sections(movie)
        #expect(rows(movieSections["Deadpool"])["Director"] == "Tim Miller")
        #expect(rows(movieSections["Movie"])["Director"] == nil && rows(movieSections["Movie"])["Genre"] == nil)
        #expect(rows(movieSections["Production"])["Released"] == nil)
    }
}
