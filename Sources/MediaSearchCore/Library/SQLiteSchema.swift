import CSQLite
import Foundation

/// A database file's schema, as the response cache, the library and the lists each have one: its
/// version (`PRAGMA user_version`), how a file of an older version is brought to it, and the
/// settings every connection takes. ``SQLiteConnection/open(_:schema:)`` opens every file of
/// ours the same way.
struct SQLiteSchema: Sendable {
    /// The version this mediasearch writes; a file of a later one is refused, never rewritten.
    var version: Int
    /// Run on a file of an older version before it is brought up, outside the transaction (a
    /// page size, which takes effect on a new, empty file only).
    var beforeMigration = ""
    /// Brings a file of the version given (0: a new file) to ``version``, inside a write
    /// transaction that has read the version again under the write lock.
    var migrate: @Sendable (_ db: SQLiteConnection, _ from: Int) throws(SQLiteError) -> Void
    /// Settings every connection takes, once it is open.
    var pragmas = ""
    /// Whether every open asks for the write-ahead log (nothing to do when the file has it), not
    /// only a migration: a file copied or restored in the other mode then gets it back, and its
    /// readers never wait for its writer.
    var logOnEveryOpen = false
}

extension SQLiteConnection {
    /// Opens (creating it and its folder, private, when missing; `:memory:`, a database of this
    /// process's memory) the database at `path` with
    /// `schema`: a file of a later version is refused, one of an older version (or a new one) is
    /// brought to it, in write-ahead-log mode, so that readers never wait for the writer. Whether
    /// this call brought it up (another process may have done so first).
    static func open(_ path: String, schema: SQLiteSchema) throws(SQLiteError) -> (
        db: SQLiteConnection, migrated: Bool
    ) {
        if path != ":memory:" {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        let db = try SQLiteConnection(path: path)
        let version = try db.integer("PRAGMA user_version")
        if version > schema.version {
            throw SQLiteError(
                code: SQLITE_ERROR, message: "made by a newer mediasearch (schema \(version)); left alone")
        }
        var migrated = false
        if schema.logOnEveryOpen && version == schema.version { try? db.execute("PRAGMA journal_mode = WAL") }
        if version < schema.version {
            if !schema.beforeMigration.isEmpty { try? db.execute(schema.beforeMigration) }
            try? db.execute("PRAGMA journal_mode = WAL")
            migrated = try db.writeTransaction { () throws(SQLiteError) -> Bool in
                // Read again under the write lock: another process may have made or migrated the
                // file since, and then there is nothing left to do (doing it again would change
                // the schema under that process's statements).
                let current = try db.integer("PRAGMA user_version")
                guard current < schema.version else { return false }
                try schema.migrate(db, current)
                try db.execute("PRAGMA user_version = \(schema.version)")
                return true
            }
        }
        if !schema.pragmas.isEmpty { try db.execute(schema.pragmas) }
        return (db, migrated)
    }
}
