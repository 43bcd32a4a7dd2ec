import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// `--config`, for every command that reads the configuration.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: "Read settings from this file instead of the usual places.")
    var config: String?
}
