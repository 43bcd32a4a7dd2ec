import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// `--config`, for every command that reads the configuration.
public struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: "Read settings from this file instead of the usual places.")
    public var config: String?

    public init() {}

}

/// `--store`, for every command that uses the response cache, the budgets or the library.
public struct StoreOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Share the cache, budgets and library in this PostgreSQL database (a build with `--traits PostgreSQL`: docs/deploy.md).",
            valueName: "url"))
    public var store: String?

    public init() {}
}
