import Foundation
import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import Synchronization
import TestSlots
import Testing

/// Providers added by conformance alone, run through the real CLI entry point in process (no
/// binary; an in-process fixture server where a source is needed).
@Suite("Adding providers", .slots)
struct ProviderPluginTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-\(UUID().uuidString)")

    /// A provider over a list in memory, defined here with the closure-backed provider.
    static let planets = AnyMediaProvider(
        kind: "planet", displayName: "Planets",
        filters: [.text("moon", help: "only planets with this moon") { [$0.extras["moons"]] }],
        tile: { item in
            Tile(
                item: item, kind: "planet", subtitle: "Sol",
                facts: [.plain("Moons", item.extras["moons"].map { "moons: \($0)" })])
        },
        detail: { item, _ in
            Detail(sections: [DetailSection(item.title ?? "?", rows: [.plain("Moons", item.extras["moons"])])])
        },
        lookup: { id, _ in planetItems.first { $0.id == id } },
        search: { query, _ in
            planetItems.filter { item in
                TextMatch.contains(item.title ?? "", query.term)
                    && (query.filters["moon"].map { TextMatch.contains(item.extras["moons"] ?? "", $0.text) } ?? true)
            }
        })

    static let planetItems: [MediaItem] = [("Mars", "Phobos, Deimos"), ("Earth", "Moon"), ("Marsupial", "")].map {
        MediaItem(id: $0.0.lowercased(), title: $0.0, kind: "planet", extras: ["moons": $0.1])
    }

    func run(
        _ arguments: [String], config: String, providers: [any MediaProvider]? = nil,
        sourceTypes: [any SourceType] = .builtIn, itunes: String = "http://127.0.0.1:9"
    ) async throws -> (Int32, OutputBuffer) {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data(config.utf8).write(to: home.appendingPathComponent("config.yaml"))
        let output = OutputBuffer()
        let status = await MediaSearchCLI.run(
            arguments: arguments, providers: providers ?? .builtIn + [Self.planets], sourceTypes: sourceTypes,
            variables: [
                "HOME": home.path, "MEDIASEARCH_ITUNES_URL": itunes,
                "MEDIASEARCH_CONFIG": home.appendingPathComponent("config.yaml").path,
            ],
            currentDirectory: home.path, console: output.console)
        return (status, output)
    }

    @Test func aProviderDefinedInATestShowsTilesAndDetail() async throws {
        let (status, output) = try await run(
            ["search", "mars", "--width", "80", "--format", "text"], config: "kinds: [planet]\n")
        #expect(status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("1. [PLANET] Mars"))
        #expect(output.stdout.contains("moons: Phobos, Deimos"))
        #expect(output.stdout.contains("2. [PLANET] Marsupial"))
        let (filtered, filteredOutput) = try await run(
            ["search", "mars", "--moon", "deimos", "--format", "json"], config: "kinds: [planet]\n")
        #expect(filtered == 0)
        #expect(filteredOutput.stdout.contains("\"title\" : \"Mars\""))
        #expect(!filteredOutput.stdout.contains("Marsupial"))
        let (shown, detail) = try await run(["show", "--result", "1"], config: "kinds: [planet]\n")
        #expect(shown == 0, "\(detail.stderr)")
        #expect(detail.stdout == "Mars\n────\n  Moons  Phobos, Deimos\n")
    }

    @Test func disabledUntilListedInConfig() async throws {
        let (status, output) = try await run(["search", "mars", "--kind", "planet"], config: "kinds: [song]\n")
        #expect(status == 64)
        #expect(output.stderr.contains("disabled"))
    }

    @Test func providersAreValidatedAtStart() async throws {
        let duplicate = AnyMediaProvider(kind: "song") { _, _ in [] }
        let (dup, dupOut) = try await run(["providers"], config: "", providers: .builtIn + [duplicate])
        #expect(dup == 64)
        #expect(dupOut.stderr == "mediasearch: two providers declare the kind 'song'\n")
        let clash = AnyMediaProvider(kind: "x", filters: [.text("limit", help: "h") { _ in [] }]) { _, _ in [] }
        let (clashStatus, clashOut) = try await run(["providers"], config: "", providers: .builtIn + [clash])
        #expect(clashStatus == 64)
        #expect(clashOut.stderr.contains("clashes with a search option"))
        let (unknown, unknownOut) = try await run(["search", "x"], config: "kinds: [song, comet]\n")
        #expect(unknown == 78)
        #expect(unknownOut.stderr.contains("config.yaml:1: kinds: unknown kind 'comet'"))
    }

    /// The items providers were asked to render, as `kind:id`.
    final class Rendered: Sendable {
        let list = Mutex([String]())
        var all: [String] { list.withLock { $0 } }
    }

    /// A provider that records every item it is asked to render.
    static func recorder(_ kind: String, _ seen: Rendered) -> AnyMediaProvider {
        AnyMediaProvider(
            kind: kind,
            detail: { item, _ in
                seen.list.withLock { $0.append("\(kind):\(item.id)") }
                return Detail(sections: [DetailSection(item.title ?? "?", rows: [.plain("By", kind)])])
            },
            search: { query, _ in
                [MediaItem(id: "\(kind)-1", title: "\(kind) \(query.term)")]
            })
    }

    @Test func aProviderIsOnlyAskedToRenderWhatItProducedOrClaims() async throws {
        let seen = Rendered()
        let alpha = Self.recorder("alpha", seen)
        let beta = Self.recorder("beta", seen)
        let providers = .builtIn + [alpha, beta]
        let config = "kinds: [alpha, beta]\n"
        let (searched, _) = try await run(["search", "x", "--format", "json"], config: config, providers: providers)
        #expect(searched == 0)
        for number in ["1", "2"] {
            let (status, output) = try await run(["show", "--result", number], config: config, providers: providers)
            #expect(status == 0, "\(output.stderr)")
        }
        #expect(seen.all.sorted() == ["alpha:alpha-1", "beta:beta-1"])

        // An id nobody produced: neither claims records it did not declare, so neither renders it,
        // and with no lookup of its own a provider finds nothing.
        let (unknown, unknownOut) = try await run(
            ["show", "zeta-9", "--kind", "beta"], config: config, providers: providers)
        #expect(unknown == 66, "\(unknownOut.stderr)")
        #expect(seen.all.count == 2)

        // An iTunes song looked up by id, with the recorders registered and enabled first: the
        // song provider, which claims songs, renders it.
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        let (song, songOut) = try await run(
            ["show", "1038991437", "--format", "json"], config: "kinds: [alpha, beta, song]\n",
            providers: [alpha, beta] + .builtIn, itunes: server.baseURL)
        #expect(song == 0, "\(songOut.stderr)")
        #expect(songOut.stdout.contains("\"kind\" : \"song\""))
        #expect(seen.all.count == 2, "\(seen.all)")
    }

    /// A provider with a setting of its own, which it reports back through the context.
    struct Greeter: MediaProvider {
        let kind = "greeting"
        var settings: [SettingSpec] {
            [
                SettingSpec("word", default: "hello", help: "what to say"),
                SettingSpec("times", .integer(1...3), default: "1", help: "how often"),
            ]
        }

        func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
            let word = context.settings["word"] ?? "?"
            let times = Int(context.settings["times"] ?? "0") ?? 0
            context.report("said \(times) time(s)")
            return (1...max(times, 1)).map { MediaItem(id: "\($0)", title: "\(word) \(query.term)") }
        }
    }

    @Test func aProvidersSettingsAreCheckedShownAndHandedToIt() async throws {
        let providers: [any MediaProvider] = .builtIn + [Greeter()]
        let config = "kinds: [greeting]\nproviders:\n  greeting:\n    word: bonjour\n"
        let (status, output) = try await run(
            ["search", "world", "--format", "lines"], config: config, providers: providers)
        #expect(status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("bonjour world"))
        #expect(output.stderr.contains("greeting: said 1 time(s)"))

        let (_, shown) = try await run(["config", "show"], config: config, providers: providers)
        #expect(shown.stdout.contains("providers.greeting.word"))
        #expect(shown.stdout.contains("bonjour"))
        #expect(shown.stdout.contains("providers.greeting.times"))

        let (_, listed) = try await run(["providers"], config: config, providers: providers)
        #expect(listed.stdout.contains("providers.greeting.word: bonjour  <text>  what to say"))

        let (unknown, unknownOut) = try await run(
            ["search", "world"], config: "kinds: [greeting]\nproviders:\n  greeting:\n    colour: red\n",
            providers: providers)
        #expect(unknown == 78)
        #expect(
            unknownOut.stderr.contains(
                "config.yaml:4: providers.greeting.colour: unknown key (known here: limit, weight, base_url, rate_limit, timeout, word, times)"
            ))
        let (bad, badOut) = try await run(
            ["search", "world"], config: "kinds: [greeting]\nproviders:\n  greeting:\n    times: 9\n",
            providers: providers)
        #expect(bad == 78)
        #expect(badOut.stderr.contains("config.yaml:4: providers.greeting.times: expected a whole number from 1 to 3"))
    }

    /// A source type of a third party's own (#62): found without the config, as programs on PATH
    /// are, and asked for its providers only when the command line asks for it. The CLI knows
    /// nothing of it but the two hooks.
    final class Shelf: SourceType {
        struct Source: ConfiguredSource {
            var name: String
            var type: String { "shelf" }
            var providers: [any MediaProvider] { [] }
        }
        let asked = Mutex<[String]>([])
        var name: String { "shelf" }
        var keys: [String] { [] }
        func source(named name: String, settings: SettingNode) throws(SourceSettingProblem) -> any ConfiguredSource {
            Source(name: name)
        }
        /// One shelf is always there, as a program on PATH would be.
        func sources(foundIn variables: [String: String]) -> [any ConfiguredSource] {
            variables["HOME"] == nil ? [] : [Source(name: "cellar")]
        }
        func providers(
            of sources: [any ConfiguredSource], describing: (String) -> Bool, cacheDirectory: String
        ) async -> [any MediaProvider] {
            // One not asked is still given, under its name, with nothing to say yet.
            sources.map { source in
                guard describing(source.name) else {
                    return AnyMediaProvider(kind: source.name) { _, _ in throw MediaSearchError.unavailable("not asked")
                    }
                }
                asked.withLock { $0.append(source.name) }
                return AnyMediaProvider(kind: source.name, displayName: "Shelf \(source.name)") { query, _ in
                    [MediaItem(id: "1", title: "\(query.term) on \(source.name)", kind: source.name)]
                }
            }
        }
    }

    @Test func aSourceTypeOfItsOwnIsFoundAndAskedThroughItsHooks() async throws {
        let shelf = Shelf()
        let config = "kinds: [attic, cellar]\nproviders:\n  attic: {type: shelf}\n"
        // A binary of a third party: its own source type, and no iTunes at all.
        let (status, output) = try await run(
            ["search", "lamp", "--format", "lines"], config: config, providers: [Self.planets],
            sourceTypes: [shelf])
        #expect(status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("lamp on attic") && output.stdout.contains("lamp on cellar"), "\(output.stdout)")
        #expect(shelf.asked.withLock { $0 } == ["attic", "cellar"])
        // Not asked where the command line does not search it.
        let (history, _) = try await run(["history"], config: config, providers: [Self.planets], sourceTypes: [shelf])
        #expect(history == 0)
        #expect(shelf.asked.withLock { $0 } == ["attic", "cellar"])
        // Without the type, the config's word names nothing.
        let (refused, refusedOut) = try await run(
            ["search", "lamp"], config: config, providers: [Self.planets], sourceTypes: [])
        #expect(refused == 78 && refusedOut.stderr.contains("'shelf' is not a provider type"), "\(refusedOut.stderr)")
        #expect(!refusedOut.stderr.contains("itunes"))
    }

    /// A binary that is handed no way to open a shared store says so for a config that names
    /// one (#62: the store comes as a value, no longer a process's registration).
    @Test func aBinaryWithoutASharedStoreSaysSo() async throws {
        let (status, output) = try await run(
            ["search", "mars"], config: "kinds: [planet]\nstore: postgresql://team@127.0.0.1:1/media\n")
        #expect(status == 78, "\(output.stderr)")
        // A plugin's binary is not mediasearch: no word of building mediasearch another way.
        #expect(
            output.stderr.contains("this binary has no shared store for postgresql://team@127.0.0.1:1/media")
                && !output.stderr.contains("--traits"), "\(output.stderr)")
    }
}
