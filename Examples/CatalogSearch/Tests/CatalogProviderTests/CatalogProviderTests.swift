import CatalogProvider
import Foundation
import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore
import Testing

@Suite("A third-party provider through the real CLI entry point")
struct CatalogProviderTests {
    let catalog = Bundle.module.url(forResource: "catalog", withExtension: "json")!.path
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")

    func run(
        _ arguments: [String], kinds: String = "[record]", catalog: String? = nil
    ) async throws -> (Int32, OutputBuffer) {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let config = home.appendingPathComponent(".config/mediasearch/config.yaml")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        let path = catalog ?? self.catalog
        try Data("kinds: \(kinds)\nproviders:\n  record:\n    path: \"\(path)\"\n".utf8).write(to: config)
        let output = OutputBuffer()
        let status = await MediaSearchCLI.run(
            arguments: arguments, providers: .builtIn + [CatalogProvider()], sourceTypes: .builtIn,
            variables: ["HOME": home.path, "MEDIASEARCH_ITUNES_URL": "http://127.0.0.1:9"],
            currentDirectory: home.path, console: output.console)
        return (status, output)
    }

    @Test func searchShowsTheCatalogsTiles() async throws {
        let (status, output) = try await run(["search", "blue", "--width", "80", "--format", "text"])
        #expect(status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("[RECORD] Kind of Blue"))
        #expect(output.stdout.contains("1959 · vinyl"))
        #expect(output.stdout.contains("3 results · record 3"))
    }

    @Test func itsFiltersWork() async throws {
        let (status, output) = try await run([
            "search", "blue", "--format", "json", "--decade", "1950", "--medium", "VINYL",
        ])
        #expect(status == 0, "\(output.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let titles = (document?["results"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Kind of Blue", "Blue Train"])
    }

    @Test func showOpensADetailFromTheLastSearch() async throws {
        _ = try await run(["search", "mitchell"])
        let (status, output) = try await run(["show", "--result", "1"])
        #expect(status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("Blue\n"))
        #expect(output.stdout.contains("Format  cd"))
        let (direct, again) = try await run(["show", "rec-2", "--kind", "record"])
        #expect(direct == 0)
        #expect(again.stdout.hasPrefix("Blue Train\n"))
    }

    @Test func anUnknownKindInConfigIsAClearError() async throws {
        let (status, output) = try await run(["search", "x"], kinds: "[record, vinyl]")
        #expect(status == 78)
        #expect(output.stderr.contains("unknown kind 'vinyl'"))
    }

    /// The provider's own failure is said in its own words, with the exit code of a failed search.
    @Test func aMissingCatalogIsSaidInTheProvidersWords() async throws {
        let missing = home.appendingPathComponent("gone.json").path
        let (status, output) = try await run(["search", "blue"], catalog: missing)
        #expect(status == 69)
        #expect(output.stderr.contains("record: \(missing): no such catalog file"), "\(output.stderr)")
        #expect(!output.stderr.contains("network error"))
    }

    /// The provider's setting is checked like any config key: an unknown key is the file's error.
    @Test func anUnknownSettingIsAConfigError() async throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let config = home.appendingPathComponent("bad.yaml")
        try Data("kinds: [record]\nproviders:\n  record:\n    colour: blue\n".utf8).write(to: config)
        let output = OutputBuffer()
        let status = await MediaSearchCLI.run(
            arguments: ["search", "blue", "--config", config.path], providers: .builtIn + [CatalogProvider()],
            sourceTypes: .builtIn,
            variables: ["HOME": home.path], currentDirectory: home.path, console: output.console)
        #expect(status == 78)
        #expect(
            output.stderr.contains(
                "bad.yaml:4: providers.record.colour: unknown key (known here: limit, weight, base_url, rate_limit, timeout, path)"
            )
        )
    }
}
