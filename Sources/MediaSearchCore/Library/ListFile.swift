import CSQLite
import Foundation
import MediaSearchKit

/// The lists in a file of the user's own: `lists.sqlite` in the data directory, beside the
/// library but apart from it, so that `library clear` and `cache clear` never touch what the user
/// chose to keep. One row per list and one per listed item, with its whole record (JSON); every
/// change is one write transaction, which other processes wait for (up to 10 s), so none is lost.
public struct ListFile: ListStore {
    public var path: String
    /// The payload types its items are read with.
    public var payloadTypes: PayloadTypes

    public init(path: String, payloadTypes: PayloadTypes) {
        self.path = path
        self.payloadTypes = payloadTypes
    }

    /// 1: `items (list, kind, id, added_at, record)`; 2: `lists (name, created_at)`, so that a
    /// list is there until it is deleted, empty or not (#75 item 5).
    static let schemaVersion = 2

    public func add(
        _ item: MediaItem, kind: String, to list: String, at date: Date
    ) async throws(MediaSearchError) -> Bool {
        let record: Data
        do {
            record = try JSONEncoder().encode(item)
        } catch {
            throw .storage(path: path, message: "the item cannot be kept (\(error))")
        }
        return try await write { db throws(SQLiteError) -> Bool in
            try Self.name(list, at: date, in: db)
            let known = try db.prepare("SELECT count(*) FROM items WHERE list = ?1 AND kind = ?2 AND id = ?3")
            known.bind(1, list)
            known.bind(2, kind)
            known.bind(3, item.id)
            let listed = try known.step() && known.int(0) > 0
            known.reset()
            // A record listed again is brought up to date; it keeps the place it was given.
            let upsert = try db.prepare(
                """
                INSERT INTO items (list, kind, id, added_at, record) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT (list, kind, id) DO UPDATE SET record = excluded.record
                """)
            upsert.bind(1, list)
            upsert.bind(2, kind)
            upsert.bind(3, item.id)
            upsert.bind(4, date.timeIntervalSince1970)
            try upsert.run(binding: 5, toBytesOf: record)
            return !listed
        }
    }

    public func remove(id: String, kind: String, from list: String) async throws(MediaSearchError) -> Bool {
        try await write { db throws(SQLiteError) -> Bool in
            let delete = try db.prepare("DELETE FROM items WHERE list = ?1 AND kind = ?2 AND id = ?3")
            delete.bind(1, list)
            delete.bind(2, kind)
            delete.bind(3, id)
            try delete.run()
            return try db.integer("SELECT changes()") > 0
        }
    }

    public func lists() async throws(MediaSearchError) -> [ListSummary] {
        try await read { db throws(SQLiteError) -> [ListSummary] in
            // A list named by its items alone counts too: a file of version 1, read as it stands
            // where it cannot be brought up (not this user's to write), has no table of lists.
            let named = try db.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'lists'") > 0
            let query = try db.prepare(
                """
                SELECT name, (SELECT count(*) FROM items WHERE list = name)
                FROM (\(named ? "SELECT name FROM lists UNION " : "")SELECT DISTINCT list AS name FROM items) ORDER BY name
                """)
            var found: [ListSummary] = []
            while try query.step() {
                found.append(ListSummary(name: query.string(0) ?? "", count: query.int(1)))
            }
            return found
        } ?? []
    }

    public func items(in list: String) async throws(MediaSearchError) -> [ListedItem] {
        let rows =
            try await read { db throws(SQLiteError) -> [(String, Double, Data)] in
                let query = try db.prepare(
                    "SELECT kind, added_at, record FROM items WHERE list = ?1 ORDER BY added_at DESC, rowid DESC")
                query.bind(1, list)
                var rows: [(String, Double, Data)] = []
                while try query.step() { rows.append((query.string(0) ?? "", query.double(1), query.data(2))) }
                return rows
            } ?? []
        let decoder = payloadTypes.decoder()
        // A record that no longer reads (written by a later version, damaged) is left out, not fatal.
        return rows.compactMap { kind, added, record in
            (try? decoder.decode(MediaItem.self, from: record)).map {
                ListedItem(kind: kind, item: $0, addedAt: Date(timeIntervalSince1970: added))
            }
        }
    }

    public func create(_ list: String, at date: Date) async throws(MediaSearchError) -> Bool {
        try await write { db throws(SQLiteError) -> Bool in
            guard try !Self.exists(list, in: db) else { return false }
            try Self.name(list, at: date, in: db)
            return true
        }
    }

    public func rename(_ list: String, to name: String) async throws(MediaSearchError) -> Bool {
        let renamed = try await write { db throws(SQLiteError) -> Bool? in
            guard try Self.exists(list, in: db) else { return false }
            guard try !Self.exists(name, in: db) else { return nil }
            for statement in [
                "UPDATE lists SET name = ?2 WHERE name = ?1", "UPDATE items SET list = ?2 WHERE list = ?1",
            ] {
                let update = try db.prepare(statement)
                update.bind(1, list)
                update.bind(2, name)
                try update.run()
            }
            // A list named by its items alone gets its row.
            try Self.name(name, at: Date(), in: db)
            return true
        }
        guard let renamed else { throw .listExists(name) }
        return renamed
    }

    public func delete(_ list: String, ifEmpty: Bool) async throws(MediaSearchError) -> ListDeletion {
        try await write { db throws(SQLiteError) -> ListDeletion in
            guard try Self.exists(list, in: db) else { return .missing }
            let count = try db.prepare("SELECT count(*) FROM items WHERE list = ?1")
            count.bind(1, list)
            let held = try count.step() ? count.int(0) : 0
            count.reset()
            if ifEmpty, held > 0 { return .holds(held) }
            for statement in ["DELETE FROM items WHERE list = ?1", "DELETE FROM lists WHERE name = ?1"] {
                let delete = try db.prepare(statement)
                delete.bind(1, list)
                try delete.run()
            }
            return .deleted(held)
        }
    }

    /// The list's row, made when missing.
    private static func name(_ list: String, at date: Date, in db: SQLiteConnection) throws(SQLiteError) {
        let insert = try db.prepare("INSERT OR IGNORE INTO lists (name, created_at) VALUES (?1, ?2)")
        insert.bind(1, list)
        insert.bind(2, date.timeIntervalSince1970)
        try insert.run()
    }

    /// Whether a list is there: its row, or an item of it.
    private static func exists(_ list: String, in db: SQLiteConnection) throws(SQLiteError) -> Bool {
        let query = try db.prepare(
            "SELECT EXISTS (SELECT 1 FROM lists WHERE name = ?1) OR EXISTS (SELECT 1 FROM items WHERE list = ?1)")
        query.bind(1, list)
        return try query.step() && query.int(0) > 0
    }

    // MARK: the file

    /// Runs `body` in a write transaction on the file (made when missing), off the cooperative pool.
    private func write<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> T
    ) async throws(MediaSearchError) -> T {
        let path = self.path
        return try await Self.blocking(path) { () throws(SQLiteError) -> T in
            let db = try SQLiteConnection.open(path, schema: Self.schema).db
            return try db.writeTransaction { () throws(SQLiteError) -> T in try body(db) }
        }
    }

    /// Runs `body` in a read transaction; `nil` when there is no file yet.
    ///
    /// A list that exists can always be shown (S10): a file this user may not write (or not write
    /// beside), or one whose open fails because nothing can be written now (a full disk), is read
    /// as it stands, read-only, as the library reads such a file.
    private func read<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> T
    ) async throws(MediaSearchError) -> T? {
        let path = self.path
        return try await Self.blocking(path) { () throws(SQLiteError) -> T? in
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            let folder = (path as NSString).deletingLastPathComponent
            let db: SQLiteConnection
            if access(path, W_OK) != 0 || access(folder, W_OK) != 0 {
                db = try Self.readOnly(path)
            } else {
                do throws(SQLiteError) {
                    db = try SQLiteConnection.open(path, schema: Self.schema).db
                } catch let error where error.isUnwritable {
                    db = try Self.readOnly(path)
                }
            }
            return try db.readTransaction { () throws(SQLiteError) -> T in try body(db) }
        }
    }

    /// The file opened read-only, when it is of a schema this mediasearch reads (1 or 2: version 1
    /// lacks only the table of lists, which ``lists()`` then does without).
    private static func readOnly(_ path: String) throws(SQLiteError) -> SQLiteConnection {
        let db = try SQLiteConnection(path: path, readOnly: true)
        let version = try db.integer("PRAGMA user_version")
        guard (1...schemaVersion).contains(version) else {
            throw SQLiteError(
                code: SQLITE_READONLY,
                message: "read-only, and of schema \(version) where this mediasearch reads \(schemaVersion)")
        }
        return db
    }

    private static func blocking<T: Sendable>(
        _ path: String, _ body: @escaping @Sendable () throws(SQLiteError) -> T
    ) async throws(MediaSearchError) -> T {
        do {
            return try await BlockingWork.run { () throws -> T in try body() }
        } catch let error as SQLiteError {
            throw .storage(path: path, message: error.message(about: path))
        } catch let error as MediaSearchError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// The lists' tables: their items, and the lists themselves (version 2 names each list a file
    /// of version 1 holds, made when its first item was added).
    private static let schema = SQLiteSchema(version: schemaVersion) { db, _ throws(SQLiteError) in
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS items (
                list TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL, added_at REAL NOT NULL,
                record BLOB NOT NULL, PRIMARY KEY (list, kind, id));
            CREATE TABLE IF NOT EXISTS lists (name TEXT PRIMARY KEY, created_at REAL NOT NULL);
            INSERT OR IGNORE INTO lists (name, created_at) SELECT list, min(added_at) FROM items GROUP BY list;
            """)
    }
}
