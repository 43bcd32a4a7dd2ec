import Foundation
import MediaSearchKit
import Synchronization

/// The offline library: every record a search or lookup ever decoded, of any provider, kept in
/// an SQLite database with a full-text index, so that searches and details still answer when
/// the network or Apple's rate limit will not.
///
/// One row per kind and id holds the record as the session stores it (``MediaItem``'s Codable
/// form, source-neutral, zlib-compressed) with its title, creator, collection and genre indexed
/// by FTS5 (`unicode61`, case and accents folded, prefix matching). Seeing a record again
/// updates it. A query ranks (BM25, title first) the 1,000 most recently added matches of its
/// kind, so that a word matching half the library costs no more than a rare one.
/// Writers take the lock at once (`BEGIN IMMEDIATE`) and wait up to 15 s for it, in WAL mode, so
/// many processes can record at the same time. A damaged or unreadable file is moved aside
/// (`library.sqlite.damaged-<time>`) and rebuilt, with one notice; the library never stops the
/// search that feeds it. Thread-safe: calls are serialized on one connection.
public final class MediaLibrary: @unchecked Sendable {
    /// The database file.
    public let path: String
    /// The most records kept; past it, the records seen longest ago go first, in batches
    /// (down to ``kept(after:)``).
    public let maxRecords: Int
    /// The payload types its items are read with, and may be written in their short form with.
    public let payloadTypes: PayloadTypes

    private let lock = NSLock()
    private var connection: SQLiteConnection?
    private var notices: [String] = []

    /// A library at `path` (created on first use) keeping at most `maxRecords` records, its
    /// items read with `payloadTypes` (the providers' whose items it keeps).
    public init(path: String, maxRecords: Int = 100_000, payloadTypes: PayloadTypes) {
        self.path = path
        self.maxRecords = max(1, maxRecords)
        self.payloadTypes = payloadTypes
    }

    /// What happened to the file since the last call (a damaged file moved aside), one line each.
    public func takeNotices() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        defer { notices = [] }
        return notices
    }

    /// Opens the database now (creating it, or moving a damaged one aside, as the first use
    /// would), so that the next call finds it open; a problem is left for that call to meet.
    public func open() {
        try? withConnection { _ throws(SQLiteError) in }
    }

    // MARK: writing

    /// The bytes the library keeps for an item, before compression (``StoredRecord``).
    public static func body(of item: MediaItem, types: PayloadTypes, encoder: JSONEncoder = JSONEncoder()) throws
        -> Data
    {
        try StoredRecord.encode(item, types: types, with: encoder)
    }

    /// Records items as seen now: new ones are added, known ones (same kind and id) updated.
    /// - Throws: ``MediaSearchError/storage(path:message:)``.
    public func store(_ records: [(kind: String, item: MediaItem)], seenAt: Date = Date()) throws(MediaSearchError) {
        guard !records.isEmpty else { return }
        let rows = Self.compressedRows(records, types: payloadTypes)
        let time = seenAt.timeIntervalSince1970
        let limit = maxRecords
        try withConnection { db throws(SQLiteError) in
            try Self.refuseWrites(db)
            try db.writeTransaction { () throws(SQLiteError) in
                let upsert = try db.prepare(
                    """
                    INSERT INTO records(kind, id, title, creator, collection, genre, tags, first_seen, last_seen, body)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9)
                    ON CONFLICT(kind, id) DO UPDATE SET title = excluded.title, creator = excluded.creator,
                        collection = excluded.collection, genre = excluded.genre, tags = excluded.tags,
                        last_seen = excluded.last_seen, body = excluded.body
                    """)
                for row in rows {
                    upsert.bind(1, row.kind)
                    upsert.bind(2, row.item.id)
                    upsert.bind(3, row.item.title)
                    upsert.bind(4, row.item.creator)
                    upsert.bind(5, row.item.collection)
                    upsert.bind(6, row.item.genre)
                    upsert.bind(7, Self.tags(kind: row.kind, explicit: row.item.isExplicit == true))
                    upsert.bind(8, time)
                    upsert.bind(9, row.body)
                    try upsert.run()
                }
                // Upkeep comes in batches, both kinds in the same write: once a thousand rows wait,
                // the index catches up; past the bound, the records seen longest ago go, down to
                // `kept(after:)` (removing them from the index costs most of a write), and in a
                // library above that they go with the index's batch. In a full library both then
                // come every five pages of 200 together, and one write in five is slow instead of
                // two in five (BENCHMARKS.md, "Third round").
                let count = try db.integer("SELECT value FROM counts WHERE name = 'records'")
                let pending = try db.integer("SELECT count(*) FROM pending")
                if count > limit || pending >= Self.pendingBatch {
                    let keep = Self.kept(after: limit)
                    if count > keep {
                        // Removed first: a removed row that was still waiting costs the index nothing.
                        try db.execute(
                            """
                            DELETE FROM records WHERE rowid IN
                                (SELECT rowid FROM records ORDER BY last_seen, rowid LIMIT \(count - keep))
                            """)
                    }
                    try Self.indexPending(db)
                }
            }
        }
    }

    /// Items as the library keeps them: each record's body (``body(of:types:encoder:)``) compressed.
    /// Encoding and compressing are most of a write: a page is done in two halves at once, each
    /// with its own encoder and zlib stream. A record that cannot be encoded is left out.
    public static func compressedRows(_ records: [(kind: String, item: MediaItem)], types: PayloadTypes) -> [(
        kind: String, item: MediaItem, body: Data
    )] {
        let halves = records.count >= 64 ? 2 : 1
        let size = (records.count + halves - 1) / halves
        let bodies = Mutex([[Data?]](repeating: [], count: halves))
        DispatchQueue.concurrentPerform(iterations: halves) { half in
            let encoder = JSONEncoder()
            let compressor = Deflate.Compressor()
            let part = records[min(half * size, records.count)..<min((half + 1) * size, records.count)]
            let done = part.map { record in
                (try? Self.body(of: record.item, types: types, encoder: encoder)).map(compressor.compress)
            }
            bodies.withLock { $0[half] = done }
        }
        var rows: [(kind: String, item: MediaItem, body: Data)] = []
        rows.reserveCapacity(records.count)
        for (record, body) in zip(records, bodies.withLock { $0.joined() }) {
            if let body { rows.append((record.kind, record.item, body)) }
        }
        return rows
    }

    /// The item a kept body holds, `nil` when it does not read.
    /// (`decoder`: ``PayloadTypes/decoder()`` of the types it was written with.)
    public static func item(fromBody body: Data, decoder: JSONDecoder) -> MediaItem? {
        Deflate.decompress(body).flatMap { try? decoder.decode(MediaItem.self, from: $0) }
    }

    /// The page a query asks of the items that matched it, best first: its filters applied, then
    /// its offset and limit (with no filters, the store applied them already when `paged`).
    public static func page(
        _ items: [MediaItem], query: SearchQuery, filters: [FilterSpec], paged: Bool
    ) -> [MediaItem] {
        guard !query.filters.isEmpty else {
            return paged ? items : Array(items.dropFirst(query.offset).prefix(query.limit))
        }
        return Array(items.filter { filters.matchAll($0, query.filters) }.dropFirst(query.offset).prefix(query.limit))
    }

    /// How many best matches a store reads for a query: enough for its page, and more when filters
    /// will drop some.
    public static func window(for query: SearchQuery) -> Int {
        max(candidates, (query.offset + query.limit) * (query.filters.isEmpty ? 1 : 4))
    }

    /// Records the items the library does not have yet (by kind and id), leaving those it has as
    /// they are: for answers the response cache gave again, which were stored when they first
    /// arrived. Checking costs one index lookup per item; storing them again would cost encoding,
    /// compressing and rewriting every row.
    /// - Throws: ``MediaSearchError/storage(path:message:)``.
    public func storeMissing(_ records: [(kind: String, item: MediaItem)], seenAt: Date = Date())
        throws(MediaSearchError)
    {
        guard !records.isEmpty else { return }
        let missing = try withConnection { db throws(SQLiteError) -> [(kind: String, item: MediaItem)] in
            // One read transaction for all of them: the file's read lock is taken once, not once
            // per record (each is a few system calls).
            try db.readTransaction { () throws(SQLiteError) -> [(kind: String, item: MediaItem)] in
                let known = try db.prepare("SELECT 1 FROM records WHERE kind = ?1 AND id = ?2")
                var missing: [(kind: String, item: MediaItem)] = []
                for record in records {
                    known.bind(1, record.kind)
                    known.bind(2, record.item.id)
                    defer { known.reset() }
                    if try !known.step() { missing.append(record) }
                }
                return missing
            }
        }
        try store(missing, seenAt: seenAt)
    }

    /// Removes every record; returns how many there were.
    @discardableResult
    public func clear() throws(MediaSearchError) -> Int {
        try withConnection { db throws(SQLiteError) in
            try Self.refuseWrites(db)
            let count = try db.writeTransaction { () throws(SQLiteError) -> Int in
                let count = try db.integer("SELECT value FROM counts WHERE name = 'records'")
                try db.execute(
                    """
                    DROP TRIGGER records_removed;
                    DELETE FROM records;
                    DELETE FROM pending;
                    INSERT INTO records_text(records_text) VALUES ('delete-all');
                    UPDATE counts SET value = 0;
                    \(Self.removedTrigger)
                    """)
                return count
            }
            // Give the space back: VACUUM rewrites the file, the checkpoint empties the log. Both need
            // the file to themselves; while another process (a running serve) holds it, they wait.
            do {
                try db.execute("VACUUM")
                try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            } catch {
                let reason = (error as? SQLiteError)?.message ?? "\(error)"
                notices.append(
                    "library: cleared, but its file keeps its size until no other mediasearch (such as serve) has it"
                        + " open and it is cleared again (\(reason))")
            }
            return count
        }
    }

    // MARK: reading

    /// The items of `kind` matching a query's term, best match first, with the query's filters applied and its
    /// explicitness respected, paged by its offset and limit.
    public func search(
        kind: String, query: SearchQuery, filters: [FilterSpec] = []
    ) throws(MediaSearchError) -> [MediaItem] {
        guard let match = LibraryQuery.match(query.term), query.limit > 0 else { return [] }
        var expression = "tags : \"\(Self.kindTag(kind))\" AND {title creator collection genre} : (\(match))"
        if !query.explicit { expression += " NOT tags : \"\(Self.explicitTag)\"" }
        let filtering = !query.filters.isEmpty
        let window = Self.window(for: query)
        let decoder = payloadTypes.decoder()
        let path = self.path
        let found = try withConnection { db throws(SQLiteError) -> [MediaItem] in
            // The records seen since the last query are indexed first, a write; when nothing can
            // be written now (a full disk), the query runs on a copy in memory indexed there, so
            // that it still finds them (S10).
            var db = db
            do throws(SQLiteError) {
                try Self.indexPendingForQuery(db)
            } catch let error where error.isUnwritable && !db.isCopyOfReadOnlyFile && path != ":memory:" {
                db = try readOnlyCopy()
                try Self.indexPendingForQuery(db)
            }
            let statement = try db.prepare(
                """
                SELECT r.body FROM (
                    SELECT rowid, rank FROM records_text WHERE records_text MATCH ?1 ORDER BY rowid DESC LIMIT ?2
                ) AS m JOIN records r ON r.rowid = m.rowid
                ORDER BY m.rank LIMIT ?3 OFFSET ?4
                """)
            statement.bind(1, expression)
            statement.bind(2, window)
            statement.bind(3, filtering ? window : query.limit)
            statement.bind(4, filtering ? 0 : query.offset)
            var items: [MediaItem] = []
            while try statement.step() {
                if let item = Self.item(fromBody: statement.data(0), decoder: decoder) { items.append(item) }
            }
            return items
        }
        return Self.page(found, query: query, filters: filters, paged: true)
    }

    /// The item with an id (of a kind, when given), the most recently seen first.
    public func item(id: String, kind: String? = nil) throws(MediaSearchError) -> (kind: String, item: MediaItem)? {
        let row = try withConnection { db throws(SQLiteError) -> (String, Data)? in
            let statement = try db.prepare(
                "SELECT kind, body FROM records WHERE id = ?1 AND (?2 IS NULL OR kind = ?2) ORDER BY last_seen DESC LIMIT 1"
            )
            statement.bind(1, id)
            statement.bind(2, kind)
            guard try statement.step() else { return nil }
            return (statement.string(0) ?? "", statement.data(1))
        }
        guard let row, let item = Self.item(fromBody: row.1, decoder: payloadTypes.decoder()) else { return nil }
        return (row.0, item)
    }

    /// Titles and creators with a word starting with each word of `text`, best match first, each once.
    public func suggestions(for text: String, limit: Int = 10) throws(MediaSearchError) -> [String] {
        guard let match = LibraryQuery.match(text), limit > 0 else { return [] }
        let rows = try withConnection { db throws(SQLiteError) -> [(String?, String?)] in
            try Self.indexPendingForQuery(db)
            let statement = try db.prepare(
                """
                SELECT r.title, r.creator FROM (
                    SELECT rowid, rank FROM records_text WHERE records_text MATCH ?1 ORDER BY rowid DESC LIMIT ?3
                ) AS m JOIN records r ON r.rowid = m.rowid
                ORDER BY m.rank LIMIT ?2
                """)
            statement.bind(1, "{title creator} : (\(match))")
            statement.bind(2, limit * 8)
            statement.bind(3, Self.candidates)
            var rows: [(String?, String?)] = []
            while try statement.step() { rows.append((statement.string(0), statement.string(1))) }
            return rows
        }
        return Self.suggestions(from: rows, for: text, limit: limit)
    }

    /// The suggestions among titles and creators that matched `text`, best first: those with a
    /// word starting with each of its words, each once, at most `limit`.
    public static func suggestions(from rows: [(String?, String?)], for text: String, limit: Int) -> [String] {
        let words = LibraryQuery.words(text)
        var seen: Set<String> = []
        var suggestions: [String] = []
        for (title, creator) in rows {
            for value in [title, creator].compactMap({ $0 }) where Self.startsWords(value, words) {
                if seen.insert(value.lowercased()).inserted { suggestions.append(value) }
            }
            if suggestions.count >= limit { break }
        }
        return Array(suggestions.prefix(limit))
    }

    /// Whether every word is the start of some word of `value`, ignoring case and accents.
    private static func startsWords(_ value: String, _ words: [String]) -> Bool {
        let folded = LibraryQuery.words(value.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
        return words.allSatisfy { word in
            let key = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            return folded.contains { $0.hasPrefix(key) }
        }
    }

    /// How many records there are in all.
    public func count() throws(MediaSearchError) -> Int {
        try withConnection { db throws(SQLiteError) in
            try db.integer("SELECT value FROM counts WHERE name = 'records'")
        }
    }

    /// What the library holds: records per kind, the total, the file and its size.
    public func statistics() throws(MediaSearchError) -> LibraryStatistics {
        let perKind = try withConnection { db throws(SQLiteError) -> [LibraryStatistics.KindCount] in
            let statement = try db.prepare("SELECT kind, count(*) FROM records GROUP BY kind ORDER BY kind")
            var counts: [LibraryStatistics.KindCount] = []
            while try statement.step() {
                counts.append(.init(kind: statement.string(0) ?? "", records: statement.int(1)))
            }
            return counts
        }
        let bytes = ["", "-wal", "-shm"].reduce(0) { total, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
        return LibraryStatistics(
            path: path, records: perKind.reduce(0) { $0 + $1.records }, bytes: bytes, kinds: perKind,
            maxRecords: maxRecords)
    }

    // MARK: the connection

    /// Runs `body` on the open connection, opening it first. A damaged or unreadable file is moved
    /// aside and the call tried once more on a new, empty library.
    private func withConnection<T>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> T
    ) throws(MediaSearchError) -> T {
        lock.lock()
        defer { lock.unlock() }
        var movedAside = false
        while true {
            do throws(SQLiteError) {
                let db: SQLiteConnection
                if let connection { db = connection } else { db = try open() }
                connection = db
                // A copy made because the file could not be opened for writing just now (a full
                // disk) serves this call alone: the next one tries the file again.
                if db.isCopyOfReadOnlyFile, isWritable { connection = nil }
                return try body(db)
            } catch {
                // A refused write leaves the (read-only) connection as it was: opening it again
                // would copy the whole library into memory again.
                if error.code & 0xFF != 8 /* SQLITE_READONLY */ { connection = nil }
                // Moved aside only where this user may write, the file and its folder: a library
                // shared read-only is not ours to move, however damaged it looks.
                let ours =
                    access(path, W_OK) == 0 && access((path as NSString).deletingLastPathComponent, W_OK) == 0
                let unreadable =
                    error.code & 0xFF == 14 /* SQLITE_CANTOPEN */ && FileManager.default.fileExists(atPath: path)
                guard (error.isDamage || unreadable) && ours && !movedAside else {
                    throw .storage(path: path, message: error.message(about: path))
                }
                try moveAside(because: error)
                movedAside = true
            }
        }
    }

    private func open() throws(SQLiteError) -> SQLiteConnection {
        // A library this user can read but not write (nor write beside) is searched as it is.
        if access(path, R_OK) == 0, !isWritable { return try readOnlyCopy() }
        do throws(SQLiteError) {
            return try SQLiteConnection.open(path, schema: Self.fileSchema).db
        } catch let error where error.isUnwritable && error.code & 0xFF != 14 /* SQLITE_CANTOPEN */ {
            // Nothing can be written beside it now (a full disk: its index files cannot be made):
            // it is read from a copy, as a file this user may not write is (S10).
            guard FileManager.default.fileExists(atPath: path) else { throw error }
            return try readOnlyCopy()
        }
    }

    /// Whether this user may write the file and beside it.
    private var isWritable: Bool {
        access(path, W_OK) == 0 && access((path as NSString).deletingLastPathComponent, W_OK) == 0
    }

    /// The file copied into memory, when it is of the schema this mediasearch reads.
    private func readOnlyCopy() throws(SQLiteError) -> SQLiteConnection {
        let db = try SQLiteConnection.readOnlyCopy(of: path)
        let version = try db.integer("PRAGMA user_version")
        guard version == Self.schemaVersion else {
            throw SQLiteError(
                code: 8 /* SQLITE_READONLY */,
                message: "read-only, and of schema \(version) where this mediasearch reads \(Self.schemaVersion)")
        }
        try db.execute("PRAGMA temp_store = MEMORY")
        return db
    }

    /// The library's schema: made anew, or brought from version 1 (indexed as rows came) to
    /// batched indexing.
    ///
    /// 8 KB pages hold a whole compressed record (up to ~2 KB) without an overflow page; the size
    /// only takes effect on a new, empty file. The write-ahead log is checkpointed once it holds
    /// 4 MiB (512 pages of 8 KB: SQLite's default of 1,000 pages assumes 4 KB ones, and let the
    /// log reach 8 MiB beside a library of 2) and cut back to 4 MB after each checkpoint, so it
    /// never lingers large. Temporary data stays in memory: each upsert of a page (its triggers
    /// touch three tables) keeps a statement journal, which SQLite otherwise writes to a file in
    /// /var/tmp, about 300 writes per stored page (a quarter of a page's time); it is a few pages
    /// at a time.
    static let fileSchema = SQLiteSchema(
        version: schemaVersion, beforeMigration: "PRAGMA page_size = 8192",
        migrate: { db, current throws(SQLiteError) in
            if current < 1 { try db.execute(schema) }
            try db.execute(batchedIndexing)
        },
        pragmas: "PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 4194304; PRAGMA wal_autocheckpoint = 512;"
            + " PRAGMA temp_store = MEMORY")

    /// A library read from a copy (a file this user may not write) records nothing.
    private static func refuseWrites(_ db: SQLiteConnection) throws(SQLiteError) {
        guard db.isCopyOfReadOnlyFile else { return }
        throw SQLiteError(code: 8 /* SQLITE_READONLY */, message: "read-only here; nothing recorded")
    }

    private func moveAside(because error: SQLiteError) throws(MediaSearchError) {
        let stamp = UTCDate.string(from: Date()).replacingOccurrences(of: ":", with: "")
        // Two files damaged in the same second get names of their own: -2, -3...
        var aside = "\(path).damaged-\(stamp)"
        var attempt = 1
        while FileManager.default.fileExists(atPath: aside) {
            attempt += 1
            aside = "\(path).damaged-\(stamp)-\(attempt)"
        }
        do {
            try FileManager.default.moveItem(atPath: path, toPath: aside)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        } catch let failure as CocoaError {
            let reason = (failure.userInfo[NSUnderlyingErrorKey] as? POSIXError).map {
                String(cString: strerror($0.code.rawValue))
            }
            throw .storage(
                path: path,
                message: "library is damaged and could not be moved aside (\(reason ?? "it cannot be moved"))")
        } catch {
            throw .storage(path: path, message: "library is damaged and could not be moved aside")
        }
        notices.append("library: \(path) was unreadable (\(error.message)); moved it to \(aside) and started anew")
    }

    package static let schemaVersion = 2
    /// How many of the most recently added matches a query ranks.
    public static let candidates = 1_000
    static let explicitTag = "xexplicit"

    /// The token that marks a kind in the `tags` column: `k` and the kind's UTF-8 in hex, one
    /// word whatever the kind's spelling (`music-video` is not `music` and `video`).
    package static func kindTag(_ kind: String) -> String {
        // Hex by hand: `String(format:)` goes through C varargs and runtime casts on every record.
        let digits = Array("0123456789abcdef".utf8)
        var tag: [UInt8] = [UInt8(ascii: "k")]
        for byte in kind.utf8 { tag += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
        return String(decoding: tag, as: UTF8.self)
    }

    static func tags(kind: String, explicit: Bool) -> String {
        explicit ? "\(kindTag(kind)) \(explicitTag)" : kindTag(kind)
    }

    /// The full-text index is brought up to date in batches, not on every write: a new or
    /// re-added row is listed in `pending` and indexed when a query needs the index, or once a
    /// thousand rows wait (``indexPending(_:)``). A row is committed at once either way, so no
    /// record is lost to a crash or a kill; indexing 200 rows at a time cost about three quarters
    /// of every store. A row still pending has nothing in the index to remove or change.
    private static let removedTrigger = """
        CREATE TRIGGER records_removed AFTER DELETE ON records BEGIN
            INSERT INTO records_text(records_text, rowid, title, creator, collection, genre, tags)
                SELECT 'delete', old.rowid, old.title, old.creator, old.collection, old.genre, old.tags
                WHERE NOT EXISTS (SELECT 1 FROM pending WHERE rowid = old.rowid);
            DELETE FROM pending WHERE rowid = old.rowid;
            UPDATE counts SET value = value - 1 WHERE name = 'records';
        END;
        """

    /// Rows waiting for the full-text index past which a write indexes them itself.
    static let pendingBatch = 1_000

    /// How many records a library bounded by `maxRecords` keeps after it lets the oldest go: the
    /// bound less the larger of 1% of it and one index batch (1,000 rows), but never less than 90%
    /// of it. Removing records costs most of a write whatever their number, so a library that
    /// removed only 1% of a small bound (100 at 10,000) paid for it on every page it stored; with
    /// room for a whole batch, removals come with the index's catch-up, once in five pages of 200,
    /// from 10,000 records up. Below that, the 10% cap keeps a small library nearly full.
    /// The shared store (PostgreSQL) trims to the same figure.
    public static func kept(after maxRecords: Int) -> Int {
        let bound = max(1, maxRecords)
        return bound - max(bound / 100, min(pendingBatch, bound / 10))
    }

    /// The tables of the first version (still created as they were).
    private static let schema = """
        CREATE TABLE IF NOT EXISTS records (
            kind TEXT NOT NULL, id TEXT NOT NULL, title TEXT, creator TEXT, collection TEXT, genre TEXT,
            tags TEXT NOT NULL, first_seen REAL NOT NULL, last_seen REAL NOT NULL, body BLOB NOT NULL,
            UNIQUE (kind, id));
        CREATE INDEX IF NOT EXISTS records_by_last_seen ON records(last_seen);
        CREATE INDEX IF NOT EXISTS records_by_id ON records(id);
        CREATE VIRTUAL TABLE IF NOT EXISTS records_text USING fts5(
            title, creator, collection, genre, tags, content = 'records', content_rowid = 'rowid',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
        INSERT INTO records_text(records_text, rank) VALUES ('rank', 'bm25(10.0, 6.0, 2.0, 1.0, 0.0)');
        CREATE TABLE IF NOT EXISTS counts (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        INSERT OR IGNORE INTO counts VALUES ('records', 0);
        """

    /// Version 2: rows indexed in batches (``removedTrigger``). A library of version 1 has every
    /// row indexed already; its triggers are replaced.
    private static let batchedIndexing = """
        CREATE TABLE IF NOT EXISTS pending (rowid INTEGER PRIMARY KEY);
        DROP TRIGGER IF EXISTS records_added;
        DROP TRIGGER IF EXISTS records_removed;
        DROP TRIGGER IF EXISTS records_changed;
        CREATE TRIGGER records_added AFTER INSERT ON records BEGIN
            INSERT OR IGNORE INTO pending(rowid) VALUES (new.rowid);
            UPDATE counts SET value = value + 1 WHERE name = 'records';
        END;
        \(removedTrigger)
        CREATE TRIGGER records_changed AFTER UPDATE ON records
        WHEN (old.title IS NOT new.title OR old.creator IS NOT new.creator OR old.collection IS NOT new.collection
            OR old.genre IS NOT new.genre OR old.tags IS NOT new.tags)
            AND NOT EXISTS (SELECT 1 FROM pending WHERE rowid = old.rowid) BEGIN
            INSERT INTO records_text(records_text, rowid, title, creator, collection, genre, tags)
                VALUES ('delete', old.rowid, old.title, old.creator, old.collection, old.genre, old.tags);
            INSERT INTO records_text(rowid, title, creator, collection, genre, tags)
                VALUES (new.rowid, new.title, new.creator, new.collection, new.genre, new.tags);
        END;
        """

    /// Indexes every pending row, inside the caller's write transaction.
    private static func indexPending(_ db: SQLiteConnection) throws(SQLiteError) {
        try db.execute(
            """
            INSERT INTO records_text(rowid, title, creator, collection, genre, tags)
                SELECT r.rowid, r.title, r.creator, r.collection, r.genre, r.tags
                FROM pending p JOIN records r ON r.rowid = p.rowid;
            DELETE FROM pending;
            """)
    }

    /// Brings the index up to date before a query; nothing to do (one lookup) in the common case.
    private static func indexPendingForQuery(_ db: SQLiteConnection) throws(SQLiteError) {
        guard try db.integer("SELECT EXISTS (SELECT 1 FROM pending)") == 1 else { return }
        try db.writeTransaction { () throws(SQLiteError) in try indexPending(db) }
    }
}
