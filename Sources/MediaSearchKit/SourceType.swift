import Foundation

/// A kind of source `config.yaml` can describe under `providers.<name>` with `type: <name>`:
/// `json` (a JSON-over-HTTP API mapped by paths), `command` (a program), or one a third-party
/// package adds. The executable hands the CLI the types it ships, as values
/// (`MediaSearchCLI.main(providers:sourceTypes:)`); the config reads each described source
/// through its type, which checks its settings, so the engine knows no type itself.
public protocol SourceType: Sendable {
    /// The word of `type:`, e.g. `json`.
    var name: String { get }
    /// The keys it reads under `providers.<name>`, besides those every source takes
    /// (``SourceTypes/commonKeys``).
    var keys: [String] { get }
    /// Reads one described source: `settings` is the mapping under `providers.<name>`, with the
    /// common keys left out. A problem names its key (relative to the source, e.g.
    /// `fields.title`) and line.
    func source(named name: String, settings: SettingNode) throws(SourceSettingProblem) -> any ConfiguredSource

    /// Sources of this type found without a config, from the process's variables (programs on
    /// `PATH` named `mediasearch-provider-<name>`). None by default.
    func sources(foundIn variables: [String: String]) -> [any ConfiguredSource]

    /// The providers of sources of this type that give none until asked
    /// (``ConfiguredSource/providers`` is empty: a program describes itself). Those `describing`
    /// accepts by name are asked; the others are still given, under their own names (as they last
    /// described themselves, kept under `cacheDirectory`, or with nothing described yet), so a
    /// config that names them stays valid. By default, each source's own providers.
    func providers(
        of sources: [any ConfiguredSource], describing: (String) -> Bool, cacheDirectory: String
    ) async -> [any MediaProvider]
}

extension SourceType {
    public func sources(foundIn variables: [String: String]) -> [any ConfiguredSource] { [] }

    public func providers(
        of sources: [any ConfiguredSource], describing: (String) -> Bool, cacheDirectory: String
    ) async -> [any MediaProvider] {
        sources.flatMap(\.providers)
    }
}

/// A source `config.yaml` describes, read by its ``SourceType``.
public protocol ConfiguredSource: Sendable {
    /// Its key under `providers:`, e.g. `shows`.
    var name: String { get }
    /// Its type's ``SourceType/name``.
    var type: String { get }
    /// The providers it gives without running anything (a described API's one provider); a
    /// source that must first be asked (a program) gives none here, and the executable asks it.
    var providers: [any MediaProvider] { get }
}

/// What every source type shares.
public enum SourceTypes {
    /// The keys every source takes under `providers.<name>`, whatever its type: the engine's. The
    /// one list: the config's reader and its messages take it from here.
    public static let commonKeys = ["type"] + engineKeys
    /// The engine's keys of a source or a kind (``commonKeys`` but `type`), in the order messages name them.
    public static let engineKeys = ["limit", "weight", "base_url", "rate_limit", "timeout"]
}

/// A value of `config.yaml` as a source type reads it: text, a list or a mapping, each with its
/// line (1-based) when known.
public indirect enum SettingNode: Sendable, Hashable {
    case text(String, line: Int?)
    case list([SettingNode], line: Int?)
    case mapping([Entry], line: Int?)

    /// One key of a mapping and its value.
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: SettingNode
        public init(key: String, value: SettingNode) {
            self.key = key
            self.value = value
        }
    }

    /// The line it starts on.
    public var line: Int? {
        switch self {
        case .text(_, let line), .list(_, let line), .mapping(_, let line): line
        }
    }

    /// The entries of a mapping (none for anything else).
    public var entries: [Entry] {
        if case .mapping(let entries, _) = self { return entries }
        return []
    }

    /// The value of a key of a mapping.
    public subscript(key: String) -> SettingNode? { entries.first { $0.key == key }?.value }

    /// The text of a key, `nil` when absent; a list or a mapping there is a problem.
    public func text(_ key: String) throws(SourceSettingProblem) -> String? {
        guard let value = self[key] else { return nil }
        guard case .text(let text, _) = value else {
            throw SourceSettingProblem(key: key, line: value.line, message: "expected a word or text")
        }
        return text
    }

    /// The entries of a key's mapping, each key checked against `allowed` when given.
    public func mapping(_ key: String, allowed: [String]? = nil) throws(SourceSettingProblem) -> [Entry]? {
        guard let value = self[key] else { return nil }
        guard case .mapping(let entries, _) = value else {
            throw SourceSettingProblem(key: key, line: value.line, message: "expected a mapping")
        }
        if let allowed, let unknown = entries.first(where: { !allowed.contains($0.key) }) {
            throw SourceSettingProblem(
                key: "\(key).\(unknown.key)", line: unknown.value.line,
                message: "unknown key (known here: \(allowed.joined(separator: ", ")))")
        }
        return entries
    }
}

/// What is wrong with a source's setting: its key (relative to the source), line and a message.
public struct SourceSettingProblem: Error, Sendable, Hashable {
    public var key: String
    public var line: Int?
    public var message: String

    public init(key: String, line: Int?, message: String) {
        self.key = key
        self.line = line
        self.message = message
    }
}
