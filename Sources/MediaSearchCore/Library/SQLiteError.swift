import CSQLite
import Foundation
import MediaSearchKit

/// A failed SQLite call: its result code and SQLite's message.
package struct SQLiteError: Error, CustomStringConvertible {
    package var code: Int32
    package var message: String

    /// Whether the file is damaged or is not a database at all, so it must be moved aside.
    package var isDamage: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    package var description: String { message }
}
