import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

@Suite("Offline library", .slots)
struct LibraryTests {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("library-\(UUID().uuidString)/library.sqlite").path

    /// The record type of the recorded items, as a session of the iTunes providers hands it.
    static let types = PayloadTypes([ITunesRecord.self])

    static func recorded(_ fixture: String) throws -> [MediaItem] {
        try ITunesResponse.decode(Fixtures.data(fixture))
    }

    static func titles(_ items: [MediaItem]) -> [String] { items.compactMap(\.title) }

    /// An iTunes item as its record says is stored as the record alone (about half the bytes);
    /// one a provider edited, or merged with another source, whole; both read back the same.
    @Test func iTunesItemsAreStoredAsTheirRecordUnlessEdited() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let library = MediaLibrary(path: path, payloadTypes: Self.types)
            defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
            let songs = try Self.recorded("songs/andr3a88-jackjohnson-songs-raw.json")
            var plain = try #require(songs.first)
            plain.extras["note"] = "kept"
            var edited = try #require(songs.dropFirst().first)
            edited.title = "Renamed by a provider"
            var merged = try #require(songs.dropFirst(2).first)
            merged.otherSources = [SourceOffer(source: "Deezer", kind: "deezer-song", id: "deezer:track:1")]
            let encoder = JSONEncoder()
            let compact = try StoredRecord.encode(plain, types: Self.types, with: encoder)
            let whole = try encoder.encode(plain)
            #expect(compact.count * 10 < whole.count * 7, "\(compact.count) of \(whole.count) bytes")
            func keys(_ data: Data) throws -> Set<String> {
                Set((try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]).keys)
            }
            #expect(try keys(compact) == ["itunes", "extras"])
            #expect(try keys(StoredRecord.encode(edited, types: Self.types, with: encoder)).contains("title"))
            #expect(try keys(StoredRecord.encode(merged, types: Self.types, with: encoder)).contains("otherSources"))
            // A store not handed the record's type (another binary's providers) writes the item
            // whole, which it can read back without the type.
            #expect(try keys(StoredRecord.encode(plain, types: .none, with: encoder)).contains("title"))
            try library.store([("song", plain), ("song", edited), ("song", merged)])
            #expect(try library.item(id: plain.id)?.item == plain)
            #expect(try library.item(id: edited.id)?.item == edited)
            #expect(try library.item(id: merged.id)?.item == merged)
        }
    }

    @Test("Records come back by title, creator or collection words, ignoring case and accents, by prefix")
    func roundTrip() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let library = MediaLibrary(path: path, payloadTypes: Self.types)
            let songs = try Self.recorded("songs/glennposadas-star-songs-raw.json")
            try library.store(songs.map { (kind: "song", item: $0) })
            #expect(try library.count() == songs.count)

            let coldplay = try library.search(kind: "song", query: SearchQuery(term: "COLDPL", limit: 10))
            #expect(Self.titles(coldplay) == ["A Sky Full of Stars"])
            let wars = try library.search(kind: "song", query: SearchQuery(term: "wars jedi", limit: 50))
            #expect(Set(Self.titles(wars)) == ["Star Wars: Return of the Jedi", "Star Wars: The Last Jedi"])
            #expect(try library.search(kind: "movie", query: SearchQuery(term: "coldplay")).isEmpty)

            let kobukuro = try Self.recorded("songs/yokudera-jp-kobukuro-sakura.json")
            var accented = try #require(kobukuro.first)
            accented.id = "accented-1"
            accented.title = "Beyoncé Déjà Vu"
            try library.store([(kind: "song", item: accented)])
            let folded = try library.search(kind: "song", query: SearchQuery(term: "beyonce DEJA", limit: 5))
            #expect(Self.titles(folded) == ["Beyoncé Déjà Vu"])
            let reread = try #require(try library.item(id: "accented-1")?.item)
            #expect(reread == accented)
            #expect(try library.item(id: songs[0].id, kind: "song")?.item.title == songs[0].title)
            #expect(try library.item(id: songs[0].id, kind: "movie") == nil)
        }
    }

    /// Group commit: writes that arrive together (a server's searches) are done together, and
    /// each search's records are there when its write returns, the missing-only ones included.
    // A watchdog against a deadlock, not a speed check: its clock starts when the case runs,
    // after its wait for a test slot (#58).
    @Test(.watchdog(.seconds(120))) func writesThatArriveTogetherAreEachKept() async throws {
        let library = LocalLibrary(MediaLibrary(path: path, payloadTypes: Self.types))
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let songs = try Self.recorded("songs/glennposadas-star-songs-raw.json")
        try #require(Set(songs.prefix(20).map(\.id)).count == 20)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (n, song) in songs.prefix(20).enumerated() {
                group.addTask {
                    if n.isMultiple(of: 2) {
                        try await library.store([("song", song)], seenAt: Date())
                    } else {
                        try await library.storeMissing([("song", song)], seenAt: Date())
                    }
                    #expect(try await library.item(id: song.id, kind: "song")?.item.title == song.title)
                }
            }
            try await group.waitForAll()
        }
        #expect(try await library.count() == 20)
        // Seen again, missing-only, nothing is added twice.
        try await library.storeMissing(songs.prefix(20).map { ("song", $0) }, seenAt: Date())
        #expect(try await library.count() == 20)
    }

    @Test("A record seen again is updated in place, not added twice")
    func upsert() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let library = MediaLibrary(path: path, payloadTypes: Self.types)
            var item = MediaItem(id: "7", title: "Old Name", creator: "Someone")
            try library.store([(kind: "song", item: item)])
            item.title = "New Name"
            try library.store([(kind: "song", item: item)])
            #expect(try library.count() == 1)
            #expect(try library.search(kind: "song", query: SearchQuery(term: "old")).isEmpty)
            #expect(Self.titles(try library.search(kind: "song", query: SearchQuery(term: "new"))) == ["New Name"])
            try library.store([(kind: "podcast", item: item)])
            #expect(try library.count() == 2)
        }
    }

    @Test("Paging, filters and explicitness apply as online")
    func pagingAndFilters() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let library = MediaLibrary(path: path, payloadTypes: Self.types)
            let items = (1...25).map { n in
                MediaItem(
                    id: "\(n)", title: "Track \(n) love", creator: n.isMultiple(of: 2) ? "Even Band" : "Odd Band",
                    isExplicit: n == 3)
            }
            try library.store(items.map { (kind: "song", item: $0) })
            let first = try library.search(kind: "song", query: SearchQuery(term: "love", limit: 10, offset: 0))
            let second = try library.search(kind: "song", query: SearchQuery(term: "love", limit: 10, offset: 10))
            let third = try library.search(kind: "song", query: SearchQuery(term: "love", limit: 10, offset: 20))
            #expect(first.count == 10 && second.count == 10 && third.count == 5)
            #expect(Set((first + second + third).map(\.id)).count == 25)

            let clean = try library.search(kind: "song", query: SearchQuery(term: "love", limit: 50, explicit: false))
            #expect(clean.count == 24 && !clean.contains { $0.id == "3" })

            let artist = FilterSpec(name: "artist", help: "", attribute: "artistTerm") { item, value in
                item.creator?.localizedCaseInsensitiveContains(value.text) ?? false
            }
            let query = SearchQuery(term: "love", filters: ["artist": .text("even")], limit: 5, offset: 5)
            let even = try library.search(kind: "song", query: query, filters: [artist])
            #expect(even.count == 5 && even.allSatisfy { $0.creator == "Even Band" })
            let byFilterOnly = try library.search(
                kind: "song",
                query: SearchQuery(term: "odd", attribute: "artistTerm", filters: ["artist": .text("odd")], limit: 50),
                filters: [artist]
            )
            #expect(byFilterOnly.count == 13)
        }
    }

    @Test(
        "Whatever the user types is a plain search, never an FTS syntax error",
        arguments: [
            // The record is "Love Track" by "Band": every word typed must start one of its words.
            ("\"", 0), ("\"unbalanced", 0), ("*", 0), ("-", 0), ("-love", 1), ("NEAR", 0), ("love NEAR track", 0),
            ("love track", 1), ("AND", 0), ("OR love", 0), ("NOT", 0), ("(", 0), ("love)", 1), ("((love", 1),
            ("title:love", 0), ("{title}: x", 0), ("^love", 1), ("love*", 1), ("lov", 1), ("ban\"d", 0),
            ("'; DROP TABLE records; --", 0), ("💿", 0), ("", 0), ("10 KB of words", 1), ("a 10 KB word", 0),
        ])
    func hostileQueries(text: String, expected: Int) throws {
        let text =
            switch text {
            case "10 KB of words": String(repeating: "love ", count: 2_048)
            case "a 10 KB word": String(repeating: "x", count: 10_240)
            default: text
            }
        let library = MediaLibrary(path: path, payloadTypes: Self.types)
        try library.store([(kind: "song", item: MediaItem(id: "1", title: "Love Track", creator: "Band"))])
        let found = try library.search(kind: "song", query: SearchQuery(term: text, limit: 5))
        #expect(found.map(\.id) == Array(repeating: "1", count: expected))
        let suggestions = try library.suggestions(for: text)
        #expect(suggestions.isEmpty == (expected == 0), "\(suggestions)")
        #expect(try library.count() == 1)
    }

    @Test("Two damaged files in the same second are both moved aside, under names of their own")
    func damagedTwiceInOneSecond() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            for round in 1...2 {
                try Data(String(repeating: "garbage, not SQLite ", count: 500).utf8).write(
                    to: URL(fileURLWithPath: path))
                let library = MediaLibrary(path: path, payloadTypes: Self.types)
                #expect(try library.count() == 0, "round \(round)")
                let notices = library.takeNotices()
                #expect(notices.count == 1 && notices[0].contains("moved it to \(path).damaged-"), "\(notices)")
            }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let name = URL(fileURLWithPath: path).lastPathComponent
            let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix(name + ".damaged-")
            }
            #expect(aside.count == 2, "\(aside)")
        }
    }

    @Test("Past max_records, the records seen longest ago go first, in a batch")
    func trimming() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let library = MediaLibrary(path: path, maxRecords: 10, payloadTypes: Self.types)
            let start = Date(timeIntervalSince1970: 1_000_000)
            for n in 1...15 {
                try library.store(
                    [(kind: "song", item: MediaItem(id: "\(n)", title: "song \(n)"))], seenAt: start + Double(n))
                #expect(try library.count() <= 10)
            }
            // Each time past 10, the library goes down to 9: the 11th, 13th and 15th took out 1-6.
            #expect(try library.count() == 9)
            #expect(try library.item(id: "6") == nil)
            #expect(try library.item(id: "7") != nil)
            // Seeing 7 again makes 8 the oldest: at 11 records, 8 and 9 go.
            try library.store([(kind: "song", item: MediaItem(id: "7", title: "song 7"))], seenAt: start + 100)
            try library.store([(kind: "song", item: MediaItem(id: "16", title: "song 16"))], seenAt: start + 101)
            #expect(try library.count() == 10)
            try library.store([(kind: "song", item: MediaItem(id: "17", title: "song 17"))], seenAt: start + 102)
            #expect(try library.item(id: "7") != nil)
            #expect(try library.item(id: "8") == nil)
            #expect(try library.item(id: "9") == nil)
            #expect(try library.item(id: "10") != nil)
            #expect(try library.statistics().records == 9)
        }
    }

    /// The bound less 1% of it or one index batch, whichever is larger, but never below 90%.
    @Test(
        "A full library keeps room for a whole index batch, and never less than 90% of its bound",
        arguments: [
            (1, 1), (10, 9), (1_000, 900), (1_500, 1_350), (10_000, 9_000), (20_000, 19_000),
            (100_000, 99_000), (250_000, 247_500),
        ])
    func keptAfterTrimming(bound: Int, kept: Int) {
        #expect(MediaLibrary.kept(after: bound) == kept)
    }

    /// Rows are indexed in batches: a query first indexes what waits; rows evicted or changed
    /// while waiting, and rows indexed long ago, are all found (or not) exactly as they should be,
    /// and the index stays consistent (FTS5's own integrity check).
    @Test("The full-text index catches up in batches and stays consistent through evictions and changes")
    func batchedIndexing() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let library = MediaLibrary(path: path, maxRecords: 1_500, payloadTypes: Self.types)
            defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
            let start = Date(timeIntervalSince1970: 1_000_000)
            func page(_ range: Range<Int>, word: String) -> [(kind: String, item: MediaItem)] {
                range.map { (kind: "song", item: MediaItem(id: "\($0)", title: "\(word) \($0)", creator: "artist")) }
            }
            // 1,200 rows: the write past 1,000 waiting indexes them itself.
            for batch in 0..<6 {
                try library.store(page(batch * 200..<(batch + 1) * 200, word: "alpha"), seenAt: start)
            }
            // 600 more: the oldest evicted (indexed ones and waiting ones), then 100 renamed.
            try library.store(page(1_200..<1_800, word: "beta"), seenAt: start + 10)
            try library.store(page(1_700..<1_800, word: "gamma"), seenAt: start + 20)
            let query = SearchQuery(term: "beta", limit: 1_000)
            #expect(try library.search(kind: "song", query: query).count == 500)
            #expect(try library.search(kind: "song", query: SearchQuery(term: "gamma", limit: 1_000)).count == 100)
            // Past 1,500 the oldest go, down to 90% of the bound (1,350): 450 of the "alpha" rows.
            #expect(try library.search(kind: "song", query: SearchQuery(term: "alpha", limit: 1_000)).count == 750)
            #expect(try library.count() == 1_350)
            let db = try SQLiteConnection(path: path)
            try db.execute("INSERT INTO records_text(records_text, rank) VALUES ('integrity-check', 1)")
            #expect(try db.integer("SELECT count(*) FROM pending") == 0)
        }
    }

    /// Upkeep comes together: a full library trims itself by a whole index batch, so the write
    /// that indexes a thousand waiting rows is also the one that lets the oldest go, and one write
    /// in five pays for both (a trim of 1% of this bound, 100 records, came on every page).
    @Test("In a full library, the index's batch and the trim come together, once in five pages")
    func upkeepComesTogether() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let library = MediaLibrary(path: path, maxRecords: 10_000, payloadTypes: Self.types)
            defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
            let start = Date(timeIntervalSince1970: 1_000_000)
            func store(_ batch: Int) throws {
                try library.store(
                    (batch * 200..<(batch + 1) * 200).map {
                        (kind: "song", item: MediaItem(id: "\($0)", title: "tune \($0)", creator: "band"))
                    }, seenAt: start + Double(batch))
            }
            for batch in 0..<45 { try store(batch) }
            let db = try SQLiteConnection(path: path)
            #expect(try library.count() == 9_000)
            #expect(try db.integer("SELECT count(*) FROM pending") == 0)
            // Filling up to the bound and past it: the pages that did upkeep are those after which
            // nothing waits for the index.
            var upkeep: [Int] = []
            for batch in 45..<65 {
                try store(batch)
                let count = try library.count()
                #expect((9_000...10_000).contains(count), "page \(batch): \(count) records")
                if try db.integer("SELECT count(*) FROM pending") == 0 { upkeep.append(batch) }
            }
            #expect(upkeep == [49, 54, 59, 64])
            #expect(try library.count() == 9_000)
            #expect(try library.item(id: "3999") == nil)
            #expect(try library.item(id: "4000") != nil)
            try db.execute("INSERT INTO records_text(records_text, rank) VALUES ('integrity-check', 1)")
            #expect(try library.search(kind: "song", query: SearchQuery(term: "tune", limit: 10_000)).count == 9_000)
        }
    }

    /// A library written by the version before batched indexing opens, keeps its records, and
    /// goes on working.
    @Test("A library of the first schema is carried over")
    func firstSchemaIsMigrated() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
            let old = try SQLiteConnection(path: path)
            try old.execute(
                """
                PRAGMA page_size = 8192; PRAGMA journal_mode = WAL;
                CREATE TABLE records (kind TEXT NOT NULL, id TEXT NOT NULL, title TEXT, creator TEXT, collection TEXT,
                    genre TEXT, tags TEXT NOT NULL, first_seen REAL NOT NULL, last_seen REAL NOT NULL, body BLOB NOT NULL,
                    UNIQUE (kind, id));
                CREATE INDEX records_by_last_seen ON records(last_seen);
                CREATE INDEX records_by_id ON records(id);
                CREATE VIRTUAL TABLE records_text USING fts5(title, creator, collection, genre, tags, content = 'records',
                    content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
                CREATE TABLE counts (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
                INSERT INTO counts VALUES ('records', 0);
                CREATE TRIGGER records_added AFTER INSERT ON records BEGIN
                    INSERT INTO records_text(rowid, title, creator, collection, genre, tags)
                        VALUES (new.rowid, new.title, new.creator, new.collection, new.genre, new.tags);
                    UPDATE counts SET value = value + 1 WHERE name = 'records';
                END;
                PRAGMA user_version = 1;
                """)
            let body = Deflate.Compressor().compress(try JSONEncoder().encode(MediaItem(id: "1", title: "Old Song")))
            let insert = try old.prepare(
                "INSERT INTO records VALUES ('song', '1', 'Old Song', NULL, NULL, NULL, ?1, 1, 1, ?2)")
            insert.bind(1, MediaLibrary.kindTag("song"))
            insert.bind(2, body)
            try insert.run()
            let library = MediaLibrary(path: path, payloadTypes: Self.types)
            #expect(try library.search(kind: "song", query: SearchQuery(term: "old", limit: 10)).map(\.id) == ["1"])
            try library.store([(kind: "song", item: MediaItem(id: "2", title: "New Song"))])
            #expect(try library.search(kind: "song", query: SearchQuery(term: "song", limit: 10)).count == 2)
            try library.store([(kind: "song", item: MediaItem(id: "1", title: "Renamed"))])
            #expect(try library.search(kind: "song", query: SearchQuery(term: "old", limit: 10)).isEmpty)
            #expect(try library.count() == 2)
            #expect(try SQLiteConnection(path: path).integer("PRAGMA user_version") == MediaLibrary.schemaVersion)
        }
    }

    @Test("A damaged file is moved aside with one notice and the library starts anew")
    func damagedFile() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let garbage = Data(String(repeating: "not a database at all ", count: 400).utf8)
            try garbage.write(to: URL(fileURLWithPath: path))
            let library = MediaLibrary(path: path, payloadTypes: Self.types)
            try library.store([(kind: "song", item: MediaItem(id: "1", title: "Survivor"))])
            #expect(try library.count() == 1)
            let notices = library.takeNotices()
            #expect(notices.count == 1)
            #expect(notices.first?.contains("moved it to") == true)
            let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
                $0.contains(".damaged-")
            }
            #expect(aside.count == 1)
            let kept = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(aside[0]))
            #expect(kept == garbage)
        }
    }

    @Test("Clearing removes every record and leaves a working library")
    func clearing() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let library = MediaLibrary(path: path, payloadTypes: Self.types)
            try library.store((1...30).map { (kind: "song", item: MediaItem(id: "\($0)", title: "t \($0)")) })
            #expect(try library.clear() == 30)
            #expect(try library.count() == 0)
            #expect(try library.search(kind: "song", query: SearchQuery(term: "t")).isEmpty)
            try library.store([(kind: "song", item: MediaItem(id: "1", title: "again"))])
            #expect(Self.titles(try library.search(kind: "song", query: SearchQuery(term: "again"))) == ["again"])
            #expect(try library.count() == 1)
        }
    }

    @Test("Suggestions are titles and creators whose words start with the typed words")
    func suggestions() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let library = MediaLibrary(path: path, payloadTypes: Self.types)
            let songs = try Self.recorded("songs/glennposadas-star-songs-raw.json")
            try library.store(songs.map { (kind: "song", item: $0) })
            let suggestions = try library.suggestions(for: "sis")
            #expect(suggestions == ["SISTAR"])
            let trek = try library.suggestions(for: "star tre", limit: 3)
            #expect(trek.count == 3 && trek.allSatisfy { $0.hasPrefix("Star Trek") })
        }
    }

    @Test("Query words follow the tokenizer: letters, marks and digits; at most 16 words")
    func queryWords() async {
        await withTaskExecutorPreference(HeavyWork.executor) {
            #expect(LibraryQuery.match("Don't (stop) NEAR \"me\"") == #""don"* "t"* "stop"* "near"* "me"*"#)
            #expect(LibraryQuery.match("-- * ()") == nil)
            #expect(LibraryQuery.words(String(repeating: "a b c d e ", count: 100)).count == 5)
            let many = (1...40).map { "w\($0)" }.joined(separator: " ")
            #expect(LibraryQuery.words(many).count == LibraryQuery.maxWords)
        }
    }
}
