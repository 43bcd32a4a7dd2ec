import Foundation
import Synchronization

/// What providers report during one search (``MediaSearchKit/ProviderContext/report``), gathered
/// for the page's notices; each line once, in the order first said.
final class Reports: Sendable {
    private let lines = Mutex<[String]>([])

    /// Adds a line unless it was said already.
    func add(_ line: String) {
        lines.withLock { if !$0.contains(line) { $0.append(line) } }
    }

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }
}
