import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// `mediasearch config`: which file is in effect, what it sets, and a documented one to start from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show which config file is in effect and what every setting is.",
        discussion: HelpText.paragraphs(
            """
            Looked up in order: --config PATH, $MEDIASEARCH_CONFIG,
            $XDG_CONFIG_HOME/mediasearch/config.yaml (~/.config/...), then built-in defaults.
            The current directory is never searched.

            Examples:
              mediasearch config path
              mediasearch config show
              mediasearch config init && $EDITOR "$(mediasearch config path)"
            """),
        subcommands: [Path.self, Show.self, Init.self])

    /// `mediasearch config path`.
    struct Path: ParsableCommand, ProviderCommand {
        static let configuration = CommandConfiguration(
            commandName: "path",
            abstract: "Print the config file in effect (or where config init would write one).")

        @OptionGroup var common: CommonOptions

        func execute(in environment: CommandEnvironment) async throws -> Int32 {
            let location = try ConfigurationLoader.locate(
                explicitPath: common.config, environment: environment.variables)
            let path = location?.path ?? ConfigurationLoader.userPath(environment: environment.variables)
            switch common.document {
            case .json:
                environment.console.out(
                    try JSONOutput.encode(ConfigPathDocument(path: path, via: location?.via, inEffect: location != nil))
                )
            case .text:
                environment.console.out(path + "\n")
                if location == nil {
                    environment.console.notice(
                        "no config file; built-in defaults apply (mediasearch config init writes one here)")
                }
            }
            return ExitStatus.success
        }
    }

    /// `mediasearch config show`.
    struct Show: ParsableCommand, ProviderCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "List every effective setting and where it came from (file:line, environment, default).")

        @OptionGroup var common: CommonOptions

        func execute(in environment: CommandEnvironment) async throws -> Int32 {
            let location = try ConfigurationLoader.locate(
                explicitPath: common.config, environment: environment.variables)
            let configuration = try environment.loadConfiguration(explicitPath: common.config)
            let settings = configuration.settings(providers: environment.providers(configuration))
            switch common.document {
            case .json:
                environment.console.out(
                    try JSONOutput.encode(
                        ConfigShowDocument(file: location?.path, via: location?.via, settings: settings)))
            case .text:
                var out = location.map { "# \($0.path) (from \($0.via))\n" } ?? "# no config file: built-in defaults\n"
                let keyWidth = settings.map(\.key.count).max() ?? 0
                let valueWidth = min(settings.map { DisplayWidth.of(TextSanitizer.line($0.value)) }.max() ?? 0, 48)
                for setting in settings {
                    let value = TextSanitizer.line(setting.value)
                    out +=
                        setting.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  "
                        + DisplayWidth.pad(value, to: valueWidth) + "  " + setting.origin + "\n"
                }
                environment.console.out(out)
            }
            return ExitStatus.success
        }
    }

    /// `mediasearch config init`.
    struct Init: ParsableCommand, ProviderCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write the documented default config to $XDG_CONFIG_HOME/mediasearch/config.yaml.",
            discussion: "An existing file is never overwritten.")

        func execute(in environment: CommandEnvironment) async throws -> Int32 {
            let path = ConfigurationLoader.userPath(environment: environment.variables)
            guard !FileManager.default.fileExists(atPath: path) else {
                throw MediaSearchError.storage(path: path, message: "already exists; not overwritten")
            }
            try AtomicFile.write(Data(DocumentedConfiguration.text.utf8), to: path)
            environment.console.out("Wrote \(path)\n")
            return ExitStatus.success
        }
    }
}
