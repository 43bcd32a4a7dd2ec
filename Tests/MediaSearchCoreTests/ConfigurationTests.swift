import Foundation
import MediaSearchCore
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

@Suite("Configuration", .slots)
struct ConfigurationTests {
    func parse(_ yaml: String) throws(MediaSearchError) -> Configuration {
        try ConfigurationParser(file: "config.yaml", types: []).parse(yaml)
    }

    func failure(_ yaml: String) -> String? {
        do {
            _ = try parse(yaml)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theRepositoryConfigIsTheDocumentedDefault() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text == DocumentedConfiguration.text, "config init must write exactly the repository's config.yaml")
        let parsed = try parse(text)
        let values = { (configuration: Configuration) in
            configuration.settings().filter { !$0.key.hasPrefix("providers.") }.map { "\($0.key)=\($0.value)" }
        }
        #expect(values(parsed) == values(Configuration()))
        #expect(values(parsed).count == ConfigurationKey.all.filter { !$0.legacy }.count - 1)
        #expect(parsed.limit(for: "song") == Configuration().limit(for: "song"))
        #expect(parsed.weight(for: "song") == Configuration().weight(for: "song"))
        #expect(parsed.sources.isEmpty && parsed.sourceURLs.isEmpty && parsed.sourceRates.isEmpty)
        #expect(parsed.sourceTimeouts.isEmpty && parsed.notices.isEmpty)
    }

    @Test func everySettingSaysWhereItCameFrom() throws {
        let parsed = try parse("limit: 7\nitunes:\n  timeout: 2.5\nproviders:\n  movie: {weight: 2}\n")
        let settings = Dictionary(
            parsed.settings(providers: [Stub(kind: "movie", source: "itunes")]).map { ($0.key, $0) },
            uniquingKeysWith: { a, _ in a })
        #expect(settings["limit"]?.origin == "config.yaml:1" && settings["limit"]?.value == "7")
        #expect(
            settings["providers.itunes.timeout"]?.origin == "config.yaml:3"
                && settings["providers.itunes.timeout"]?.value == "2.5")
        #expect(settings["itunes.timeout"] == nil, "the old spelling is not listed")
        #expect(settings["providers.movie.weight"]?.origin == "config.yaml:5")
        #expect(settings["country"]?.origin == "default")
    }

    /// `config show` lists every enabled kind's limit and weight, not only the ones set.
    @Test func everyEnabledKindHasItsSettings() throws {
        let parsed = try parse(
            "kinds: [song, movie]\nlimit: 7\nproviders:\n  song: {limit: 10}\n  album: {weight: 2}\n")
        let shown = parsed.settings().filter { $0.key.hasPrefix("providers.") }.map {
            "\($0.key)=\($0.value) \($0.origin)"
        }
        #expect(
            shown == [
                "providers.song.limit=10 config.yaml:4", "providers.song.weight=1 default",
                "providers.movie.limit=7 from limit (config.yaml:2)", "providers.movie.weight=1 default",
                "providers.album.limit=7 from limit (config.yaml:2)", "providers.album.weight=2 config.yaml:5",
            ])
    }

    @Test func everyKeyIsRead() throws {
        let config = try parse(
            """
            kinds: [podcast, song]
            limit: 50
            providers:
              song: {limit: 10, weight: 2}
            explicit: false
            country: gb
            lang: ja_jp
            history:
              size: 10
            cache:
              enabled: false
              ttl: 60
              max_size_mb: 2
            library:
              enabled: false
              max_records: 500
            store: postgresql://team:s3cret@db.example.net/media
            egress_group: office-2
            notice: "The house's search: ask Sam"
            mcp:
              writes: true
            """)
        // Every key of the table is in the file above with a value other than its default, and
        // is read: a key added to the table without a line here fails this.
        let defaults = Dictionary(
            Configuration().settings().map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for setting in config.settings() where !setting.key.hasPrefix("providers.") {
            #expect(setting.value != defaults[setting.key], "\(setting.key) was not read")
            #expect(setting.origin.hasPrefix("config.yaml:"), "\(setting.key): \(setting.origin)")
        }
        #expect(config.kinds == ["podcast", "song"])
        #expect(config.mcpWrites)
        #expect(config.limit(for: "song") == 10)
        #expect(config.limit(for: "podcast") == 50)
        #expect(config.weight(for: "song") == 2)
        #expect(config.explicit == false)
        #expect(config.country == "GB")
        #expect(config.lang == "ja_jp")
        #expect(config.historySize == 10)
        #expect(config.cacheEnabled == false)
        #expect(config.cacheTTL == 60)
        #expect(config.cacheMaxBytes == 2 * 1_048_576)
        #expect(config.libraryEnabled == false)
        #expect(config.libraryMaxRecords == 500)
        #expect(config.kindLines == ["podcast": 1, "song": 1])
        #expect(config.notice == "The house's search: ask Sam")
    }

    /// A source's budget stays its own: moved to another host it has a budget of its own,
    /// and moved to this machine (the demo server) a default it cannot reach in a demo; at its
    /// own place it keeps to what the source documents (Apple: 20 a minute).
    @Test(
        arguments: [
            (nil, nil, 20, "source-itunes"),
            ("https://itunes.example.org", nil, 20, "source-itunes-itunes-example-org"),
            ("http://127.0.0.1:8765", nil, 1000, "source-itunes-127-0-0-1-8765"),
            ("http://localhost:9", nil, 1000, "source-itunes-localhost-9"),
            ("http://[::1]:80", nil, 1000, "source-itunes-__1-80"),
            ("http://127.0.0.1:8765", 5, 5, "source-itunes-127-0-0-1-8765"),
            // Its own place written out moves nothing: the same budget as unset.
            ("https://itunes.apple.com", nil, 20, "source-itunes"),
        ] as [(String?, Int?, Int, String)])
    func eachSourceHostHasItsOwnBudget(url: String?, set: Int?, limit: Int, file: String) throws {
        var configuration = Configuration()
        configuration.sourceURLs["itunes"] = try url.map { try #require(URL(string: $0)) }
        configuration.sourceRates["itunes"] = set.map { RequestRate($0, per: 60) }
        let budget = configuration.budget(
            forSource: "itunes", documented: RequestRate(20, per: 60), home: URL(string: "https://itunes.apple.com"))
        #expect(budget.limit == limit && budget.window == 60)
        #expect(budget.key == file)
    }

    /// iTunes is a source like any other (`providers.itunes.{base_url, rate_limit, timeout}`); the
    /// top-level `itunes:` block of earlier versions still works, says once in one line what it is
    /// now called, and gives way to `providers.itunes` where both are written.
    @Test func theItunesBlockStillWorksAndNamesItsNewKeys() throws {
        // A rate the budget could not count (more than a billion a window) is refused, not trapped on.
        #expect(throws: MediaSearchError.self) {
            try parse("providers:\n  itunes: {rate_limit: 9223372036854775807/min}\n")
        }
        #expect(
            try parse("providers:\n  itunes: {rate_limit: 1000000000/min}\n").budget(forSource: "itunes").limit
                == 1_000_000_000)
        let windowed = try parse("itunes:\n  rate_limit: 5\nproviders:\n  itunes: {rate_limit: 30/10min}\n")
        let budget = windowed.budget(forSource: "itunes")
        #expect(budget.limit == 30 && budget.window == 600)
        let old = try parse("itunes:\n  base_url: http://127.0.0.1:9\n  timeout: 3.5\n  rate_limit: 5\n")
        #expect(old.budget(forSource: "itunes").limit == 5 && old.budget(forSource: "itunes").window == 60)
        #expect(old.baseURL(forSource: "itunes")?.absoluteString == "http://127.0.0.1:9")
        #expect(old.timeout(forSource: "itunes") == 3.5)
        #expect(
            old.notices == [
                "config.yaml:2: itunes.base_url is now providers.itunes.base_url, itunes.timeout is now "
                    + "providers.itunes.timeout, itunes.rate_limit is now providers.itunes.rate_limit "
                    + "(a rate such as 20/min); the old spelling still works"
            ])
        let new = try parse(
            "providers:\n  itunes: {base_url: \"http://127.0.0.1:9\", timeout: 3.5, rate_limit: 5/min}\n")
        #expect(new.baseURL(forSource: "itunes") == old.baseURL(forSource: "itunes"))
        #expect(new.timeout(forSource: "itunes") == 3.5 && new.notices.isEmpty)
        #expect(new.budget(forSource: "itunes").limit == 5 && new.budget(forSource: "itunes").window == 60)
    }

    /// YAML 1.1's booleans, read as Yams' default resolver read them before the config was
    /// composed with the basic one: unquoted, in any case.
    @Test(
        arguments: [
            ("true", true), ("True", true), ("TRUE", true), ("yes", true), ("Yes", true), ("ON", true),
            ("false", false), ("False", false), ("no", false), ("NO", false), ("off", false), ("Off", false),
            ("tRUE", true), ("'true'", nil), ("\"no\"", nil), ("1", nil), ("0", nil), ("y", nil), ("", nil),
            ("truth", nil),
        ] as [(String, Bool?)])
    func booleansAreYAMLs(_ text: String, _ expected: Bool?) throws {
        // Explicit content on by default is turned off by a false, and the other way round.
        let configuration = try? parse("explicit: \(text)\n")
        #expect(configuration?.explicit == expected)
    }

    @Test func anEmptyFileKeepsTheDefaults() throws {
        #expect(try parse("").kinds == Configuration().kinds)
        #expect(try parse("# only a comment\n").limit == 30)
    }

    @Test(arguments: [
        ("limit: 30\nlimt: 20\n", "config.yaml:2: limt: unknown key"),
        ("limit: abc\n", "config.yaml:1: limit: expected a whole number from 1 to 200"),
        ("limit: 500\n", "config.yaml:1: limit: 500 is out of range 1...200"),
        ("explicit: maybe\n", "config.yaml:1: explicit: expected true or false"),
        ("country: usa\n", "config.yaml:1: country: 'usa' is not a two-letter country code"),
        ("kinds: song\n", "config.yaml:1: kinds: expected a list of kinds"),
        ("kinds: []\n", "config.yaml:1: kinds: at least one kind must be enabled"),
        (
            "itunes:\n  base_url: ftp://example.com\n",
            "config.yaml:2: itunes.base_url: 'ftp://example.com' is not an http(s) URL"
        ),
        ("itunes:\n  retries: 3\n", "config.yaml:2: itunes.retries: unknown key"),
        ("limit: [1\n", "config.yaml:2: invalid YAML"),
        ("- a\n- b\n", "config.yaml:1: the file must be a mapping of settings"),
        ("limit: 1\nlimit: 2\n", "config.yaml:2: limit: the key appears twice"),
        ("providers:\n  song: {limit: 0}\n", "config.yaml:2: providers.song.limit: 0 is out of range"),
        ("notice: \"\(String(repeating: "x", count: 201))\"\n", "config.yaml:1: notice: expected one line of 1-200"),
        ("notice: \"\\u0007\"\n", "config.yaml:1: notice: expected one line of 1-200"),
    ])
    func badFilesNameTheLineAndKey(yaml: String, expected: String) {
        let message = failure(yaml)
        #expect(message?.hasPrefix(expected) == true, "got: \(message ?? "no error")")
    }

    @Test func unknownKindIsReportedWithItsLine() throws {
        let config = try parse("limit: 5\nkinds:\n  - song\n  - vinyl\n")
        #expect(throws: MediaSearchError.self) { try config.validate(knownKinds: ["song", "movie"]) }
        do {
            try config.validate(knownKinds: ["song", "movie"])
        } catch {
            #expect(error.description == "config.yaml:4: kinds: unknown kind 'vinyl' (known: song, movie)")
            #expect(error.exitStatus == 78)
        }
    }

    /// The defaults name sources that a binary composed without them lacks: those are left out,
    /// not an error; the same kinds written in a file must exist.
    @Test func aDefaultKindThisBinaryLacksIsLeftOut() throws {
        let known = ["song", "movie", "audiobook", "podcast"]
        try Configuration().validate(knownKinds: known)
        let written = try parse("kinds: [song, radio]\n")
        #expect(throws: MediaSearchError.self) { try written.validate(knownKinds: known) }
    }

    @Test func lookupOrderAndEnvironmentOverride() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        let xdg = directory.appendingPathComponent("xdg/mediasearch")
        try FileManager.default.createDirectory(at: xdg, withIntermediateDirectories: true)
        let user = xdg.appendingPathComponent("config.yaml")
        var environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path]
        #expect(try ConfigurationLoader.locate(explicitPath: nil, environment: environment) == nil)
        try "limit: 7\n".write(to: user, atomically: true, encoding: .utf8)
        #expect(try ConfigurationLoader.locate(explicitPath: nil, environment: environment)?.via == "$XDG_CONFIG_HOME")
        let other = directory.appendingPathComponent("other.yaml")
        try "limit: 8\n".write(to: other, atomically: true, encoding: .utf8)
        environment["MEDIASEARCH_CONFIG"] = other.path
        #expect(try ConfigurationLoader.locate(explicitPath: nil, environment: environment)?.path == other.path)
        #expect(try ConfigurationLoader.locate(explicitPath: user.path, environment: environment)?.via == "--config")
        #expect(throws: MediaSearchError.self) {
            try ConfigurationLoader.locate(explicitPath: "/nonexistent/config.yaml", environment: [:])
        }
        let loaded = try ConfigurationLoader.load(
            path: other.path, environment: ["MEDIASEARCH_ITUNES_URL": "http://127.0.0.1:1234"], sourceTypes: [])
        #expect(loaded.limit == 8)
        #expect(loaded.baseURL(forSource: "itunes")?.absoluteString == "http://127.0.0.1:1234")
        #expect(throws: MediaSearchError.self) {
            try ConfigurationLoader.load(
                path: nil, environment: ["MEDIASEARCH_ITUNES_URL": "file:///etc/passwd"], sourceTypes: [])
        }
    }

    @Test func aDirectoryOrNonUTF8FileIsAClearError() throws {
        do {
            _ = try ConfigurationLoader.load(path: NSTemporaryDirectory(), environment: [:], sourceTypes: [])
            Issue.record("a directory must be refused")
        } catch {
            #expect(error.description.hasSuffix("is a directory, not a config file"))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("latin1-\(UUID().uuidString).yaml")
        try Data([0xFF, 0xFE, 0x41]).write(to: url)
        do {
            _ = try ConfigurationLoader.load(path: url.path, environment: [:], sourceTypes: [])
            Issue.record("non-UTF-8 text must be refused")
        } catch {
            #expect(error.exitStatus == 78)
            #expect(error.description.hasSuffix("is not UTF-8 text"))
        }
    }

    /// A described source's values are copied with their aliases followed: "billion laughs" (nine
    /// levels of ten aliases, 10^9 values from a few hundred bytes) is refused with its file, line
    /// and key, before it is copied, while a few aliases of a small anchor still read.
    @Test func anAliasBombUnderADescribedSourceIsRefusedWithItsLine() throws {
        var lines = [
            "providers:", "  g:", "    type: keeps", "    labels:",
            "      x0: &b0 [lol,lol,lol,lol,lol,lol,lol,lol,lol,lol]",
        ]
        lines += (1..<10).map { level in
            "      x\(level): &b\(level) [\(Array(repeating: "*b\(level - 1)", count: 10).joined(separator: ","))]"
        }
        let bomb = lines.joined(separator: "\n") + "\n"
        #expect(bomb.utf8.count < 1_000)
        let parser = ConfigurationParser(file: "bomb.yaml", types: [KeepsSettings()])
        do {
            _ = try parser.parse(bomb)
            Issue.record("the bomb was read")
        } catch {
            #expect(error.exitStatus == 78)
            #expect(error.description.hasPrefix("bomb.yaml:5: providers.g.labels: its aliases (*name) expand"))
        }
        // The same bomb spread over many sources shares one budget: each alone would fit.
        let spread = (0..<40).map { "  s\($0):\n    type: keeps\n    labels: {a: *b2, b: *b2}\n" }.joined()
        let anchors = lines[4...6].joined(separator: "\n")  // *b2 is 1,111 values, a source 2,223
        #expect(throws: MediaSearchError.self) {
            try parser.parse("providers:\n  g:\n    type: keeps\n    labels:\n\(anchors)\n\(spread)")
        }
        let small = try parser.parse(
            "providers:\n  g:\n    type: keeps\n    labels:\n      a: &words [one, two]\n      b: *words\n")
        #expect(small.sources.count == 1)
    }

    /// Deep nesting stops at libyaml's own limit: a clear error, not a crash of the stack.
    @Test func aDeeplyNestedValueIsAnErrorNotACrash() {
        let depth = 100_000
        let deep =
            "providers:\n  g:\n    type: keeps\n    labels: " + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "\n"
        #expect(throws: MediaSearchError.self) {
            try ConfigurationParser(file: "deep.yaml", types: [KeepsSettings()]).parse(deep)
        }
    }

    @Test func aHugeFileIsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).yaml")
        try Data(repeating: UInt8(ascii: "#"), count: 2 * 1_048_576).write(to: url)
        #expect(throws: MediaSearchError.self) {
            try ConfigurationLoader.load(path: url.path, environment: [:], sourceTypes: [])
        }
    }
}

/// A provider of a kind and source, for settings that depend on which providers exist.
private struct Stub: MediaProvider {
    var kind: String
    var source: String
    func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] { [] }
}

/// A source type that takes any `labels:` and keeps nothing, for what the parser copies.
private struct KeepsSettings: SourceType {
    struct Source: ConfiguredSource {
        var name: String
        var type: String { "keeps" }
        var providers: [any MediaProvider] { [] }
    }
    var name: String { "keeps" }
    var keys: [String] { ["labels"] }
    func source(named name: String, settings: SettingNode) throws(SourceSettingProblem) -> any ConfiguredSource {
        Source(name: name)
    }
}
