import MediaSearchKit

/// How a page was answered from the offline library: asked for (`search --offline`) or fallen
/// back to because no provider could be reached.
public struct OfflineAnswer: Sendable, Hashable, Encodable {
    /// Why the online search failed: each cause once, with the kinds it hit.
    public struct Reason: Sendable, Hashable, Encodable {
        public var kinds: [String]
        public var error: String
        /// The failure itself, for a face that words it in its own language.
        public var failure: MediaSearchError?

        public init(kinds: [String], error: String, failure: MediaSearchError? = nil) {
            self.kinds = kinds
            self.error = error
            self.failure = failure
        }

        enum CodingKeys: String, CodingKey { case kinds, error }
    }

    /// Results on the page.
    public var results: Int
    /// Records in the library in all.
    public var records: Int
    /// Whether the library answered because every provider failed (not because it was asked to).
    public var fallback: Bool
    /// The failures that made it fall back; empty when asked for.
    public var reasons: [Reason] = []
    /// Why the library itself could not be searched, when it could not (then no result says
    /// nothing of what it holds).
    public var unsearchable: String?

    /// The answer as a JSON value (its `Encodable` form).
    public var json: JSONValue {
        .object([
            "results": JSONValue(results), "records": JSONValue(records), "fallback": .bool(fallback),
            "reasons": .array(
                reasons.map { .object(["kinds": JSONValue($0.kinds), "error": .string($0.error)]) }),
        ])
    }

    /// The one line a face shows, e.g. `offline: 12 results from 4,210 records seen`; with none,
    /// `offline: none of the 4,210 records seen matches` (not "0 results from", which reads as if
    /// there were some).
    public var summary: String {
        let seen = "\(Formatting.grouped(records)) record\(records == 1 ? "" : "s") seen"
        if results == 0, let unsearchable { return "offline: the library could not be searched (\(unsearchable))" }
        guard results > 0 else { return "offline: none of the \(seen) matches" }
        return "offline: \(Formatting.grouped(results)) result\(results == 1 ? "" : "s") from \(seen)"
    }
}
