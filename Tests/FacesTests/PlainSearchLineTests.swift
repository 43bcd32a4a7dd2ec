import ArgumentParser
import MediaSearchCLI
import TestSlots
import Testing

/// `search word…` is made without ArgumentParser (``SearchCommand/plain(_:)``): it must be the
/// very command ArgumentParser makes of the same line, every option included.
@Suite("A plain search line, made without parsing", .slots)
struct PlainSearchLineTests {
    @Test func aPlainLineIsTheCommandArgumentParserMakes() throws {
        let lines = [
            ["jack"], ["jack", "johnson"], ["star wars"], ["help"], ["search"], ["naïve", "東京"],
            ["a=b", "@file", "x,y"],
            ["song", "movie"],
        ]
        for words in lines {
            let line = ["search"] + words
            let plain = try #require(SearchCommand.plain(line), "\(line)")
            let parsed = try #require(try RootCommand.parseAsRoot(line) as? SearchCommand, "\(line)")
            #expect(String(reflecting: plain) == String(reflecting: parsed), "\(line)")
            #expect(plain.term == words)
        }
    }

    @Test func anyOtherLineIsLeftToArgumentParser() {
        let lines = [
            [], ["search"], ["search", "jack", "--kind", "song"], ["search", "-n", "5"], ["search", ""],
            ["search", "--", "x"], ["search", "-5"], ["show", "1"], ["search", "jack", "-h"], ["--help"],
            ["help", "search"], ["searches", "jack"],
        ]
        for line in lines {
            #expect(SearchCommand.plain(line) == nil, "\(line)")
        }
    }
}
