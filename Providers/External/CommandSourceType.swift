import Foundation
import MediaSearchKit

/// `type: command`: a program named in `config.yaml`, asked over JSON like those found on PATH
/// (`command` is a list, the program and its first arguments, or one path).
public struct CommandSourceType: SourceType {
    public init() {}

    public var name: String { "command" }

    public var keys: [String] { ["command"] }

    public func source(named name: String, settings: SettingNode) throws(SourceSettingProblem) -> any ConfiguredSource {
        var command: [String] = []
        switch settings["command"] {
        case .list(let list, _):
            for entry in list {
                guard case .text(let word, _) = entry else {
                    throw SourceSettingProblem(key: "command", line: entry.line, message: "expected a word or text")
                }
                command.append(word)
            }
        case .text(let path, _): command = [path]
        case .mapping(_, let line): throw SourceSettingProblem(key: "command", line: line, message: "expected a list")
        case nil: break
        }
        guard let program = command.first, !program.isEmpty else {
            throw SourceSettingProblem(
                key: "command", line: settings.line,
                message: "is required: the program and its arguments, e.g. [python3, shelf.py]")
        }
        return ExternalProviders.Command(name: name, command: command)
    }

    /// The programs on `PATH` named `mediasearch-provider-<name>`.
    public func sources(foundIn variables: [String: String]) -> [any ConfiguredSource] {
        ExternalProviders.discover(path: variables["PATH"])
    }

    /// Each program's providers, from its description: asked when `describing` accepts it, else
    /// as cached in `programs.json` while its files are unchanged.
    public func providers(
        of sources: [any ConfiguredSource], describing: (String) -> Bool, cacheDirectory: String
    ) async -> [any MediaProvider] {
        await ExternalProviders.providers(
            sources.compactMap { $0 as? ExternalProviders.Command }, describing: { describing($0.name) },
            cacheFile: (cacheDirectory as NSString).appendingPathComponent("programs.json"))
    }
}

extension ExternalProviders.Command: ConfiguredSource {
    public var type: String { "command" }
    /// None until it is asked: the executable runs it for its description.
    public var providers: [any MediaProvider] { [] }
}
