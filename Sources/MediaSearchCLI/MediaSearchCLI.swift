import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization

/// The `mediasearch` command line as a library, so that anyone can build their own binary with
/// extra providers: `await MediaSearchCLI.main(providers: .builtIn + [MyProvider()], sourceTypes: .builtIn)`
/// (`.builtIn` is `MediaSearchBuiltIns`'). Everything it runs with is handed to it as a value.
public enum MediaSearchCLI {
    /// Commands the executable adds to the CLI's own (`serve`, from `MediaSearchServe`), in order.
    /// The one thing composed through a global, set once by ``main(providers:sourceTypes:stores:commands:)``
    /// before anything reads it (swift-log's bootstrap, in spirit): ArgumentParser reads a
    /// command's subcommands from a static property (`RootCommand.configuration`), which no value
    /// can reach.
    public static let composedCommands = Mutex<[any ParsableCommand.Type]>([])

    /// Runs the command line of this process with these providers, these source types (what
    /// `type:` in a config may name), this way to open a shared store (`store:`; none by
    /// default), and these commands beside the CLI's own (a face such as `serve`), and exits.
    ///
    /// Ctrl-C cancels the command: in-flight requests stop, nothing half-written is left, and the
    /// process exits 130. A second Ctrl-C exits at once.
    public static func main(
        providers: [any MediaProvider], sourceTypes: [any SourceType], stores: SharedStores.Opener? = nil,
        commands: [any ParsableCommand.Type] = []
    ) async -> Never {
        composedCommands.withLock { $0 = commands }
        // Everything this process creates is the user's alone. Our own files are made 0600 in 0700
        // directories anyway; the mask also covers anything a library creates on its own (with
        // URLSession, FoundationNetworking made URLCache and cookie folders 0777 under umask 000).
        umask(0o077)
        let task = Task {
            await run(
                arguments: Array(CommandLine.arguments.dropFirst()), providers: providers, sourceTypes: sourceTypes,
                stores: stores,
                variables: ProcessInfo.processInfo.environment,
                currentDirectory: FileManager.default.currentDirectoryPath, console: .standard)
        }
        // A reader of our output that goes away (`| head`) is no reason to lose what a search
        // keeps: writes to it fail quietly (Console.standard) and the command ends as it would.
        signal(SIGPIPE, SIG_IGN)
        Interrupts.install { presses in
            // A player the picker started has the terminal: the key is its (it stops).
            if PickerLoop.childHasTheKeys.load(ordering: .sequentiallyConsistent) { return }
            if presses > 1 { exit(ExitStatus.interrupted) }
            if !stopGracefully(exitingWith: ExitStatus.interrupted) { task.cancel() }
        }
        // SIGTERM (a service manager stopping `serve`): `serve` answers the requests in flight
        // first, then exits 0; any other command ends at once, as it always did, its provider
        // programs with it (their groups are killed on exit).
        signal(SIGTERM, SIG_IGN)
        let terminations = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        terminations.setEventHandler {
            if !stopGracefully(exitingWith: 128 + SIGTERM) { exit(128 + SIGTERM) }
        }
        terminations.resume()
        let code = await task.value
        exit(Interrupts.presses.load(ordering: .sequentiallyConsistent) > 0 ? ExitStatus.interrupted : code)
    }

    /// How a running command stops gracefully (`serve` sets it: stop accepting, answer what is in
    /// flight); `nil` for commands that simply end.
    public static let gracefulStop = Mutex<(@Sendable () -> Void)?>(nil)

    /// The seconds a graceful stop may take before the process exits anyway.
    static let gracefulStopLimit = 10.0

    /// Asks the running command to stop gracefully, with a deadline after which the process
    /// exits with `code`; `false` when the command has no graceful stop.
    static func stopGracefully(exitingWith code: Int32) -> Bool {
        guard let stop = gracefulStop.withLock({ $0 }) else { return false }
        stop()
        DispatchQueue.global().asyncAfter(deadline: .now() + gracefulStopLimit) { exit(code) }
        return true
    }

    /// Runs one command line and returns its exit code; never exits the process.
    public static func run(
        arguments: [String], providers: [any MediaProvider],
        sourceTypes: [any SourceType], stores: SharedStores.Opener? = nil, variables: [String: String],
        currentDirectory: String, console: Console
    ) async -> Int32 {
        // The command line read once, and the config file it names read once, for everything
        // below (#62), a command's own help included.
        let words = CommandLineWords(arguments)
        let file = ConfigurationFile(explicitPath: words.configPath, environment: variables, sourceTypes: sourceTypes)
        // The environment a command runs in, once composed: what a help or a usage error a command
        // throws is reported in (`search --help --config FILE` lists FILE's kinds, #72 item 9).
        var composed: CommandEnvironment?
        do {
            let providers =
                providers
                + (await external(
                    words: words, known: providers, sourceTypes: sourceTypes, variables: variables, file: file))
            try ProviderRegistry.validate(providers, reservedNames: SearchCommand.reservedOptionNames)
            CompletionWords.kinds.withLock { $0 = Configuration.names(of: providers) }
            // `-V` is the short form of `--version`, which ArgumentParser spells long only.
            let spelled = arguments == ["-V"] ? ["--version"] : arguments
            // The filters of the sources the config describes (`type: json` with `filters:`) are
            // options of `search` too.
            let described = describedWithFilters(words: words, file: file)
            let (rest, filters) = try FilterArguments.extract(
                from: FilterArguments.joinNegativeNumbers(spelled), providers: providers + described)
            let environment = CommandEnvironment(
                providers: providers, sourceTypes: sourceTypes, stores: stores, variables: variables,
                currentDirectory: currentDirectory, console: console,
                filterArguments: filters, configFile: file)
            composed = environment
            let command: any ParsableCommand
            do {
                if let plain = SearchCommand.plain(rest) {
                    // Defaults always pass; checked as ArgumentParser would, should one ever not.
                    try plain.validate()
                    command = plain
                } else {
                    command = try RootCommand.parseAsRoot(rest)
                }
            } catch {
                return report(parseError: error, arguments: rest, environment: environment)
            }
            if let command = command as? any ProviderCommand {
                return try await command.execute(in: environment)
            }
            var plain = command
            try plain.run()
            return ExitStatus.success
        } catch let error as MediaSearchError {
            console.error(error.description)
            return error.exitStatus
        } catch is CancellationError {
            console.error(MediaSearchError.cancelled.description)
            return ExitStatus.interrupted
        } catch {
            return report(
                parseError: error, arguments: arguments,
                environment: composed
                    ?? CommandEnvironment(
                        providers: providers, sourceTypes: sourceTypes, stores: stores, variables: variables,
                        currentDirectory: currentDirectory, console: console, configFile: file))
        }
    }

    /// The providers of sources that must be asked before the command line is read: those a
    /// source type finds itself (programs on PATH, `mediasearch-provider-<name>`) and those the
    /// config describes that give no provider until asked (`type: command`), each asked through
    /// its type's hooks (``SourceType/sources(foundIn:)``,
    /// ``SourceType/providers(of:describing:cacheDirectory:)``).
    ///
    /// A program's filters are options of `search`, so its description must be known before the
    /// command line is parsed; but only a command that may search a program asks it. Which are
    /// asked (docs/providers.md, "When a program runs"):
    /// - `providers`, `help search` and completion scripts: every program;
    /// - `search`, `show`, `open`, `serve`, `config`, `suggest`: the programs that `kinds:` or
    ///   `--kind` name (every program, when one of those words names nothing else: it may be a
    ///   program's kind of media);
    /// - any other command (`--version`, `history`, `cache`, `library`): none.
    /// A description is cached until the program's files change, so a program is asked once.
    /// Programs not asked are still registered, under their own name, so a config that names
    /// them stays valid. A config that cannot be read here adds none; the command reports it when
    /// it loads the config itself.
    static func external(
        words: CommandLineWords, known: [any MediaProvider], sourceTypes: [any SourceType],
        variables: [String: String], file: ConfigurationFile
    ) async -> [any MediaProvider] {
        let names = Set(known.map(\.kind))
        // A type named twice: the last one (the executable's own over a built-in one).
        let types = sourceTypes.enumerated().filter { index, type in
            !sourceTypes[(index + 1)...].contains { $0.name == type.name }
        }.map(\.element)
        let found = types.map { $0.sources(foundIn: variables).filter { !names.contains($0.name) } }
        // Parsed here only when it can name such a source (the parse is the command's too).
        guard found.contains(where: { !$0.isEmpty }) || types.contains(where: { file.text?.contains($0.name) == true })
        else { return [] }
        let configuration = try? file.configuration()
        var asking: [(type: any SourceType, sources: [any ConfiguredSource])] = []
        for (type, found) in zip(types, found) {
            var sources = (configuration?.sources ?? []).filter {
                $0.type == type.name && $0.providers.isEmpty && !names.contains($0.name)
            }
            for source in found where !sources.contains(where: { $0.name == source.name }) { sources.append(source) }
            if !sources.isEmpty { asking.append((type, sources)) }
        }
        let commands = asking.flatMap(\.sources)
        guard !commands.isEmpty else { return [] }
        let knownWords = Set(Configuration.names(of: known + (configuration?.configuredProviders ?? [])))
            .union(commands.map(\.name))
        // The defaults name sources a binary may lack: those are no program's name either.
        let kinds = configuration?.kinds ?? Configuration.defaultKinds
        let written = configuration?.origins["kinds"] != nil
        let asked = words.askedPrograms(
            kinds: written ? kinds : kinds.filter(knownWords.contains), knownWords: knownWords)
        let cacheDirectory = StoragePaths(environment: variables).cacheDirectory
        var providers: [any MediaProvider] = []
        for (type, sources) in asking {
            providers += await type.providers(
                of: sources,
                describing: { name in
                    switch asked {
                    case .all: true
                    case .none: false
                    case .named(let words): words.contains(name)
                    }
                }, cacheDirectory: cacheDirectory)
        }
        // A program whose description breaks the rules (a filter named like one of our options,
        // one declared twice) is refused, alone, and says why when it is searched or listed.
        return providers.map { provider in
            guard
                let problem = ProviderRegistry.problem(with: provider, reservedNames: SearchCommand.reservedOptionNames)
            else { return provider }
            return RefusedProvider(kind: provider.kind, failure: .unavailable("refused: \(problem)"))
        }
    }

    /// The sources the config describes that offer filters, for `search`'s command line; a
    /// config that cannot be read gives none (the command reports it when it loads it), and a
    /// source whose filters would shadow an option of `search` gives none either.
    static func describedWithFilters(words: CommandLineWords, file: ConfigurationFile) -> [any MediaProvider] {
        guard words.mentionsSearch else { return [] }
        // Parsed here only when it can hold filters (the parse is the command's too).
        guard file.text?.contains("filters") == true, let configuration = try? file.configuration() else { return [] }
        return configuration.configuredProviders.filter { provider in
            !provider.filters.isEmpty
                && ProviderRegistry.problem(with: provider, reservedNames: SearchCommand.reservedOptionNames) == nil
        }
    }

    /// Which programs a command line asks to describe themselves.
    package enum AskedPrograms: Equatable {
        case none, all
        case named(Set<String>)
    }

    /// Prints help, versions and completion scripts to stdout, and parse errors as one line to stderr.
    private static func report(parseError error: any Error, arguments: [String], environment: CommandEnvironment)
        -> Int32
    {
        let console = environment.console
        let code = RootCommand.exitCode(for: error).rawValue
        if code == 0 {
            var text = RootCommand.fullMessage(for: error)
            // Not after the version, nor after the JSON of `--experimental-dump-help`, which tools
            // read whole.
            if !arguments.contains("--experimental-dump-help"), !arguments.contains("--version"),
                arguments.first == "search" || (arguments.first == "help" && arguments.dropFirst().first == "search")
            {
                // The kinds the config in effect enables; a config that cannot be read leaves the defaults.
                let configuration =
                    (try? environment.loadConfiguration(explicitPath: environment.configFile.explicitPath))
                    ?? Configuration()
                // With the sources the config describes (radio), as a search would have them.
                let all = environment.providers(configuration)
                let enabled = configuration.enabledProviders(all)
                text +=
                    "\n\n"
                    + FilterArguments.helpSection(for: all, enabled: enabled, width: environment.layoutWidth(nil))
            }
            console.out(text.hasSuffix("\n") ? text : text + "\n")
            return code
        }
        let commands = RootCommand.configuration.subcommands.map { $0._commandName }
        if let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) {
            let guess = DidYouMean.closest(to: first, among: commands).map { "; did you mean '\($0)'?" } ?? ""
            console.error("unknown command '\(first)'\(guess) (see 'mediasearch --help')")
            return ExitStatus.usage
        }
        // One line: a list of allowed values that ArgumentParser writes as bullets below the
        // message ("Please provide one of the following:" and six or more "  - text" lines) is
        // joined onto it, so the line still says what to type.
        let lines = RootCommand.message(for: error).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let choices = lines.dropFirst().filter { $0.hasPrefix("- ") }.map { $0.dropFirst(2) }
        var message = lines.first ?? "invalid usage"
        if !choices.isEmpty { message += " " + choices.joined(separator: ", ") }
        let hint =
            arguments.first.map(commands.contains) == true
            ? " (see 'mediasearch \(arguments[0]) --help')" : " (see 'mediasearch --help')"
        console.error(message.replacingOccurrences(of: "Error: ", with: "") + hint)
        return code == 1 ? ExitStatus.usage : code
    }
}
