import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchKit
import TestSlots
import Testing

/// `star`, `unstar`, `lists` and `list` (#61): what people keep, kept for good.
@Suite("Lists, end to end", .slots, .tags(.e2e))
struct ListCommandTests {
    func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    /// Starred by result and by id, in the default list and a named one; shown as a search's
    /// results in every format; kept whole through `cache clear`, `library clear` and no network.
    @Test func keptItemsOutliveTheCacheAndTheLibrary() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let search = try await harness.run(["search", "jack", "johnson", "--format", "lines"])
        let first = try #require(lines(search.stdout).first?.split(separator: "\t").map(String.init))
        let star = try await harness.run(["star", "--result", "1"])
        #expect(star.status == 0, "\(star.stderr)")
        #expect(star.stdout == "Kept \(first[2]) (\(first[1]) \(first[0])) in starred.\n")
        let again = try await harness.run(["star", first[0], "--kind", first[1]])
        #expect(again.stdout.hasSuffix("is in starred already.\n"))
        #expect(try await harness.run(["star", "1038991437", "--list", "to hear"]).status == 0)
        let lists = try await harness.run(["lists"])
        #expect(lists.stdout == "starred\t1\nto hear\t1\n")
        #expect(try await harness.run(["cache", "clear"]).status == 0)
        #expect(try await harness.run(["library", "clear"]).status == 0)
        // Neither cleared the lists, and they need no network.
        let offline = ["MEDIASEARCH_ITUNES_URL": "http://127.0.0.1:9"]
        let piped = try await harness.run(["list", "--format", "lines"], environment: offline)
        #expect(piped.stdout == lines(search.stdout)[0] + "\n", "the same line as the search's")
        let json = try await harness.run(["list", "to hear", "--format", "json"], environment: offline)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["name"] as? String == "to hear")
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.map { $0["title"] as? String } == ["Angel of Death"])
        let schema = try SchemaValidator.load("search.schema.json")
        #expect(results.allSatisfy { schema.errors($0, definition: "result").isEmpty }, "a search's results")
        let playlist = try await harness.run(["list", "to hear", "--format", "m3u"], environment: offline)
        #expect(playlist.stdout.hasPrefix("#EXTM3U\n#EXTINF:291,Slayer - Angel of Death\n"))
        let csv = try await harness.run(["list", "--format", "csv"], environment: offline)
        #expect(csv.stdout.components(separatedBy: "\r\n").count == 3, "a header, a row, the end")
        // Taken off by id; again, it is not there (66).
        let unstar = try await harness.run(["unstar", first[0]])
        #expect(unstar.status == 0 && unstar.stdout.hasPrefix("Took \(first[2])"))
        let twice = try await harness.run(["unstar", first[0]])
        #expect(twice.status == 66 && lines(twice.stderr).count == 1, "\(twice.stderr)")
        // Emptied, the starred list stays (#75 item 5: a list is there until it is deleted).
        #expect(try await harness.run(["lists"]).stdout == "starred\t0\nto hear\t1\n")
        let empty = try await harness.run(["list"])
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.contains("The list starred is empty"))
        // A list that is not there is an error (66) that names the lists there are, not "empty".
        for arguments in [
            ["list", "nope"], ["list", "nope", "--format", "json"], ["open", "--list", "nope", "--preview"],
        ] {
            let missing = try await harness.run(arguments)
            #expect(missing.status == 66, "\(arguments): \(missing.stderr)")
            #expect(missing.stdout.isEmpty && lines(missing.stderr).count == 1, "\(arguments): \(missing.stderr)")
            #expect(
                missing.stderr.contains("there is no list 'nope'; the lists are: starred, to hear"), "\(missing.stderr)"
            )
        }
    }

    /// A bad name, neither an id nor a result, and an id nobody has are one line each, with the
    /// usual codes, and nothing is written.
    @Test func badRequestsAreOneLineAndWriteNothing() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        _ = try await harness.run(["search", "jack", "--format", "lines"])
        for (arguments, status) in [
            (["star", "--result", "1", "--list", "a/b"], Int32(64)), (["star", "--result", "1", "--list", " "], 64),
            (["star", "--result", "1", "--list", ".hidden"], 64),
            (["star", "--result", "1", "--list", "a\u{202E}b"], 64),
            (["star"], 64), (["star", "1", "--result", "1"], 64), (["star", "--result", "0"], 64),
            (["star", "--result", "999"], 64), (["list", "x\u{1B}[31m"], 64),
        ] {
            let result = try await harness.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(lines(result.stderr).count == 1, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}"))
        }
        // The starred list is always there, holding nothing until something is starred; stderr
        // says how to keep something.
        let fresh = try await harness.run(["lists"])
        #expect(fresh.stdout == "starred\t0\n" && fresh.stderr.contains("mediasearch star --result N"))
        // Letters of other scripts make names too; spaces around and inside are tidied.
        #expect(try await harness.run(["star", "--result", "1", "--list", "  Послушать  потом "]).status == 0)
        #expect(try await harness.run(["lists"]).stdout == "starred\t0\nПослушать потом\t1\n")
    }

    /// #75 item 5: lists are made, renamed and deleted on the command line; an emptied list stays;
    /// each refusal is one line with its code, and changes nothing.
    @Test func listsAreMadeRenamedAndDeleted() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        func run(_ arguments: [String]) async throws -> CommandRunner.Result { try await harness.run(arguments) }
        #expect(try await run(["lists", "create", "  to  watch "]).stdout == "Made the list 'to watch'.\n")
        #expect(try await run(["lists"]).stdout == "starred\t0\nto watch\t0\n", "an empty list is listed")
        let empty = try await run(["list", "to watch"])
        #expect(empty.status == 0 && empty.stderr.contains("The list to watch is empty"), "\(empty.stderr)")
        _ = try await run(["search", "jack", "--kind", "song", "--format", "lines"])  // one source: one order
        #expect(try await run(["star", "--result", "1", "--list", "to watch"]).status == 0)
        #expect(try await run(["star", "--result", "2", "--list", "to watch"]).status == 0)
        let renamed = try await run(["lists", "rename", "to watch", "watched"])
        #expect(renamed.status == 0 && renamed.stdout == "Renamed the list 'to watch' to 'watched'.\n")
        #expect(try await run(["lists", "--format", "json"]).stdout.contains("\"watched\""))
        #expect(try await run(["list", "watched", "--format", "lines"]).stdout.split(separator: "\n").count == 2)
        for (arguments, status, said) in [
            (["lists", "create", "watched"], Int32(73), "there is a list 'watched' already"),
            (["lists", "create", "starred"], 73, "there is a list 'starred' already"),
            (["lists", "rename", "nope", "x"], 66, "there is no list 'nope'; the lists are: starred, watched"),
            (["lists", "rename", "watched", "starred"], 73, "there is a list 'starred' already"),
            (["lists", "rename", "starred", "x"], 64, "the list 'starred' is always there and keeps its name"),
            (["lists", "rename", "watched", "a/b"], 64, "a list's name is a letter or a digit"),
            (["lists", "delete", "watched"], 64, "the list 'watched' holds 2 items: say --yes"),
            (["lists", "delete", "starred", "--yes"], 64, "the list 'starred' is always there and keeps its name"),
            (["lists", "delete", "nope"], 66, "there is no list 'nope'"),
        ] {
            let result = try await run(arguments)
            #expect(result.status == status && result.stderr.contains(said), "\(arguments): \(result.stderr)")
            #expect(lines(result.stderr).count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try await run(["lists"]).stdout == "starred\t0\nwatched\t2\n", "the refusals changed nothing")
        // Emptied by unstarring, a list stays until it is deleted.
        _ = try await run(["search", "jack", "--kind", "song", "--format", "lines"])  // one source: one order
        #expect(try await run(["unstar", "--result", "1", "--list", "watched"]).status == 0)
        #expect(try await run(["unstar", "--result", "2", "--list", "watched"]).status == 0)
        #expect(try await run(["lists"]).stdout == "starred\t0\nwatched\t0\n")
        #expect(try await run(["lists", "delete", "watched"]).stdout == "Deleted the list 'watched'.\n")
        #expect(try await run(["lists"]).stdout == "starred\t0\n")
        // A list that holds items goes with them when --yes says so.
        _ = try await run(["star", "--result", "1", "--list", "mix"])
        #expect(try await run(["lists", "delete", "mix", "-y"]).stdout == "Deleted the list 'mix' and its 1 item.\n")
        #expect(try await run(["list", "mix"]).status == 66)
    }

    /// Ten processes starring ten results at once: every one is kept (each change is one
    /// transaction that the others wait for).
    @Test func tenProcessesAtOnceLoseNothing() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let search = try await harness.run(["search", "jack", "johnson", "--limit", "5", "--format", "lines"])
        let ids = lines(search.stdout).map { $0.split(separator: "\t")[0] }
        try #require(ids.count >= 10, "\(ids.count) results")
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for number in 1...10 {
                group.addTask {
                    try await harness.run(["star", "--result", String(number), "--list", "together"]).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: 10))
        let listed = try await harness.run(["list", "together", "--format", "lines"])
        #expect(Set(lines(listed.stdout).map { $0.split(separator: "\t")[0] }) == Set(ids.prefix(10)))
    }
}
