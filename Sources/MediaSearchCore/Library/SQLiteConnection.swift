import CSQLite
import Foundation
import MediaSearchKit

/// One connection to an SQLite database; not thread-safe (``MediaLibrary`` serializes it).
final class SQLiteConnection {
    private let handle: OpaquePointer

    /// Opens (creating when missing) the database at `path`; waits up to `busyTimeout` ms for locks.
    init(path: String, busyTimeout: Int32 = 15_000) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw SQLiteError(code: code, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeout)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that take no parameters.
    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        guard code == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            throw SQLiteError(code: code, message: message)
        }
    }

    /// Compiles one statement.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw SQLiteError(code: code, message: lastMessage) }
        return SQLiteStatement(statement, connection: self)
    }

    /// Runs `body` in one read transaction: its queries see one state of the file and take the
    /// file's read lock once, not once per statement.
    func readTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try transaction("BEGIN", body)
    }

    /// Runs `body` in a write transaction taken at once (`BEGIN IMMEDIATE`), so that a writer
    /// waits for the lock instead of failing when another process writes.
    func writeTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try transaction("BEGIN IMMEDIATE", body)
    }

    /// `body` between `begin` and a commit; rolled back when it throws.
    private func transaction<T>(_ begin: String, _ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute(begin)
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The first column of the first row of a query, as an integer.
    func integer(_ sql: String) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int(0) : 0
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
    func failure(_ code: Int32) -> SQLiteError { SQLiteError(code: code, message: lastMessage) }
}
