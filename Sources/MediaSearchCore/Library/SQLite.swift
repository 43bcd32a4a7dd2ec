import CSQLite
import Foundation
import MediaSearchKit

/// A failed SQLite call: its result code and SQLite's message.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String

    /// Whether the file is damaged or is not a database at all, so it must be moved aside.
    var isDamage: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    var description: String { message }
}

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

    /// Runs `body` in a write transaction taken at once (`BEGIN IMMEDIATE`), so that a writer
    /// waits for the lock instead of failing when another process writes.
    func writeTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
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

    fileprivate var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
    fileprivate func failure(_ code: Int32) -> SQLiteError { SQLiteError(code: code, message: lastMessage) }
}

/// A compiled statement; bind by 1-based index, step, read columns by 0-based index.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: SQLiteConnection

    fileprivate init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(_ index: Int32, _ value: String?) {
        if let value { sqlite3_bind_text(statement, index, value, -1, Self.transient) } else { bindNull(index) }
    }

    func bind(_ index: Int32, _ value: Int?) {
        if let value { sqlite3_bind_int64(statement, index, Int64(value)) } else { bindNull(index) }
    }

    func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(statement, index, value) }

    func bind(_ index: Int32, _ value: Data) {
        value.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
    }

    private func bindNull(_ index: Int32) { sqlite3_bind_null(statement, index) }

    /// Advances to the next row; `false` when done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.failure(code)
        }
    }

    /// Runs a statement that returns no rows, then readies it for new bindings.
    func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

    func string(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: text)
    }

    func data(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}
