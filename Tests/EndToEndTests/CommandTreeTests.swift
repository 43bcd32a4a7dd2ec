import ArgumentParser
import Foundation
import TestSlots
import Testing

@testable import MediaSearchCLI

@Suite("The command tree", .slots, .tags(.e2e))
struct CommandTreeTests {
    /// ArgumentParser spells a command that gives no name from its type's name, by reflection
    /// that cost every start-up about 2 ms (`--help` included): every command names itself.
    @Test func everyCommandNamesItself() {
        var unnamed: [String] = []
        var visited = 0
        func visit(_ command: any ParsableCommand.Type) {
            visited += 1
            if command.configuration.commandName == nil { unnamed.append(String(reflecting: command)) }
            command.configuration.subcommands.forEach(visit)
        }
        visit(RootCommand.self)
        #expect(unnamed == [])
        #expect(visited >= 15)
    }

    /// A provider filter may not take a name of `search`'s own options: the list it is checked
    /// against is every long name `search` has, as ArgumentParser describes the command (its
    /// `--experimental-dump-help` JSON). Kept as a list, not read from ArgumentParser at each
    /// start, which would cost the reflection the plain search line avoids (#43).
    @Test func theReservedOptionNamesAreSearchsOwn() throws {
        let dump = try JSONSerialization.jsonObject(with: Data(SearchCommand._dumpHelp().utf8)) as? [String: Any]
        let command = try #require(dump?["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        // The words themselves, and `--version`, which ArgumentParser answers on every command of
        // a tool with a version: a filter may shadow neither.
        var names: Set<String> = ["term", "version"]
        for argument in arguments {
            for name in argument["names"] as? [[String: String]] ?? [] where name["kind"] == "long" {
                names.insert(name["name"] ?? "")
            }
        }
        #expect(names.contains("store") && names.contains("no-cache"))
        #expect(SearchCommand.reservedOptionNames == names)
    }
}
