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

    /// Whether the file could not be written here and now (a full disk, a failing one, a file
    /// or folder this user may not write) while it may still be read.
    package var isUnwritable: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_FULL || primary == SQLITE_IOERR || primary == SQLITE_READONLY
            || primary == SQLITE_CANTOPEN
    }

    /// The message as a user reads it about the file at `path`: a full disk said as such (SQLite
    /// says "disk I/O error" when it cannot make a file's index beside it on one).
    package func message(about path: String) -> String {
        let primary = code & 0xFF
        guard primary == SQLITE_FULL || primary == SQLITE_IOERR else { return message }
        var stats = statvfs()
        guard statvfs((path as NSString).deletingLastPathComponent, &stats) == 0 else { return message }
        let free = UInt64(stats.f_bavail) * UInt64(stats.f_frsize)
        return free < 256 * 1024 ? "no space left on device (\(message))" : message
    }
}
