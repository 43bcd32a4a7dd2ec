import Foundation
import MediaSearchFixtures
import TestSlots
import Testing

/// A source described in config.yaml with no code (`type: json`), against Radio Browser's recorded
/// answers served by the loopback fixture server.
@Suite("Declarative providers", .slots, .tags(.e2e))
struct DeclarativeProviderTests {
    /// The radio source as a user writes it, at the fixture server.
    static func config(_ base: String, kinds: String = "[song, radio]", fields: String? = nil) -> String {
        """
        kinds: \(kinds)
        providers:
          radio:
            type: json
            kind: radio-station
            name: Radio
            search: "\(base)/json/stations/search?name={term}&limit={limit}&offset={offset}&hidebroken=true"
            lookup: "\(base)/json/stations/byuuid/{id}"
            fields:
        \(fields ?? """
                  id: stationuuid
                  title: name
                  creator: country
                  url: homepage
                  artwork: favicon
                  preview: url_resolved | url
                  genre: tags
                  released: lastchangetime_iso8601
            """)
            rate_limit: 10/10s
            labels: {creator: Country, url: Homepage, preview: Listen live}

        """
    }

    @Test func searchShowAndTheLibraryWorkForADescribedSource() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        try harness.runner.write(Self.config(harness.server.baseURL), to: "config/mediasearch/config.yaml")

        let (result, document) = try await harness.searchJSON(["klara", "--kind", "radio"])
        #expect(result.status == 0, "\(result.stderr)")
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 10)
        let first = try #require(results.first)
        #expect(first["kind"] as? String == "radio")
        #expect(first["title"] as? String == "Klara")
        #expect(first["creator"] as? String == "Belgium")
        #expect(first["genre"] as? String == "classical,cultural,jazz,vrt")
        #expect((first["previewUrl"] as? String)?.hasPrefix("http://vrt.streamabc.net/") == true)
        // `url_resolved` is empty for this station: the stream falls back to `url`.
        let continuo = try #require(results.first { $0["id"] as? String == "960eb6af-0601-11e8-ae97-52543be04c81" })
        #expect(continuo["previewUrl"] as? String == "http://icecast.vrtcdn.be/klaracontinuo-high.mp3")
        let searched = await harness.server.requests().filter { $0.path == "/json/stations/search" }
        #expect(searched.map(\.query["name"]) == ["klara"])
        #expect(searched.map(\.query["offset"]) == ["0"])

        // A detail of a station the search did not list is looked up by its id; the name's
        // leading tab is not shown.
        let shown = try await harness.run(["show", "db93a00f-9191-46ab-9e87-ec9b373b3eee", "--kind", "radio"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("Arrow Classic Rock\n"), "\(shown.stdout)")
        // In the source's own words (labels:).
        #expect(
            shown.stdout.contains("Country") && shown.stdout.contains("Homepage")
                && shown.stdout.contains("Listen live") && !shown.stdout.contains("By "), "\(shown.stdout)")
        #expect(shown.stdout.contains("Radio station"), "the terminal says the kind: \(shown.stdout)")
        #expect(shown.stdout.contains("http://stream.gal.io/arrow"))
        #expect(await harness.server.requests().contains { $0.path.hasPrefix("/json/stations/byuuid/db93a00f") })
        // One in the last search needs no request.
        let before = await harness.server.requests().count
        let listed = try await harness.run(["show", "f257abd4-9397-4110-b810-c7ca9fb8fbf7", "--kind", "radio"])
        #expect(listed.stdout.hasPrefix("KlaRa Jazz\n"))
        #expect(await harness.server.requests().count == before)

        // Every record seen is in the offline library, under the source's kind.
        let offline = try await harness.run(["search", "klara", "--kind", "radio", "--offline", "--format", "lines"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.split(separator: "\n").count == 10)
        #expect(offline.stdout.split(separator: "\n").allSatisfy { $0.split(separator: "\t")[1] == "radio" })
    }

    /// A source whose lookup wraps its item in an envelope (`{"data": {...}}`, as Jikan and every
    /// JSON:API source answer) is shown by id once `lookup_item` says where the item is (#60).
    @Test func aLookupThatWrapsItsItemIsReadWhereTheDescriptionSays() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let id = "db93a00f-9191-46ab-9e87-ec9b373b3eee"
        await harness.server.inject(
            FaultRule(
                path: "/wrapped/\(id)",
                fault: .body(
                    #"{"data": {"stationuuid": "\#(id)", "name": "Arrow Classic Rock", "country": "The Netherlands"}, "meta": {}}"#,
                    contentType: "application/json")))
        func write(lookupItem: String?) throws {
            let config = Self.config(harness.server.baseURL).replacingOccurrences(
                of: "    lookup: \"\(harness.server.baseURL)/json/stations/byuuid/{id}\"\n",
                with: "    lookup: \"\(harness.server.baseURL)/wrapped/{id}\"\n"
                    + (lookupItem.map { "    lookup_item: \($0)\n" } ?? ""))
            #expect(config.contains("/wrapped/{id}"))
            try harness.runner.write(config, to: "config/mediasearch/config.yaml")
        }
        // Without it, the envelope is not an item: nothing to show.
        try write(lookupItem: nil)
        let unread = try await harness.run(["show", id, "--kind", "radio", "--no-cache"])
        #expect(unread.status == 66, "\(unread.stdout) \(unread.stderr)")
        try write(lookupItem: "data")
        let shown = try await harness.run(["show", id, "--kind", "radio", "--no-cache"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
            shown.stdout.hasPrefix("Arrow Classic Rock\n") && shown.stdout.contains("The Netherlands"),
            "\(shown.stdout)")
        // A path that cannot be one is the file's line, before any request.
        try write(lookupItem: "data..x")
        let wrong = try await harness.run(["show", id, "--kind", "radio"])
        #expect(wrong.status == 78 && wrong.stderr.contains("lookup_item"), "\(wrong.stderr)")

        // A source that wraps everything (JSON:API): its searches list under `data` (`results:
        // data`), its lookups hold the item there, and a lookup by another scheme answers a list
        // there, read as a search's first result.
        let item = #"{"id": "5114", "attributes": {"title": "Fullmetal Alchemist", "studio": "Bones"}}"#
        for (path, body) in [
            ("/api/anime", #"{"data": [\#(item)], "meta": {"count": 1}}"#),
            ("/api/anime/5114", #"{"data": \#(item)}"#),
            ("/api/anime-by-mal", #"{"data": [\#(item)]}"#),
        ] {
            await harness.server.inject(FaultRule(path: path, fault: .body(body, contentType: "application/json")))
        }
        let base = harness.server.baseURL
        try harness.runner.write(
            """
            kinds: [anime]
            providers:
              anime:
                type: json
                kind: tv-show
                name: Anime
                search: "\(base)/api/anime?filter={term}"
                results: data
                lookup: "\(base)/api/anime/{id}"
                lookup_item: data
                lookup_by: {mal: "\(base)/api/anime-by-mal?mal={id}"}
                fields: {id: id, title: attributes.title, creator: attributes.studio}

            """, to: "config/mediasearch/config.yaml")
        let found = try await harness.run(["search", "fullmetal", "--format", "lines"])
        #expect(found.status == 0 && found.stdout.contains("Fullmetal Alchemist"), "\(found.stderr)")
        for target in ["5114", "mal:5114"] {
            let detail = try await harness.run(["show", target, "--kind", "anime", "--no-cache"])
            #expect(
                detail.status == 0 && detail.stdout.hasPrefix("Fullmetal Alchemist\n"), "\(target): \(detail.stderr)")
        }
    }

    @Test func aMappingErrorIsTheFilesLineBeforeAnyRequest() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let cases: [(String, String)] = [
            ("          title: name\n", "config.yaml:10: providers.radio.fields: 'id' is required"),
            (
                "          id: stationuuid\n          title: name\n          rating: votes\n",
                "config.yaml:12: providers.radio.fields.rating: unknown key"
            ),
            ("          id: stationuuid\n          title: name..x\n", "config.yaml:11: providers.radio.fields.title:"),
        ]
        for (fields, message) in cases {
            try harness.runner.write(
                Self.config(harness.server.baseURL, fields: fields), to: "config/mediasearch/config.yaml")
            let result = try await harness.run(["search", "klara"])
            #expect(result.status == 78, "\(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        #expect(await harness.server.requests().isEmpty)
    }

    /// A user's source says its facts' types (#60 item 1), and they read as a built-in
    /// source's: a count with its unit, a country and a language by name. A type that cannot
    /// work is the file's line, before any request.
    @Test func aDescribedSourcesTypedFactsReadAsABuiltInSources() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        func write(_ facts: String) throws {
            try harness.runner.write(
                Self.config(harness.server.baseURL) + "    facts:\n" + facts, to: "config/mediasearch/config.yaml")
        }
        try write(
            """
                  Votes: {path: votes, type: count, unit: vote}
                  Where: {path: countrycode, type: country}
                  Language: {path: language, type: language}

            """)
        let (result, document) = try await harness.searchJSON(["klara", "--kind", "radio"])
        #expect(result.status == 0, "\(result.stderr)")
        let first = try #require((document["results"] as? [[String: Any]])?.first)
        // The country is the tile's subtitle already: said once (#60).
        #expect(first["subtitle"] as? String == "Belgium", "\(first)")
        #expect(
            Array((first["summary"] as? [String] ?? []).prefix(2)) == ["203 votes", "Dutch"],
            "\(first["summary"] ?? "")")
        let cases: [(String, String)] = [
            (
                "      Votes: {path: votes, type: counting}\n",
                "config.yaml:21: providers.radio.facts.Votes.type: 'counting' is not a type of fact"
            ),
            ("      Votes: {path: votes, type: count}\n", "providers.radio.facts.Votes.unit: a count needs unit: page"),
            ("      Stars: {path: votes, type: rating, scale: none}\n", "providers.radio.facts.Stars.scale: 'none'"),
            ("      Votes: {path: votes, kind: count}\n", "providers.radio.facts.Votes.kind: unknown key"),
            ("      Votes: {path: votes, type: count, scale: 5}\n", "facts.Votes.scale: a count takes unit, not scale"),
            ("      Where: {path: countrycode, type: country, unit: x}\n", "facts.Where.unit: a country takes no unit"),
            (
                "      Rate: {path: \"{bitrate} kbps\", type: count, unit: kbps}\n",
                "facts.Rate: a count reads one dotted path"
            ),
            ("      Code: {path: stationuuid, type: id, scheme: UUID}\n", "facts.Code.scheme: a scheme is lower-case"),
        ]
        let before = await harness.server.requests().count
        for (facts, message) in cases {
            try write(facts)
            let refused = try await harness.run(["search", "klara"])
            #expect(refused.status == 78, "\(refused.stderr)")
            #expect(refused.stderr.contains(message), "\(refused.stderr)")
        }
        #expect(await harness.server.requests().count == before)
    }

    @Test func aDescribedSourceHasABudgetOfItsOwn() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        try harness.runner.write(Self.config(harness.server.baseURL), to: "config/mediasearch/config.yaml")
        let result = try await harness.run(["search", "klara", "--kind", "radio", "--format", "lines"])
        #expect(result.status == 0, "\(result.stderr)")
        let cache = harness.runner.home.appendingPathComponent("cache/mediasearch")
        let names = try budgetsCounted(inCache: cache).keys
        // The description is at the fixture server itself, so the variable that names that server
        // again moves nothing: the source's own budget.
        #expect(names.contains("source-radio"), "\(names)")
        #expect(!names.contains { $0.hasPrefix("source-itunes") }, "the iTunes budget is not spent: \(names)")
    }

    /// A described source that maps `explicit` is held to explicit content as every source is, by
    /// the engine: its explicit items are left out with explicit content off, online and offline
    /// alike (online, they were once shown, marked `explicit: true`).
    @Test func aDescribedSourcesExplicitItemsAreLeftOutOnlineAndOffline() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        // Every recorded Klara station passed its last check (`lastcheckok: 1`): here, explicit.
        let fields = """
                  id: stationuuid
                  title: name
                  explicit: lastcheckok
            """
        try harness.runner.write(
            Self.config(harness.server.baseURL, fields: fields), to: "config/mediasearch/config.yaml")
        let counts = { (extra: [String]) async throws -> (Int, [Bool]) in
            let (result, document) = try await harness.searchJSON(["klara", "--kind", "radio"] + extra)
            #expect(!result.stderr.contains("failed"), "\(result.stderr)")
            return (document.results.count, document.results.map { $0["explicit"] as? Bool ?? false })
        }
        let shown = try await counts([])
        #expect(shown.0 == 10 && shown.1.allSatisfy { $0 }, "\(shown)")
        #expect(try await counts(["--no-explicit"]).0 == 0)
        #expect(try await counts(["--no-explicit", "--offline"]).0 == 0)
        #expect(try await counts(["--offline"]).0 == 10)
    }

    /// The built-in radio source needs no description: listing it in kinds enables it, and its
    /// environment variable points it at a mirror (here the fixture server).
    @Test func theBuiltInRadioSourceIsOneKindAwayAndMovable() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let off = try await harness.run(["search", "klara", "--kind", "radio"])
        #expect(off.status == 64)
        #expect(off.stderr.contains("kind 'radio' is disabled"), "\(off.stderr)")
        try harness.runner.write("kinds: [radio]\n", to: "config/mediasearch/config.yaml")
        let result = try await harness.run(
            ["search", "klara", "--format", "lines"], environment: ["MEDIASEARCH_RADIO_URL": harness.server.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 10)
        let asked = await harness.server.requests().filter { $0.path == "/json/stations/search" }
        #expect(asked.map(\.query["order"]) == ["votes"])
    }

    /// `providers.radio.base_url` moves the built-in described source as the variable does (it
    /// was once accepted and ignored), `config show` says so, and a lookup goes there too.
    @Test func theConfigsBaseURLMovesADescribedSource() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        try harness.runner.write(
            "kinds: [radio]\nproviders:\n  radio: {base_url: \"\(harness.server.baseURL)\"}\n",
            to: "config/mediasearch/config.yaml")
        let environment = ["MEDIASEARCH_RADIO_URL": ""]
        let result = try await harness.run(["search", "klara", "--format", "lines"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 10)
        let id = try #require(result.stdout.split(separator: "\t").first.map(String.init))
        // In a home of its own (no last results, no library), so the id is looked up.
        let fresh = harness.runner.home.appendingPathComponent("fresh").path
        let shown = try await harness.run(
            ["show", id, "--format", "json"],
            environment: environment.merging(["XDG_STATE_HOME": fresh, "XDG_DATA_HOME": fresh]) { $1 })
        #expect(shown.status == 0, "\(shown.stderr)")
        let paths = await harness.server.requests().map(\.path)
        #expect(paths.contains("/json/stations/search") && paths.contains { $0.hasPrefix("/json/stations/byuuid/") })
        let settings = try await harness.run(["config", "show"], environment: environment)
        #expect(
            settings.stdout.components(separatedBy: "providers.radio.base_url").count == 2,
            "listed once: \(settings.stdout)")
        #expect(settings.stdout.contains(harness.server.baseURL), "\(settings.stdout)")
    }
}
