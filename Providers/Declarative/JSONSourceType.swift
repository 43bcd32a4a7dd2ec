import Foundation
import MediaSearchKit

/// `type: json`: a JSON-over-HTTP API described in `config.yaml` (``JSONSource``), checked whole
/// when the config is read. Where it is (`base_url`), its budget (`rate_limit`), its timeout,
/// limit and weight are the keys every source takes, read by the engine.
public struct JSONSourceType: SourceType {
    /// Whether a description is checked whole as it is read (``JSONSource/problems()``): always a
    /// user's. The descriptions MediaSearch ships are checked by its tests instead of on every
    /// start (a third of what reading them costs).
    public var checks: Bool

    public init(checks: Bool = true) {
        self.checks = checks
    }

    public var name: String { "json" }

    public var keys: [String] { JSONSource.keys }

    public func source(named name: String, settings: SettingNode) throws(SourceSettingProblem) -> any ConfiguredSource {
        var source: JSONSource
        do {
            source = try settings.decode(JSONSource.self)
        } catch {
            guard error.message == "is required", let hint = Self.required[error.key] else { throw error }
            throw SourceSettingProblem(key: error.key, line: error.line, message: "is required: \(hint)")
        }
        source.name = name
        // An unknown key first, as the file reads: a misspelt field is often why another is missing.
        let problems = checks ? source.problems() : []
        if let problem = problems.first(where: { $0.message.hasPrefix("unknown key") }) ?? problems.first {
            throw SourceSettingProblem(
                key: problem.key, line: settings.nearest(problem.key).line ?? settings.line, message: problem.message)
        }
        return source
    }

    /// What each key a description must have says.
    static let required = [
        "kind": "the kind of media its results are, e.g. tv-show", "search": "the search URL with {term}",
        "fields": "item field -> dotted path, with at least id and title",
    ]
}

extension JSONSource: ConfiguredSource {
    public var type: String { "json" }
    public var providers: [any MediaProvider] { [JSONProvider(self)] }
}
