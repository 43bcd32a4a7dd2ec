import Foundation

/// Why a setting's value was refused.
public struct SettingProblem: Error, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
