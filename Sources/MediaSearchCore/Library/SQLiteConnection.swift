import CSQLite
import Foundation
import MediaSearchKit

/// One connection to an SQLite database; not thread-safe (``MediaLibrary`` serializes it).
final class SQLiteConnection {
    private let handle: OpaquePointer

    /// The most one operation (opening the file, or one transaction) waits for other processes'
    /// locks, in all: the README's promise that no lock is waited for longer than 10 s. SQLite's
    /// own busy timeout counts each wait anew, so two waits in one operation took twice as long.
    static let lockWait = 10.0

    /// When the current operation stops waiting for locks (monotonic seconds); read by the busy
    /// handler, on the thread that runs the operation.
    private let deadline = Deadline()

    private final class Deadline {
        var at = 0.0
    }

    /// Opens (creating when missing) the database at `path`; waits for other processes' locks
    /// ``lockWait`` seconds at most per operation.
    init(path: String) throws(SQLiteError) {
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
        deadline.at = Self.now + Self.lockWait
        sqlite3_busy_handler(
            db,
            { context, _ in
                guard let context else { return 0 }
                let deadline = Unmanaged<Deadline>.fromOpaque(context).takeUnretainedValue()
                guard SQLiteConnection.now < deadline.at else { return 0 }
                sqlite3_sleep(2)
                return 1
            }, Unmanaged.passUnretained(deadline).toOpaque())
    }

    /// A statement outside a transaction is an operation of its own: its lock waits start now.
    private func startOperationOutsideTransaction() {
        if sqlite3_get_autocommit(handle) != 0 { deadline.at = Self.now + Self.lockWait }
    }

    private static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that take no parameters.
    func execute(_ sql: String) throws(SQLiteError) {
        startOperationOutsideTransaction()
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
        startOperationOutsideTransaction()
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
