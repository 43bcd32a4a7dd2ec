import Foundation

/// A filter a provider offers as a `--name value` option of `search`.
///
/// The engine narrows a provider's results with ``matches``, so a provider need not. When the
/// user gives filters but no term, a filter with an ``attribute`` becomes the search itself: its
/// value is the query's term and its attribute the query's ``SearchQuery/attribute``
/// (`search --director "Greta Gerwig"` asks iTunes with `attribute=directorTerm`).
public struct FilterSpec: Sendable {
    /// The type of a filter's value, checked before any request is sent.
    public enum ValueType: Sendable, Hashable {
        /// Free text, matched case- and accent-insensitively.
        case text
        /// A whole number in a range, e.g. a year.
        case integer(ClosedRange<Int>)
        /// One of a fixed set of words, matched case-insensitively.
        case choice([String])

        /// A short name for help output.
        public var label: String {
            switch self {
            case .text: "text"
            case .integer(let range): "\(range.lowerBound)-\(range.upperBound)"
            case .choice(let values): values.joined(separator: "|")
            }
        }
    }

    /// The option name without dashes, e.g. `artist`.
    public var name: String
    public var valueType: ValueType
    /// One line for `--help` and `providers`.
    public var help: String
    /// The source's name for searching by this field (iTunes `directorTerm`), when the filter's
    /// value can be the search itself; `nil` when it only narrows results.
    public var attribute: String?
    /// Whether an item passes the filter.
    public var matches: @Sendable (MediaItem, FilterValue) -> Bool

    /// Creates a filter.
    public init(
        name: String, valueType: ValueType = .text, help: String, attribute: String? = nil,
        matches: @escaping @Sendable (MediaItem, FilterValue) -> Bool
    ) {
        self.name = name
        self.valueType = valueType
        self.help = help
        self.attribute = attribute
        self.matches = matches
    }

    /// A text filter that keeps items whose field contains the value (case- and accent-insensitive).
    public static func text(
        _ name: String, help: String, attribute: String? = nil,
        field: @escaping @Sendable (MediaItem) -> [String?]
    ) -> FilterSpec {
        FilterSpec(name: name, help: help, attribute: attribute) { item, value in
            field(item).contains { $0.map { TextMatch.contains($0, value.text) } ?? false }
        }
    }

    /// Checks and converts a raw value.
    /// - Parameter label: the filter as the user gave it (`--year`, or `year` on the web).
    /// - Throws: ``MediaSearchError/usage(_:)`` naming the filter and what it accepts.
    public func parse(_ raw: String, as label: String? = nil) throws(MediaSearchError) -> FilterValue {
        let name = label ?? "--\(self.name)"
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        switch valueType {
        case .text:
            guard !trimmed.isEmpty else { throw .usage("\(name) needs a non-empty value") }
            return .text(trimmed)
        case .integer(let range):
            guard let number = Int(trimmed), range.contains(number) else {
                throw .usage(
                    "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(raw)'")
            }
            return .integer(number)
        case .choice(let values):
            guard let match = values.first(where: { $0.caseInsensitiveCompare(trimmed) == .orderedSame }) else {
                throw .usage("\(name) takes one of \(values.joined(separator: ", ")), not '\(raw)'")
            }
            return .text(match)
        }
    }
}

extension [FilterSpec] {
    /// Whether an item passes every filter that has a value; filters without one pass.
    public func matchAll(_ item: MediaItem, _ values: [String: FilterValue]) -> Bool {
        values.isEmpty || allSatisfy { spec in values[spec.name].map { spec.matches(item, $0) } ?? true }
    }

    /// The first filter with a value that can be the search itself, and that value.
    public func searchable(in values: [String: FilterValue]) -> (spec: FilterSpec, value: FilterValue)? {
        for spec in self {
            if spec.attribute != nil, let value = values[spec.name] { return (spec, value) }
        }
        return nil
    }
}
