import ArgumentParser
import MediaSearchCore
import MediaSearchKit

extension TextStyle.Choice: ExpressibleByArgument {}

/// The options of a command that prints one document: `--config` and `--format text|json`.
struct CommonOptions: ParsableArguments {
    @OptionGroup var configOption: ConfigOption

    @Option(name: .long, help: "text for people, json for programs.")
    var format: DocumentFormat = .text

    var config: String? { configOption.config }

    /// The format of the document.
    var document: DocumentFormat { format }
}
