import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// `--config`, for every command that reads the configuration.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: "Read settings from this file instead of the usual places.")
    var config: String?

}

/// `--store`, for every command that uses the response cache, the budgets or the library.
struct StoreOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Share the cache, budgets and library in this PostgreSQL database (docs/deploy.md).",
            valueName: "url"))
    var store: String?
}
