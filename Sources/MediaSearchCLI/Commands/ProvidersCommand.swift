import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// `mediasearch providers`: the registered kinds (`list`, the default) and the contract's checks
/// of one of them (`check`).
struct ProvidersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "List the media kinds, whether they are enabled, and their filters; check a source.",
        discussion:
            "Examples:\n  mediasearch providers\n  mediasearch providers --format json\n"
            + "  mediasearch providers check shows --term \"silicon valley\"",
        subcommands: [ProvidersListCommand.self, ProvidersCheckCommand.self],
        defaultSubcommand: ProvidersListCommand.self)
}

/// `mediasearch providers [list]`: the registered kinds, whether config enables them, and their filters.
struct ProvidersListCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the media kinds, whether they are enabled, and their filters.",
        discussion: "Examples:\n  mediasearch providers\n  mediasearch providers --format json")

    @OptionGroup var common: CommonOptions

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(explicitPath: common.config)
        let catalog = ProviderCatalog(providers: environment.providers(configuration), configuration: configuration)
        let entries = catalog.providers
        switch common.document {
        case .json:
            environment.console.out(try JSONOutput.encode(catalog))
        case .text:
            var lines: [String] = []
            for entry in entries {
                lines.append(
                    "\(entry.kind)  \(entry.name)  \(entry.media) from \(entry.sourceName)  "
                        + "\(entry.enabled ? "enabled" : "disabled")  limit \(entry.limit)")
                for filter in entry.filters {
                    lines.append("    --\(filter.name) <\(filter.type)>  \(filter.help)")
                }
                for setting in entry.settings {
                    lines.append(
                        "    providers.\(entry.kind).\(setting.name): \(setting.value ?? "(unset)")  <\(setting.type)>  \(setting.help)"
                    )
                }
            }
            environment.console.out(lines.joined(separator: "\n") + "\n")
        }
        return ExitStatus.success
    }
}
