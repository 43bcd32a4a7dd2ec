import Foundation
import MediaSearchKit
import Synchronization

/// The budget of this process when its file cannot be written, by file path.
enum MemoryBudget {
    static let states = Mutex([String: RequestBudget.State]())
    private static let reported = Mutex(Set<String>())

    /// Whether this is the first fallback for the path (so it is reported once).
    static func noteFallback(_ path: String) -> Bool {
        reported.withLock { $0.insert(path).inserted }
    }
}
