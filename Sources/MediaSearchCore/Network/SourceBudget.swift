import Foundation
import MediaSearchKit

/// The request budget of one source: who it is for, its name in the store that holds it, and its rate.
public struct SourceBudget: Sendable, Hashable {
    /// The source's name in messages, e.g. `iTunes`.
    public var name: String
    /// The budget's name in the store, e.g. `source-itunes`, or `source-itunes-127-0-0-1-8080`
    /// for the source moved to another host (which has its own allowance).
    public var key: String
    /// Requests allowed per `window` seconds.
    public var limit: Int
    public var window: Double

    /// Creates a budget description.
    public init(name: String, key: String, limit: Int, window: Double) {
        self.name = name
        self.key = key
        self.limit = limit
        self.window = window
    }

    /// The rate as people read it: `20/min`, `50 per 5 s`.
    public var rate: String {
        window == 60 ? "\(limit)/min" : "\(limit) per \(Formatting.number(window)) s"
    }
}
