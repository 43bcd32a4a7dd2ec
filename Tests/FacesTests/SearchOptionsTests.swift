import Foundation
import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchKit
import TestSlots
import Testing

/// Options of `search` that no test held (the test review's finding 12), through the CLI's entry
/// point in process, against the fixture server in process: each check fails when the option's
/// behaviour is taken out.
@Suite("Search options, in process", .slots)
struct SearchOptionsTests {
    /// The CLI in this process, piped (no terminal), with a private home and every source at
    /// `server`; its exit status and what it wrote.
    static func run(
        _ arguments: [String], server: FixtureServer, home: URL, variables extra: [String: String] = [:]
    ) async -> (status: Int32, stdout: String, stderr: String) {
        let output = OutputBuffer()
        var variables = CommandRunner.privateHome(home).merging(SourceVariables.variables(base: server.baseURL)) {
            _, source in source
        }
        variables.merge(extra) { _, new in new }
        let status = await MediaSearchCLI.run(
            arguments: arguments, providers: .builtIn, sourceTypes: .builtIn, variables: variables,
            currentDirectory: home.path, console: output.console)
        return (status, output.stdout, output.stderr)
    }

    static func start() async throws -> (FixtureServer, URL) {
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("config/mediasearch"), withIntermediateDirectories: true)
        try Data(CommandRunner.userConfiguration.utf8).write(
            to: home.appendingPathComponent("config/mediasearch/config.yaml"))
        TestLifetime.stopAtEnd { try? FileManager.default.removeItem(at: home) }
        return (server, home)
    }

    /// `--verbose` off a terminal: one line per finished provider, and the cache's hits said
    /// (docs/usage.md); without it, neither.
    @Test func verboseSaysEachProviderAndEachCacheHit() async throws {
        let (server, home) = try await Self.start()
        let quiet = await Self.run(["search", "jack", "--format", "lines"], server: server, home: home)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let verbose = await Self.run(["search", "jack", "--format", "lines", "--verbose"], server: server, home: home)
        #expect(verbose.status == 0)
        let lines = verbose.stderr.split(separator: "\n")
        for kind in CommandRunner.testKinds {
            #expect(
                lines.contains { $0.hasPrefix("mediasearch: \(kind) ") && $0.contains(" results in ") },
                "no line for \(kind): \(verbose.stderr)")
        }
        // The second search was the first one's answers, kept: each is a hit.
        #expect(lines.filter { $0.contains("cache hit: /search") }.count == CommandRunner.testKinds.count, "\(lines)")
    }

    /// `--artwork` shows each tile's artwork link, whole, in one column.
    @Test func artworkShowsEachTilesLink() async throws {
        let (server, home) = try await Self.start()
        let plain = await Self.run(
            ["search", "jack", "--kind", "song", "--format", "text"], server: server, home: home)
        let shown = await Self.run(
            ["search", "jack", "--kind", "song", "--format", "text", "--artwork"], server: server, home: home)
        #expect(plain.status == 0 && shown.status == 0)
        #expect(!plain.stdout.contains("mzstatic.com"), "\(plain.stdout)")
        let links = shown.stdout.split(separator: "\n").filter {
            $0.contains("https://") && $0.contains("mzstatic.com")
        }
        #expect(links.count == 5, "one link a tile: \(shown.stdout)")
        #expect(links.allSatisfy { !$0.contains("…") }, "a link is never cut")
    }

    /// `CLICOLOR_FORCE=1` keeps colors when piped (README, for `| less -R`); nothing is colored
    /// piped without it, and `--color never` wins over it.
    @Test func clicolorForceKeepsColorsWhenPiped() async throws {
        let (server, home) = try await Self.start()
        let arguments = ["search", "jack", "--kind", "song", "--format", "text"]
        let piped = await Self.run(arguments, server: server, home: home)
        let forced = await Self.run(arguments, server: server, home: home, variables: ["CLICOLOR_FORCE": "1"])
        #expect(!piped.stdout.contains("\u{1B}["), "piped text has no escapes")
        #expect(forced.stdout.contains("\u{1B}[35m[SONG]"), "\(forced.stdout.prefix(300).debugDescription)")
        let never = await Self.run(
            arguments + ["--color", "never"], server: server, home: home, variables: ["CLICOLOR_FORCE": "1"])
        #expect(!never.stdout.contains("\u{1B}["), "--color never wins")
    }
}

/// `search --help` lists the kinds and filters of the config in effect (#72 item 9): the help a
/// command throws was reported outside the composed environment, with the default config.
@Suite("Help in the composed environment", .slots)
struct HelpTests {
    @Test func searchHelpNamesTheKindsOfTheConfigGiven() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("help-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        TestLifetime.stopAtEnd { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("radio.yaml")
        try Data("kinds: [radio, song]\n".utf8).write(to: file)
        for arguments in [
            ["search", "--help", "--config", file.path], ["search", "--config", file.path, "--help"],
            ["search", "--config=\(file.path)", "-h"],
        ] {
            let output = OutputBuffer()
            let status = await MediaSearchCLI.run(
                arguments: arguments, providers: .builtIn, sourceTypes: .builtIn,
                variables: CommandRunner.privateHome(home), currentDirectory: home.path, console: output.console)
            #expect(status == 0, "\(arguments): \(output.stderr)")
            #expect(output.stdout.contains("  enabled: radio, song\n"), "\(arguments): \(output.stdout.suffix(900))")
        }
        // Without it, the defaults.
        let output = OutputBuffer()
        _ = await MediaSearchCLI.run(
            arguments: ["search", "--help"], providers: .builtIn, sourceTypes: .builtIn,
            variables: CommandRunner.privateHome(home), currentDirectory: home.path, console: output.console)
        #expect(output.stdout.contains("  enabled: song, movie, audiobook, podcast"), "\(output.stdout.suffix(900))")
    }
}
