import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization

/// What every command runs with: the providers, the process environment and the console.
public struct CommandEnvironment: Sendable {
    public var providers: [any MediaProvider]
    /// The source types a config may name (`type: json`): the executable's.
    public var sourceTypes: [any SourceType]
    /// How a shared store (`store:`) is opened: the executable's (PostgreSQL in `mediasearch`);
    /// `nil` in a binary that ships none.
    public var stores: SharedStores.Opener?
    public var variables: [String: String]
    /// The working directory; never searched for a config file (see ``ConfigurationLoader``).
    public var currentDirectory: String
    public var console: Console
    /// Provider filter values taken off the command line before parsing, by filter name.
    public var filterArguments: [String: String]
    /// Budget waits of this command, said once and counted down by the spinner.
    let waits = BudgetWaits()
    /// The command line's config file, read once for all that ask for it (``ConfigurationFile``).
    public var configFile: ConfigurationFile

    /// Creates an environment; `configFile` is the command line's, read when first asked for.
    public init(
        providers: [any MediaProvider], sourceTypes: [any SourceType], stores: SharedStores.Opener? = nil,
        variables: [String: String], currentDirectory: String, console: Console,
        filterArguments: [String: String] = [:], configFile: ConfigurationFile? = nil
    ) {
        self.providers = providers
        self.sourceTypes = sourceTypes
        self.stores = stores
        self.variables = variables
        self.currentDirectory = currentDirectory
        self.console = console
        self.filterArguments = filterArguments
        self.configFile =
            configFile ?? ConfigurationFile(explicitPath: nil, environment: variables, sourceTypes: sourceTypes)
    }

    /// Finds and loads the configuration, checking its kinds against the providers, those it
    /// describes itself included. The command line's own file is read and parsed once, however
    /// many times it is loaded.
    public func loadConfiguration(explicitPath: String?, store: String? = nil) throws(MediaSearchError) -> Configuration
    {
        let file =
            explicitPath == configFile.explicitPath
            ? configFile
            : ConfigurationFile(explicitPath: explicitPath, environment: variables, sourceTypes: sourceTypes)
        var configuration = try file.configuration()
        if let store { try configuration.useStore(store, from: "--store") }
        let all = providers(configuration)
        for declared in configuration.sources
        where !providers.contains(where: { $0.source == declared.name })
            && providers.contains(where: { $0.kind == declared.name })
        {
            let origin = configuration.origins["providers.\(declared.name).type"]
            throw .invalidConfig(
                file: configuration.source ?? "built-in defaults",
                line: origin?.split(separator: ":").last.flatMap { Int($0) },
                key: "providers.\(declared.name)",
                message: "'\(declared.name)' is a built-in kind; give the source another name")
        }
        try ProviderRegistry.validate(all, reservedNames: SearchCommand.reservedOptionNames)
        try configuration.validate(providers: all)
        for notice in configuration.notices where Self.said.withLock({ $0.insert(notice).inserted }) {
            console.error("note: \(notice)")
        }
        return configuration
    }

    /// The config's notices already shown by this process: each is said once, however many times
    /// a command reads the config.
    private static let said = Mutex<Set<String>>([])

    /// The providers of a command under a configuration: the registered ones, then those of the
    /// sources the configuration describes (`type: json`); a described source named like a
    /// registered source (`radio`) takes its place.
    public func providers(_ configuration: Configuration) -> [any MediaProvider] {
        // A program's providers are this command's own (asked before the config was read).
        let described = Set(configuration.sources.filter { !$0.providers.isEmpty }.map(\.name))
        return providers.filter { !described.contains($0.source) } + configuration.configuredProviders
    }

    /// Colors and links only on a terminal without `NO_COLOR`.
    /// Prints text for people: through the pager when stdout is a terminal and the text is longer
    /// than the screen, else directly.
    func show(_ text: String, pager enabled: Bool) {
        let height = variables["LINES"].flatMap(Int.init) ?? console.terminalHeight ?? 24
        let width = variables["COLUMNS"].flatMap(Int.init) ?? console.terminalWidth ?? 80
        if enabled, console.stdoutIsTerminal, Pager.rows(text, columns: width) >= height,
            Pager(variables: variables).show(text)
        {
            return
        }
        console.out(text)
    }

    func textStyle(_ choice: TextStyle.Choice) -> TextStyle {
        TextStyle.forTerminal(isTerminal: console.stdoutIsTerminal, environment: variables, choice: choice)
    }

    /// The layout width: `--width`, else `$COLUMNS`, else the terminal's, else 80.
    func layoutWidth(_ explicit: Int?) -> Int {
        explicit ?? variables["COLUMNS"].flatMap(Int.init) ?? console.terminalWidth ?? 80
    }

    /// The provider of a kind.
    func provider(kind: String) -> (any MediaProvider)? {
        providers.first { $0.kind == kind }
    }
}
