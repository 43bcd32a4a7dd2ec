#if PostgreSQL
import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import MediaSearchPostgres
import TestSlots
import Testing

/// What every library does, whichever keeps it: the same expectations against SQLite (one
/// machine's file) and PostgreSQL (the shared store), so that the two answer alike.
@Suite(
    "Library contract: SQLite and PostgreSQL", .serialized, .slotsFirst, .tags(.postgres),
    .enabled(if: PostgresCluster.available, "needs PostgreSQL's server (apt-get install postgresql)"))
struct LibraryContractTests {
    /// A library of the backend, with what removes it afterwards.
    final class Subject: Sendable {
        let library: any LibraryStore
        /// A second instance over the same store (PostgreSQL only): another process's view.
        let other: (any LibraryStore)?
        private let cleanup: @Sendable () -> Void

        init(library: any LibraryStore, other: (any LibraryStore)?, cleanup: @escaping @Sendable () -> Void) {
            self.library = library
            self.other = other
            self.cleanup = cleanup
        }

        deinit { cleanup() }

        /// The recorded items' record type, as the session of the iTunes providers hands it.
        static let payloadTypes = PayloadTypes([ITunesRecord.self])

        static func make(_ backend: Backend, maxRecords: Int = 100_000) async throws -> Subject {
            switch backend {
            case .sqlite:
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "contract-\(UUID().uuidString)")
                let file = MediaLibrary(
                    path: folder.appendingPathComponent("library.sqlite").path, maxRecords: maxRecords,
                    payloadTypes: Self.payloadTypes)
                return Subject(library: LocalLibrary(file), other: nil) {
                    try? FileManager.default.removeItem(at: folder)
                }
            case .postgres:
                let cluster = try await PostgresCluster.start()
                cluster.removeAtEnd()
                // A generous time-out: the tests run beside many others on two cores.
                let first = try await PostgresStore.open(cluster.storeURL, origin: "test", operationTimeout: 30)
                let second = try await PostgresStore.open(cluster.storeURL, origin: "test", operationTimeout: 30)
                return Subject(
                    library: PostgresLibrary(store: first, maxRecords: maxRecords, payloadTypes: Self.payloadTypes),
                    other: PostgresLibrary(store: second, maxRecords: maxRecords, payloadTypes: Self.payloadTypes)
                ) {
                    first.close()
                    second.close()
                }
            }
        }
    }

    static func recorded(_ fixture: String) throws -> [MediaItem] {
        try ITunesResponse.decode(Fixtures.data(fixture))
    }

    static func titles(_ items: [MediaItem]) -> [String] { items.compactMap(\.title) }

    @Test(
        "Records come back by words of their title, creator or collection, by prefix, case and accents folded",
        arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) async throws {
        let subject = try await Subject.make(backend)
        defer { withExtendedLifetime(subject) {} }
        let library = subject.library
        let songs = try Self.recorded("songs/glennposadas-star-songs-raw.json")
        try await library.store(songs.map { (kind: "song", item: $0) }, seenAt: Date())
        #expect(try await library.count() == songs.count)
        // Seen through another instance too, when the store is shared.
        for reader in [library] + (subject.other.map { [$0] } ?? []) {
            let coldplay = try await reader.search(
                kind: "song", query: SearchQuery(term: "COLDPL", limit: 10), filters: [])
            #expect(Self.titles(coldplay) == ["A Sky Full of Stars"])
            let wars = try await reader.search(
                kind: "song", query: SearchQuery(term: "wars jedi", limit: 50), filters: [])
            #expect(Set(Self.titles(wars)) == ["Star Wars: Return of the Jedi", "Star Wars: The Last Jedi"])
            #expect(try await reader.search(kind: "movie", query: SearchQuery(term: "coldplay"), filters: []).isEmpty)
        }
        var accented = try #require(songs.first)
        accented.id = "accented-1"
        accented.title = "Beyoncé Déjà Vu"
        try await library.store([(kind: "song", item: accented)], seenAt: Date())
        let folded = try await library.search(
            kind: "song", query: SearchQuery(term: "beyonce DEJA", limit: 5), filters: [])
        #expect(Self.titles(folded) == ["Beyoncé Déjà Vu"])
        #expect(try await library.item(id: "accented-1", kind: nil)?.item == accented)
        #expect(try await library.item(id: songs[0].id, kind: "song")?.item.title == songs[0].title)
        #expect(try await library.item(id: songs[0].id, kind: "movie") == nil)
    }

    /// S9: JSON may carry U+0000, which PostgreSQL's `text` refuses: the whole answer was once
    /// lost (and the store taken for down). Every record is kept, the text as the source sent it.
    @Test("A record whose text holds U+0000 is kept with the others", arguments: Backend.allCases)
    func aNULInTextIsKept(_ backend: Backend) async throws {
        let subject = try await Subject.make(backend)
        defer { withExtendedLifetime(subject) {} }
        let library = subject.library
        let nul = MediaItem(id: "n\u{0}1", title: "nul\u{0}x moon", creator: "Some\u{0}one")
        let clean = MediaItem(id: "2", title: "Moon River", creator: "Someone")
        try await library.store([(kind: "song", item: nul), (kind: "song", item: clean)], seenAt: Date())
        #expect(try await library.count() == 2)
        let moon = try await library.search(kind: "song", query: SearchQuery(term: "moon", limit: 5), filters: [])
        #expect(Set(moon.map(\.id)) == [nul.id, "2"], "\(moon.map(\.id))")
        #expect(moon.first { $0.id == nul.id }?.title == nul.title, "the record keeps the text whole")
    }

    @Test("A title word ranks above a creator's, and Cyrillic is found as Latin is", arguments: Backend.allCases)
    func ranking(_ backend: Backend) async throws {
        let subject = try await Subject.make(backend)
        defer { withExtendedLifetime(subject) {} }
        let library = subject.library
        try await library.store(
            [
                (kind: "song", item: MediaItem(id: "1", title: "Other", creator: "Moon Band")),
                (kind: "song", item: MediaItem(id: "2", title: "Moon River", creator: "Someone")),
                (kind: "song", item: MediaItem(id: "3", title: "Звезда по имени Солнце", creator: "Кино")),
            ], seenAt: Date())
        let moon = try await library.search(kind: "song", query: SearchQuery(term: "moon", limit: 5), filters: [])
        #expect(moon.map(\.id) == ["2", "1"])
        let star = try await library.search(kind: "song", query: SearchQuery(term: "ЗВЕЗ солн", limit: 5), filters: [])
        #expect(star.map(\.id) == ["3"])
    }

    @Test(
        "A record seen again is updated in place; paging, filters and explicitness apply", arguments: Backend.allCases)
    func upsertPagingFilters(_ backend: Backend) async throws {
        let subject = try await Subject.make(backend)
        defer { withExtendedLifetime(subject) {} }
        let library = subject.library
        var item = MediaItem(id: "7", title: "Old Name", creator: "Someone")
        try await library.store([(kind: "song", item: item)], seenAt: Date())
        item.title = "New Name"
        try await library.store([(kind: "song", item: item)], seenAt: Date())
        #expect(try await library.count() == 1)
        #expect(try await library.search(kind: "song", query: SearchQuery(term: "old"), filters: []).isEmpty)
        #expect(
            Self.titles(try await library.search(kind: "song", query: SearchQuery(term: "new"), filters: [])) == [
                "New Name"
            ])

        let items = (1...25).map { n in
            MediaItem(
                id: "t\(n)", title: "Track \(n) love", creator: n.isMultiple(of: 2) ? "Even Band" : "Odd Band",
                isExplicit: n == 3)
        }
        try await library.store(items.map { (kind: "song", item: $0) }, seenAt: Date())
        var pages: [[MediaItem]] = []
        for offset in [0, 10, 20] {
            pages.append(
                try await library.search(
                    kind: "song", query: SearchQuery(term: "love", limit: 10, offset: offset), filters: []))
        }
        #expect(pages.map(\.count) == [10, 10, 5])
        #expect(Set(pages.joined().map(\.id)).count == 25)
        let clean = try await library.search(
            kind: "song", query: SearchQuery(term: "love", limit: 50, explicit: false), filters: [])
        #expect(clean.count == 24 && !clean.contains { $0.id == "t3" })
        let artist = FilterSpec(name: "artist", help: "", attribute: "artistTerm") { item, value in
            item.creator?.localizedCaseInsensitiveContains(value.text) ?? false
        }
        let even = try await library.search(
            kind: "song", query: SearchQuery(term: "love", filters: ["artist": .text("even")], limit: 5, offset: 5),
            filters: [artist])
        #expect(even.count == 5 && even.allSatisfy { $0.creator == "Even Band" })
    }

    @Test("Whatever the user types is a plain search, never a query error", arguments: Backend.allCases)
    func hostileQueries(_ backend: Backend) async throws {
        let subject = try await Subject.make(backend)
        defer { withExtendedLifetime(subject) {} }
        let library = subject.library
        try await library.store(
            [(kind: "song", item: MediaItem(id: "1", title: "Love Track", creator: "Band"))], seenAt: Date())
        let cases: [(String, Int)] = [
            ("\"", 0), ("*", 0), ("-love", 1), ("love track", 1), ("(", 0), ("love)", 1), ("lov", 1), ("ban\"d", 0),
            ("'; DROP TABLE records; --", 0), ("love & !track", 1), ("love | x", 0), ("love:*", 1), ("'love'", 1),
            ("\\", 0), ("<->", 0), ("💿", 0), ("", 0), (String(repeating: "love ", count: 2_048), 1),
            (String(repeating: "x", count: 10_240), 0),
        ]
        for (text, expected) in cases {
            let found = try await library.search(kind: "song", query: SearchQuery(term: text, limit: 5), filters: [])
            #expect(found.map(\.id) == Array(repeating: "1", count: expected), "\(text.prefix(30))")
            let suggestions = try await library.suggestions(for: text, limit: 10)
            #expect(suggestions == (expected == 0 ? [] : ["Love Track"]), "\(text.prefix(30)): \(suggestions)")
        }
        #expect(try await library.count() == 1)
    }

    @Test(
        "Past max_records the records seen longest ago go; only missing records are added again",
        arguments: Backend.allCases)
    func trimmingAndMissing(_ backend: Backend) async throws {
        let subject = try await Subject.make(backend, maxRecords: 10)
        defer { withExtendedLifetime(subject) {} }
        let library = subject.library
        let start = Date(timeIntervalSince1970: 1_000_000)
        for n in 1...15 {
            try await library.store(
                [(kind: "song", item: MediaItem(id: "\(n)", title: "song \(n)"))], seenAt: start + Double(n))
        }
        // Each time past 10 the library goes down to `MediaLibrary.kept(after: 10)`, 9: the 11th,
        // 13th and 15th records took out the first six.
        #expect(try await library.count() == 9)
        #expect(try await library.item(id: "6", kind: nil) == nil)
        #expect(try await library.item(id: "7", kind: nil) != nil)
        #expect(try await library.statistics().records == 9)
        // A record the library has is left as it is; one it lacks is added.
        try await library.storeMissing(
            [
                (kind: "song", item: MediaItem(id: "15", title: "renamed")),
                (kind: "song", item: MediaItem(id: "99", title: "new one")),
            ],
            seenAt: start + 200)
        #expect(try await library.item(id: "15", kind: "song")?.item.title == "song 15")
        #expect(try await library.item(id: "99", kind: "song")?.item.title == "new one")
    }

    @Test(
        "Clearing empties the library and leaves it working; suggestions are titles and creators",
        arguments: Backend.allCases)
    func clearingAndSuggestions(_ backend: Backend) async throws {
        let subject = try await Subject.make(backend)
        defer { withExtendedLifetime(subject) {} }
        let library = subject.library
        let songs = try Self.recorded("songs/glennposadas-star-songs-raw.json")
        try await library.store(songs.map { (kind: "song", item: $0) }, seenAt: Date())
        #expect(try await library.suggestions(for: "sis", limit: 10) == ["SISTAR"])
        let trek = try await library.suggestions(for: "star tre", limit: 3)
        #expect(trek.count == 3 && trek.allSatisfy { $0.hasPrefix("Star Trek") })
        #expect(try await library.clear() == songs.count)
        #expect(try await library.count() == 0)
        #expect(try await library.search(kind: "song", query: SearchQuery(term: "star"), filters: []).isEmpty)
        try await library.store([(kind: "song", item: MediaItem(id: "1", title: "again"))], seenAt: Date())
        #expect(
            Self.titles(try await library.search(kind: "song", query: SearchQuery(term: "again"), filters: [])) == [
                "again"
            ])
    }
}
#endif
