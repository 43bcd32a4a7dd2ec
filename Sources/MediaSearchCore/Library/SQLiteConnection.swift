import CSQLite
import Foundation
import MediaSearchKit
import Synchronization

/// One connection to an SQLite database; not thread-safe (``MediaLibrary`` serializes it).
package final class SQLiteConnection {
    private let handle: OpaquePointer

    /// The most one operation (opening the file, or one transaction) waits for other processes'
    /// locks, in all: the README's promise that no lock is waited for longer than 10 s. SQLite's
    /// own busy timeout counts each wait anew, so two waits in one operation took twice as long.
    package static let lockWait = 10.0

    /// How many times, in all, a connection of this process has waited (2 ms) for another's lock:
    /// what tells a test that a search is at a lock another process holds (a wait that nothing
    /// else shows from outside).
    package static let lockWaits = Atomic<Int>(0)

    /// When the current operation stops waiting for locks (monotonic seconds); read by the busy
    /// handler, on the thread that runs the operation.
    private let deadline = Deadline()

    private final class Deadline {
        var at = 0.0
    }

    /// Opens (creating when missing) the database at `path`; waits for other processes' locks
    /// ``lockWait`` seconds at most per operation.
    ///
    /// `readOnly` opens an existing file that this user may not write (a library shared
    /// read-only, a read-only folder): read as it is, never written.
    package init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags =
            readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        // Read-only, SQLite reads a write-ahead log through its existing index files (3.22+);
        // without them it cannot (it cannot make them: a folder it may not write, or a full disk,
        // which says "disk I/O error"), and the file is read as it stands (`immutable`, no locks):
        // the log was folded into it when its last connection closed.
        var code = sqlite3_open_v2(readOnly ? "file:\(encoded)?mode=ro" : path, &db, flags, nil)
        if readOnly, code == SQLITE_OK, let opened = db {
            sqlite3_busy_timeout(opened, Int32(Self.lockWait * 1000))
            let probe = sqlite3_exec(opened, "PRAGMA user_version", nil, nil, nil) & 0xFF
            if probe == SQLITE_CANTOPEN || probe == SQLITE_READONLY || probe == SQLITE_IOERR {
                sqlite3_close_v2(opened)
                db = nil
                code = sqlite3_open_v2("file:\(encoded)?mode=ro&immutable=1", &db, flags, nil)
            }
        }
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
                SQLiteConnection.lockWaits.add(1, ordering: .relaxed)
                sqlite3_sleep(2)
                return 1
            }, Unmanaged.passUnretained(deadline).toOpaque())
    }

    /// A statement outside a transaction is an operation of its own: its lock waits start now.
    /// (A statement compiled once and run again calls it itself: ``startOperation()``.)
    private func startOperationOutsideTransaction() {
        if sqlite3_get_autocommit(handle) != 0 { deadline.at = Self.now + Self.lockWait }
    }

    /// Starts an operation for a statement compiled earlier and run again: outside a transaction,
    /// its lock waits count from now.
    package func startOperation() { startOperationOutsideTransaction() }

    private static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    deinit { sqlite3_close_v2(handle) }

    /// Whether this is an in-memory copy of a file this user may not write (``readOnlyCopy(of:)``):
    /// it may be written (its index brought up to date), but nothing written is kept.
    package private(set) var isCopyOfReadOnlyFile = false

    /// The file at `path`, which this user may read but not write, copied into memory: a query
    /// may need to write (bring the full-text index up to date), and SQLite reads a
    /// write-ahead-logged file only partly when it cannot write beside it.
    package static func readOnlyCopy(of path: String) throws(SQLiteError) -> SQLiteConnection {
        let file = try SQLiteConnection(path: path, readOnly: true)
        let memory = try SQLiteConnection(path: ":memory:")
        guard let backup = sqlite3_backup_init(memory.handle, "main", file.handle, "main") else {
            throw memory.failure(SQLITE_ERROR)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE else { throw SQLiteError(code: stepped, message: file.lastMessage) }
        memory.isCopyOfReadOnlyFile = true
        return memory
    }

    /// Runs one or more statements that take no parameters.
    package func execute(_ sql: String) throws(SQLiteError) {
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
    package func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        startOperationOutsideTransaction()
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw SQLiteError(code: code, message: lastMessage) }
        return SQLiteStatement(statement, connection: self)
    }

    /// Runs `body` in one read transaction: its queries see one state of the file and take the
    /// file's read lock once, not once per statement.
    package func readTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try transaction("BEGIN", body)
    }

    /// Runs `body` in a write transaction taken at once (`BEGIN IMMEDIATE`), so that a writer
    /// waits for the lock instead of failing when another process writes.
    package func writeTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
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
    package func integer(_ sql: String) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int(0) : 0
    }

    /// The rows the last insert, update or delete changed.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    package var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
    package func failure(_ code: Int32) -> SQLiteError { SQLiteError(code: code, message: lastMessage) }
}
