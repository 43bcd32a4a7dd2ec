import Foundation

/// The checked value of a filter.
public enum FilterValue: Sendable, Hashable, CustomStringConvertible {
    case text(String)
    case integer(Int)

    /// The value as text.
    public var text: String {
        switch self {
        case .text(let value): value
        case .integer(let value): String(value)
        }
    }

    public var description: String { text }
}
