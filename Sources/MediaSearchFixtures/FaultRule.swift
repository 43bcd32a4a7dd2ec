import Foundation

/// A fault and the requests it applies to.
public struct FaultRule: Sendable {
    /// `/search`, `/lookup` or `nil` for both.
    public var path: String?
    /// Query values that must match, e.g. `["media": "movie"]`.
    public var query: [String: String]
    public var fault: Fault
    /// How many requests it applies to; `nil` for all.
    public var times: Int?

    /// Creates a rule.
    public init(path: String? = nil, query: [String: String] = [:], fault: Fault, times: Int? = nil) {
        self.path = path
        self.query = query
        self.fault = fault
        self.times = times
    }

    func matches(path: String, query: [String: String]) -> Bool {
        (self.path == nil || self.path == path) && self.query.allSatisfy { query[$0.key] == $0.value }
    }
}
