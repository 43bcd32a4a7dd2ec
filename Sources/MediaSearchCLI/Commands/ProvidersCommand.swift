import ArgumentParser
import Foundation
import MediaSearchCore

/// `mediasearch providers`: the registered kinds, whether config enables them, and their filters.
struct ProvidersCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "List the media kinds, whether they are enabled, and their filters.",
        discussion: "Examples:\n  mediasearch providers\n  mediasearch providers --format json")

    @OptionGroup var common: CommonOptions

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(explicitPath: common.config)
        let entries = environment.providers.map { provider in
            ProviderEntry(
                kind: provider.kind, name: provider.displayName, enabled: configuration.kinds.contains(provider.kind),
                limit: configuration.limit(for: provider.kind),
                filters: provider.filters.map {
                    FilterEntry(name: $0.name, type: $0.valueType.label, help: $0.help, attribute: $0.attribute)
                })
        }
        switch common.document {
        case .json:
            environment.console.out(try JSONOutput.encode(["providers": entries]))
        case .text, .lines, .jsonl:
            var lines: [String] = []
            for entry in entries {
                lines.append(
                    "\(entry.kind)  \(entry.name)  \(entry.enabled ? "enabled" : "disabled")  limit \(entry.limit)")
                for filter in entry.filters {
                    lines.append("    --\(filter.name) <\(filter.type)>  \(filter.help)")
                }
            }
            environment.console.out(lines.joined(separator: "\n") + "\n")
        }
        return ExitStatus.success
    }

    struct ProviderEntry: Encodable {
        var kind: String
        var name: String
        var enabled: Bool
        var limit: Int
        var filters: [FilterEntry]
    }

    struct FilterEntry: Encodable {
        var name: String
        var type: String
        var help: String
        var attribute: String?
    }
}
