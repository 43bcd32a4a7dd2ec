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
