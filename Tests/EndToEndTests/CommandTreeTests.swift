import ArgumentParser
import TestSlots
import Testing

@testable import MediaSearchCLI

@Suite("The command tree", .slots)
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
}
