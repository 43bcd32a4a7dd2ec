import CSQLite
import Foundation
import MediaSearchKit

/// A compiled statement; bind by 1-based index, step, read columns by 0-based index.
package final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: SQLiteConnection

    package init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    package func bind(_ index: Int32, _ value: String?) {
        // By its length in bytes: a U+0000 a source sent is kept, where a C string would end there.
        guard var value else { return bindNull(index) }
        guard !value.isEmpty else {
            sqlite3_bind_text(statement, index, "", 0, Self.transient)
            return
        }
        value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                _ = sqlite3_bind_text(statement, index, text.baseAddress, Int32(text.count), Self.transient)
            }
        }
    }

    package func bind(_ index: Int32, _ value: Int?) {
        if let value { sqlite3_bind_int64(statement, index, Int64(value)) } else { bindNull(index) }
    }

    package func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(statement, index, value) }

    package func bind(_ index: Int32, _ value: Data) {
        value.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
    }

    private func bindNull(_ index: Int32) { sqlite3_bind_null(statement, index) }

    /// Advances to the next row; `false` when done.
    package func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.failure(code)
        }
    }

    /// Runs a statement that returns no rows, then readies it for new bindings.
    package func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// Runs the statement with `bytes` bound to a parameter where SQLite reads them (not copied:
    /// an answer may be a megabyte), then readies it for new bindings (the parameter unbound
    /// before the bytes go away).
    package func run(binding index: Int32, toBytesOf bytes: Data) throws(SQLiteError) {
        let code = bytes.withUnsafeBytes { buffer -> Int32 in
            if let start = buffer.baseAddress, buffer.count > 0 {
                sqlite3_bind_blob64(statement, index, start, sqlite3_uint64(buffer.count), nil)
            } else {
                sqlite3_bind_zeroblob(statement, index, 0)
            }
            var code = sqlite3_step(statement)
            while code == SQLITE_ROW { code = sqlite3_step(statement) }
            reset()
            return code
        }
        guard code == SQLITE_DONE else { throw connection.failure(code) }
    }

    package func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    package func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    package func string(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        return String(
            decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))),
            as: UTF8.self)
    }

    package func data(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}
