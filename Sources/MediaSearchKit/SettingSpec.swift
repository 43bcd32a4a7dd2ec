import Foundation

/// A setting a provider takes from `config.yaml` (`providers.<kind>.<name>: value`), declared
/// like a filter: the engine checks the value before any request, fills in the default, and
/// hands the provider the text in ``ProviderContext/settings``.
public struct SettingSpec: Sendable, Hashable {
    /// The type of a setting's value.
    public enum ValueType: Sendable, Hashable {
        /// Any text.
        case text
        /// A whole number in a range.
        case integer(ClosedRange<Int>)
        /// `true` or `false`.
        case bool
        /// An absolute http(s) URL.
        case url
        /// A path on this machine; `~` is the user's home.
        case path

        /// A short name for help output.
        public var label: String {
            switch self {
            case .text: "text"
            case .integer(let range): "\(range.lowerBound)-\(range.upperBound)"
            case .bool: "true|false"
            case .url: "URL"
            case .path: "path"
            }
        }
    }

    /// The key under `providers.<kind>`, e.g. `path`.
    public var name: String
    public var valueType: ValueType
    /// One line for `providers` and `config show`.
    public var help: String
    /// The value when the config does not set it; `nil` for none.
    public var defaultValue: String?

    /// Creates a setting.
    public init(_ name: String, _ valueType: ValueType = .text, default defaultValue: String? = nil, help: String) {
        self.name = name
        self.valueType = valueType
        self.help = help
        self.defaultValue = defaultValue
    }

    /// The value checked and normalised, or why it cannot be.
    public func check(_ raw: String) -> Result<String, SettingProblem> {
        let text = raw.trimmingCharacters(in: .whitespaces)
        switch valueType {
        case .text:
            return .success(text)
        case .integer(let range):
            guard let number = Int(text), range.contains(number) else {
                return .failure(
                    SettingProblem("expected a whole number from \(range.lowerBound) to \(range.upperBound)"))
            }
            return .success(String(number))
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on": return .success("true")
            case "false", "no", "off": return .success("false")
            default: return .failure(SettingProblem("expected true or false"))
            }
        case .url:
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme),
                url.host?.isEmpty == false
            else { return .failure(SettingProblem("'\(text)' is not an http(s) URL")) }
            return .success(text)
        case .path:
            guard !text.isEmpty else { return .failure(SettingProblem("expected a path")) }
            return .success(text)
        }
    }
}
