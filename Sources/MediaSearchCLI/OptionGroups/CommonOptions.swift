import ArgumentParser
import MediaSearchCore
import MediaSearchKit

extension TextStyle.Choice: ExpressibleByArgument {}

/// `--config`, for every command that reads the configuration.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: "Read settings from this file instead of the usual places.")
    var config: String?
}

/// The options of a command that prints one document: `--config` and `--format text|json`.
struct CommonOptions: ParsableArguments {
    @OptionGroup var configOption: ConfigOption

    @Option(name: .long, help: "text for people, json for programs.")
    var format: DocumentFormat = .text

    var config: String? { configOption.config }

    /// The format of the document.
    var document: DocumentFormat { format }
}

/// How text for people reaches a terminal: colors and the pager (search and show).
struct TerminalOptions: ParsableArguments {
    @Option(name: .long, help: "Color and links: auto (on a terminal), always (e.g. for less -R) or never.")
    var color: TextStyle.Choice = .auto

    @Flag(name: .long, help: "Print long text directly instead of through $PAGER (on a terminal).")
    var noPager = false
}
