import Foundation
import MediaSearchKit

/// The request budget of one source: who it is for, the file that holds it, and its rate.
public struct SourceBudget: Sendable, Hashable {
    /// The source's name in messages, e.g. `iTunes`.
    public var name: String
    /// The state file's name in the cache directory.
    public var fileName: String
    /// Requests allowed per `window` seconds.
    public var limit: Int
    public var window: Double

    /// Creates a budget description.
    public init(name: String, fileName: String, limit: Int, window: Double) {
        self.name = name
        self.fileName = fileName
        self.limit = limit
        self.window = window
    }

    /// The rate as people read it: `20/min`, `50 per 5 s`.
    public var rate: String {
        window == 60 ? "\(limit)/min" : "\(limit) per \(Formatting.number(window)) s"
    }
}
