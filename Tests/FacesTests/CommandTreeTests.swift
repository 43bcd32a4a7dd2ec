import ArgumentParser
import Foundation
import MediaSearchCLI
import TestSlots
import Testing

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

    /// The command line is read once before ArgumentParser (#62 item 2): the config it names, the
    /// command, help, the kinds named, and which programs that asks; each as the command would
    /// read it.
    @Test func theCommandLineIsReadOnceForEverythingBeforeParsing() {
        let known: Set<String> = ["song", "movie", "greeting"]
        let words = CommandLineWords(["search", "x", "--kind", "song,greeting", "--config", "a.yaml", "--config=b"])
        #expect(words.configPath == "a.yaml")
        #expect(words.verb == "search" && words.mentionsSearch && !words.asksHelp)
        #expect(words.kinds == ["song", "greeting"])
        #expect(words.askedPrograms(kinds: ["movie"], knownWords: known) == .named(["song", "greeting", "movie"]))
        #expect(CommandLineWords(["show", "--config=b.yaml"]).configPath == "b.yaml")
        #expect(CommandLineWords(["--config"]).configPath == nil)
        // A kind nobody knows may be a program's kind of media: every program is asked.
        #expect(CommandLineWords(["search", "x", "-k", "anime"]).askedPrograms(kinds: [], knownWords: known) == .all)
        #expect(CommandLineWords(["search", "x", "--kind=song"]).kinds == ["song"])
        // Help: `help search` and `search --help` ask every program (their filters are listed);
        // help for anything else, history and the like ask none; `providers` asks every one.
        for line in [["help", "search"], ["search", "--help"], ["search", "-h"], ["providers"]] {
            #expect(CommandLineWords(line).askedPrograms(kinds: [], knownWords: known) == .all, "\(line)")
        }
        for line in [["help", "show"], ["history"], ["--version"], []] {
            #expect(CommandLineWords(line).askedPrograms(kinds: ["song"], knownWords: known) == .none, "\(line)")
        }
    }
}
