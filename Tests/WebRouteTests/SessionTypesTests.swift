import Foundation
import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore
import MediaSearchFixtures
import TestSlots
import Testing

/// The record types a command's stores read with (#62 item 1: they travel with the decoders).
@Suite("The stores' record types", .slots)
struct SessionTypesTests {
    /// A config that describes a source of the name of a built-in one (here `itunes`) replaces
    /// its providers; the items they kept in the library (the record alone, which only its type
    /// makes an item again) must still read, so the stores get the types of every provider the
    /// binary ships, not only the command's.
    @Test func itemsOfAReplacedProviderStillRead() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("types-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/mediasearch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Providers/Declarative/Shipped/tvmaze.yaml")
        let description = try String(contentsOf: shipped, encoding: .utf8)
            .replacingOccurrences(of: "\n  tv:\n", with: "\n  itunes:\n")
        try Data(("kinds: [itunes]\n" + description).utf8).write(to: folder.appendingPathComponent("config.yaml"))
        let environment = CommandEnvironment(
            providers: BuiltInProviders.all, sourceTypes: .builtIn, variables: CommandRunner.privateHome(home),
            currentDirectory: home.path, console: Console(out: { _ in }, err: { _ in }))
        let configuration = try environment.loadConfiguration(explicitPath: nil)
        let session = try await environment.session(configuration)
        #expect(!session.providers.contains { $0.kind == "song" }, "the config's itunes replaces iTunes' providers")
        #expect(session.payloadTypes.contains("itunes"), "yet iTunes' records still read")
    }
}
