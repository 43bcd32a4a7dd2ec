import Foundation
import MediaSearchCore
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

@Suite("Search history", .slots)
struct HistoryTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "history-\(UUID().uuidString)/history.json"
    )
    .path

    @Test func keepsTheLastDistinctQueriesNewestFirst() throws {
        let store = HistoryStore(path: path, capacity: 5)
        for term in ["one", "two", "three", "Two", "four", "five", "six"] { try store.record(term) }
        #expect(try store.entries().terms == ["six", "five", "four", "Two", "three"])
    }

    @Test func searchingTheNewestQueryAgainWritesNothing() throws {
        let store = HistoryStore(path: path, capacity: 5)
        try store.record("jack")
        // The file as it would be had "jack" been searched long ago: a rewrite would date it now.
        let old = Data(
            #"{"entries":[{"date":"2001-01-01T00:00:00Z","term":"jack"}],"version":1}"#.utf8)
        try old.write(to: URL(fileURLWithPath: path))
        try store.record("jack")
        #expect(FileManager.default.contents(atPath: path) == old)
        // Typed differently, or another query: written as before.
        try store.record("Jack")
        #expect(try store.entries().terms == ["Jack"])
        try store.record("johnson")
        try store.record("Jack")
        #expect(try store.entries().terms == ["Jack", "johnson"])
        // A history longer than the capacity (lowered since) is cut, even by the newest query.
        for term in ["one", "two", "three"] { try store.record(term) }
        try HistoryStore(path: path, capacity: 2).record("three")
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(((file as? [String: Any])?["entries"] as? [Any])?.count == 2)
    }

    @Test func savingTheSameLastResultsAgainLeavesTheFile() throws {
        let folder = (path as NSString).deletingLastPathComponent
        let file = folder + "/last-search.json"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var entry = OrderingTests.entry("song", 1, title: "Upside Down")
        // Dictionaries (artwork by size, extras) come out in any order unless keys are sorted.
        entry.item.artwork = [
            30: "https://a.example/30.jpg", 60: "https://a.example/60.jpg", 100: "https://a.example/1.jpg",
        ]
        entry.item.extras = ["label": "Brushfire", "isrc": "USUM70601234", "copyright": "2005", "bpm": "85"]
        let search = LastSearch(queryKey: "jack", page: 1, results: [entry], withRecords: true)
        try search.save(to: file)
        // Dated 2001: a rewrite, by rename or in place, dates the file now.
        let old = Date(timeIntervalSince1970: 978_307_200)
        let modified = { try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date }
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
        // The same search as read back (new dictionaries) is the same bytes: the file is left.
        let reread = try #require(LastSearch.load(from: file, types: PayloadTypes([ITunesRecord.self])))
        try reread.save(to: file)
        #expect(try modified() == old)
        // Another page is written.
        let next = LastSearch(queryKey: "jack", page: 2, results: [entry], withRecords: true)
        try next.save(to: file)
        #expect(try modified() != old)
        #expect(LastSearch.load(from: file, types: PayloadTypes([ITunesRecord.self])) == next)
        // A file of another mode (0644, from a restore) is written again, and ends private.
        try FileManager.default.setAttributes([.posixPermissions: 0o644, .modificationDate: old], ofItemAtPath: file)
        try next.save(to: file)
        #expect(try modified() != old)
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)
    }

    @Test func suggestsCaseInsensitiveSubstrings() throws {
        let store = HistoryStore(path: path, capacity: 10)
        for term in ["The Score", "Scorpions", "underscore", "Beatles"] { try store.record(term) }
        #expect(try store.suggestions(for: "scor") == ["underscore", "Scorpions", "The Score"])
        #expect(try store.suggestions(for: "SCOR").count == 3)
        #expect(try store.suggestions(for: "xyz").isEmpty)
    }

    @Test func clearEmptiesIt() throws {
        let store = HistoryStore(path: path, capacity: 5)
        try store.record("one")
        try store.clear()
        #expect(try store.entries().terms.isEmpty)
    }

    @Test func filesArePrivate() throws {
        let store = HistoryStore(path: path, capacity: 5)
        try store.record("one")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directory = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
        #expect((directory[.posixPermissions] as? Int) == 0o700)
    }

    @Test func aCorruptFileIsSetAsideNotACrash() throws {
        let store = HistoryStore(path: path, capacity: 5)
        try store.record("kept before")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        let (terms, warning) = try store.entries()
        #expect(terms.isEmpty)
        #expect(warning?.contains("damaged") == true)
        try store.record("after")
        #expect(try store.entries().terms == ["after"])
        let siblings = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(siblings.contains { $0.hasPrefix("history.json.corrupt-") })
    }

    @Test func concurrentWritersLoseNothing() async throws {
        let store = HistoryStore(path: path, capacity: 100)
        await withTaskGroup(of: Void.self) { group in
            for n in 0..<40 {
                group.addTask { _ = try? store.record("query \(n)") }
            }
        }
        let terms = try store.entries().terms
        #expect(terms.count == 40)
        #expect(Set(terms) == Set((0..<40).map { "query \($0)" }))
    }
}

@Suite("Ordering", .slots)
struct OrderingTests {
    static func entry(_ kind: String, _ rank: Int, title: String = "t", price: Double? = nil, date: String? = nil)
        -> ResultEntry
    {
        let item = MediaItem(id: String(rank), title: title, kind: "song", releaseDate: date, price: price)
        return ResultEntry(
            kind: kind, rank: rank, item: item,
            tile: Tile(
                kind: kind, id: "\(kind)\(rank)", title: title, subtitle: nil, facts: [], artworkUrl: nil, url: nil))
    }

    @Test func equalWeightsInterleaveRoundRobin() {
        let merged = ResultOrdering.interleave(
            [
                ("song", (0..<3).map { Self.entry("song", $0) }), ("movie", (0..<2).map { Self.entry("movie", $0) }),
                ("podcast", [Self.entry("podcast", 0)]),
            ], weight: { _ in 1 })
        #expect(merged.map(\.tile.id) == ["song0", "movie0", "podcast0", "song1", "movie1", "song2"])
    }

    @Test func aHeavierKindComesFirstMoreOften() {
        let merged = ResultOrdering.interleave(
            [("song", (0..<4).map { Self.entry("song", $0) }), ("movie", (0..<4).map { Self.entry("movie", $0) })],
            weight: { $0 == "song" ? 2 : 1 })
        #expect(merged.prefix(5).map(\.tile.id) == ["song0", "song1", "movie0", "song2", "song3"])
    }

    @Test func sortingPutsItemsWithoutTheKeyLast() {
        let entries = [
            Self.entry("song", 0, title: "b", price: 2), Self.entry("song", 1, title: "a", price: nil),
            Self.entry("song", 2, title: "C", price: 1),
        ]
        #expect(ResultOrdering.sort(entries, by: .price, reversed: false).map(\.tile.title) == ["C", "b", "a"])
        #expect(ResultOrdering.sort(entries, by: .price, reversed: true).map(\.tile.title) == ["b", "C", "a"])
        #expect(ResultOrdering.sort(entries, by: .title, reversed: false).map(\.tile.title) == ["a", "b", "C"])
        let dated = [
            Self.entry("song", 0, title: "old", date: "1980-01-01T00:00:00Z"),
            Self.entry("song", 1, title: "none"), Self.entry("song", 2, title: "new", date: "2020-05-01T00:00:00Z"),
        ]
        #expect(ResultOrdering.sort(dated, by: .date, reversed: true).map(\.tile.title) == ["new", "old", "none"])
    }
}
