import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit
import MediaSearchSpawn

extension ResultSort: ExpressibleByArgument {}

/// `mediasearch search`: searches every enabled kind at once and prints the results as tiles.
package struct SearchCommand: ParsableCommand, ProviderCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search all enabled kinds at once.",
        discussion: HelpText.paragraphs(
            """
            Examples:
              mediasearch search jack johnson
              mediasearch search "star wars" --kind movie --sort date --reverse
              mediasearch search beatles --kind song --artist "The Beatles" --limit 50
              mediasearch search --author "Stephen King" --kind audiobook
              mediasearch search love --page 2
              mediasearch search jazz --format json | jq '.results[0]'
              mediasearch search jack johnson --format csv > results.csv
              mediasearch search jazz --kind radio --format m3u > radio.m3u
            """))

    /// Long option names of `search` itself; provider filters may not use them.
    package static let reservedOptionNames: Set<String> = [
        "kind", "limit", "offset", "page", "country", "lang", "explicit", "no-explicit", "sort", "reverse", "group",
        "width", "artwork", "uncensored", "config", "format", "no-cache", "refresh", "no-wait", "verbose", "help",
        "version", "term", "color", "no-pager", "offline", "source", "store", "interactive",
    ]

    @Argument(help: "What to search for; several words are one term.")
    package var term: [String] = []

    @Option(
        name: [.customShort("k"), .customLong("kind")],
        help: "Search only this kind: a kind of media (song), a provider or a source (repeat or separate with commas).",
        completion: CompletionWords.kind)
    var kinds: [String] = []

    @Option(
        name: .customLong("source"),
        help: "Ask only this source, e.g. deezer or itunes (repeat or separate with commas).")
    var sources: [String] = []

    @Option(name: [.customShort("n"), .long], help: "Results per kind, 1-200 (default from config, 30).")
    var limit: Int?

    @Option(help: "Skip this many results of each kind.")
    var offset: Int?

    @Option(name: [.customShort("p"), .long], help: "Page of results; page N starts at (N-1) x limit.")
    var page: Int?

    @Option(
        name: [.customShort("c"), .long], help: "Storefront, a two-letter country code such as US or GB.",
        completion: CompletionWords.country)
    var country: String?

    @Option(help: "Language of results: en_us or ja_jp.", completion: CompletionWords.language)
    var lang: String?

    @Flag(inversion: .prefixedNo, help: "Include explicit content (default from config).")
    var explicit: Bool?

    @Option(
        name: [.customShort("s"), .long],
        help: "The order of the results: title and artist A to Z, price lowest first, date oldest first.")
    var sort: ResultSort = .relevance

    @Flag(name: [.customShort("r"), .long], help: "Reverse the order.")
    var reverse = false

    @Flag(help: "One section per kind instead of one interleaved list.")
    var group = false

    @Option(help: "Layout width in columns (default: the terminal's, or $COLUMNS, or 80).")
    var width: Int?

    @Flag(
        name: [.customShort("i"), .long],
        help: "Pick from the results in a full-screen list as they come, with each one's cover (as pick).")
    package var interactive = false

    @Flag(help: "Show each tile's artwork link.")
    var artwork = false

    @Flag(help: "Show names uncensored even when explicit content is off.")
    var uncensored = false

    @Option(help: ArgumentHelp(ResultFormat.helpList + "."))
    var format: ResultFormat?

    @OptionGroup var common: ConfigOption

    @OptionGroup var storeOption: StoreOption
    @OptionGroup var terminal: TerminalOptions
    @OptionGroup var network: NetworkOptions

    package func validate() throws {
        if let country, CountryCode.normalize(country) == nil {
            throw ValidationError("--country takes a two-letter country code such as US or GB, not '\(country)'")
        }
        if let lang, LanguageCode.normalize(lang) == nil {
            throw ValidationError(
                "--lang takes one of \(LanguageCode.supported.joined(separator: ", ")), not '\(lang)'")
        }
        if interactive, format != nil {
            throw ValidationError("--interactive (pick) shows the results itself: no --format")
        }
        if let page, page < 1 { throw ValidationError("--page starts at 1") }
        if let offset, offset < 0 { throw ValidationError("--offset cannot be negative") }
        if let width, width < 20 || width > 1000 { throw ValidationError("--width takes 20 to 1000 columns") }
        if page != nil && offset != nil { throw ValidationError("use --page or --offset, not both") }
        if kinds.contains(where: { $0.allSatisfy { $0 == "," || $0.isWhitespace } }) {
            throw ValidationError("--kind needs a kind name, e.g. --kind song")
        }
    }

    package func execute(in environment: CommandEnvironment) async throws -> Int32 {
        SearchSession.prepare(network: !network.offline)
        let console = environment.console
        let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
        let session = try await environment.session(configuration, network: network)
        environment.announce(configuration)
        let request = makeRequest(configuration, filters: environment.filterArguments)
        if interactive {
            return try await PickerLoop(
                session: session, request: request, order: ResultOrder(sort: sort, reversed: reverse, grouped: false),
                environment: environment, offline: network.offline
            ).run()
        }
        let spinner = Spinner(
            console: console, kinds: [], enabled: console.stderrIsTerminal || network.verbose,
            animated: console.stderrIsTerminal, waits: environment.waits)
        let order = ResultOrder(sort: sort, reversed: reverse, grouped: group)
        let chosen = format ?? (console.stdoutIsTerminal ? .text : .lines)
        var stream = StreamedResults(
            format: chosen, console: console, width: environment.layoutWidth(width),
            style: environment.textStyle(terminal.color), artwork: artwork)
        let page: SearchPage
        do {
            // Tiles on a terminal are shown whole (through the pager when they fill the screen)
            // unless a source is still pending half a second after the first answered.
            let search = try session.stream(
                request, order: order, offline: network.offline, uncensored: uncensored,
                patience: StreamedResults.patience(for: chosen, order: order, page: request.page),
                progress: { spinner.finished($0) })
            // Lines, JSON lines and tiles are written as each source answers, in the order shown;
            // a sorted or grouped page, a later page (it may repeat the one before) and the
            // formats that are one document wait for every source.
            stream.enabled = StreamedResults.patience(for: chosen, order: order, page: search.request.page) != nil
            stream.media = search.plan.mediaKinds
            spinner.start(kinds: search.plan.map(\.provider.kind))
            var finished: SearchPage?
            for try await event in search.events {
                switch event {
                case .arrived(let arrival):
                    if stream.show(arrival, spinner: spinner) { spinner.resume() }
                case .finished(let done):
                    finished = done
                }
            }
            spinner.stop()
            guard let finished else {
                // Interrupted: the search keeps what it showed before the command ends.
                await search.ended()
                throw MediaSearchError.cancelled
            }
            page = finished
        } catch {
            spinner.stop()
            throw error
        }
        let output = SearchOutput(
            page: page, commandLine: nextPageCommand(page.request, defaultLimit: configuration.limit))
        if chosen == .json {
            JSONOutput.write(output.document().json, to: console.outBytes)
        } else if let write = chosen.write {
            // A page that repeats the page before writes nothing of it; what streamed is written.
            let results = page.repeatsPrevious ? [] : page.results
            let written = write(results, page.request.term ?? page.request.historyText)
            if !stream.wrote { console.out(written) }
            if let empty = output.emptyMessage {
                console.notice(empty)
            } else if let nothing = chosen.nothingToWrite(in: results, written: written) {
                console.notice(nothing)
            }
            if chosen == .lines, page.repeatsPrevious {
                console.notice("no more results: page \(page.request.page) repeats page \(page.request.page - 1)")
            }
        } else {
            if stream.wrote {
                // The tiles are on the screen already: what is left is the footer.
                console.out(output.footer(style: stream.style, late: stream.late, width: stream.width))
                if let empty = output.emptyMessage { console.notice(empty) }
            } else {
                environment.show(
                    output.text(width: stream.width, style: stream.style, artwork: artwork), pager: !terminal.noPager)
            }
        }
        for failure in page.outcome.failures {
            // The error says what happened; what the terminal can do about it is said here.
            let hint =
                if case .budgetExhausted = failure.error { " (without --no-wait, mediasearch waits)" } else { "" }
            // Named by kind of media, as the footer names it; the error names the source.
            console.error("\(output.mediaWords(of: failure.kinds)): \(failure.error.description)\(hint)")
        }
        for reason in page.offline?.reasons ?? [] {
            console.error("\(output.mediaWords(of: reason.kinds)): \(reason.error)")
        }
        if let offline = page.offline { console.notice(offline.summary) }
        if let unreachable = page.unreachable, page.offline == nil {
            console.error(Self.advice(unreachable))
        }
        for notice in page.notices { console.notice(notice) }
        if let offline = page.offline, offline.fallback {
            return offline.results > 0 ? ExitStatus.partial : ExitStatus.unavailable
        }
        if page.outcome.allFailed { return ExitStatus.unavailable }
        if page.outcome.hasFailures { return ExitStatus.partial }
        return page.saved ? ExitStatus.success : ExitStatus.cannotWrite
    }

    /// What to do when no source could be reached: the library, else the recorded demo.
    static func advice(_ unreachable: Unreachable) -> String {
        let next =
            !unreachable.libraryEnabled
            ? "the offline library is off (library.enabled: false), so --offline cannot answer either"
            : unreachable.records == 0
                ? "nothing has been seen yet for --offline to search" : "--offline searches what was seen before"
        return "could not reach \(unreachable.host); is this machine online? Meanwhile, \(next); to try MediaSearch"
            + " without a network, run the recorded demo (\"Try it in two minutes\" in the README)"
    }

    /// The request as typed; the session clamps its limit and plans it.
    private func makeRequest(_ configuration: Configuration, filters: [String: String]) -> SearchRequest {
        let kindList = kinds.flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        var request = SearchRequest(
            term: term.isEmpty ? nil : term.joined(separator: " "), filters: filters,
            kinds: kindList.isEmpty ? nil : kindList, limit: limit, offset: offset ?? 0,
            country: country.flatMap(CountryCode.normalize) ?? configuration.country,
            lang: lang.flatMap(LanguageCode.normalize) ?? configuration.lang,
            explicit: explicit ?? configuration.explicit)
        request.page = page ?? 1
        let sourceList = sources.flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }.filter { !$0.isEmpty }
        if !sourceList.isEmpty { request.sources = sourceList }
        return request
    }

    /// The command of the next page: this command as typed, with everything that shapes the
    /// results (kinds, sources, filters, storefront, order, config, offline), one page on.
    package func nextPageCommand(_ request: SearchRequest, defaultLimit: Int) -> String {
        // A search word that starts with '-' would be read as an option: such words go last, after `--`.
        let guarded = term.contains { $0.hasPrefix("-") }
        var words = ["mediasearch", "search"] + (guarded ? [] : term.map(Self.quoted))
        for kind in kinds { words += ["--kind", Self.quoted(kind)] }
        for source in sources { words += ["--source", Self.quoted(source)] }
        for (name, value) in request.filters.sorted(by: { $0.key < $1.key }) {
            words += ["--\(name)", Self.quoted(value)]
        }
        // Asked by offset, the next page is the next offset, which needs one limit for every kind.
        // The limit as the session clamped it (1 to 200), so the next offset follows this page.
        let perPage = limit.map { _ in request.limit ?? defaultLimit } ?? (offset == nil ? nil : defaultLimit)
        if let perPage { words += ["--limit", String(perPage)] }
        if let country { words += ["--country", Self.quoted(country)] }
        if let lang { words += ["--lang", Self.quoted(lang)] }
        if let explicit { words.append(explicit ? "--explicit" : "--no-explicit") }
        if sort != .relevance { words += ["--sort", sort.rawValue] }
        if reverse { words.append("--reverse") }
        if group { words.append("--group") }
        if uncensored { words.append("--uncensored") }
        if network.offline { words.append("--offline") }
        if let config = common.config { words += ["--config", Self.quoted(config)] }
        if let offset, let perPage {
            let (next, overflow) = offset.addingReportingOverflow(perPage)
            words += ["--offset", String(overflow ? Int.max : next)]
        } else {
            let (next, overflow) = request.page.addingReportingOverflow(1)
            words += ["--page", String(overflow ? request.page : next)]
        }
        if guarded { words += ["--"] + term.map(Self.quoted) }
        return words.joined(separator: " ")
    }

    private static func quoted(_ word: String) -> String { ShellWord.quoted(word) }
}

extension SearchCommand {
    /// The command `search word…` when every word is a plain one (not empty, not starting with
    /// `-`), made without ArgumentParser: such a line sets no option, so it is the term and every
    /// option's default. This is how a search is typed most of the time, and parsing it cost a
    /// new process 3-4 ms of a cached search of about 20 (ArgumentParser reflects over the
    /// command's options, and each new type it meets costs a scan of the runtime's conformance
    /// records; BENCHMARKS.md, "Searches as typed"). `nil` for any other line, which
    /// ArgumentParser parses.
    ///
    /// Every option is set here to the default its declaration gives; a test compares this
    /// command with ArgumentParser's for the same lines, so an option added or changed without
    /// this is caught (an option left unset would stop the process when read).
    package static func plain(_ arguments: [String]) -> SearchCommand? {
        guard arguments.count > 1, arguments[0] == "search",
            arguments.dropFirst().allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") })
        else { return nil }
        var command = SearchCommand()
        command.term = Array(arguments.dropFirst())
        command.kinds = []
        command.sources = []
        command.limit = nil
        command.offset = nil
        command.page = nil
        command.country = nil
        command.lang = nil
        command.explicit = nil
        command.sort = .relevance
        command.reverse = false
        command.group = false
        command.width = nil
        command.interactive = false
        command.artwork = false
        command.uncensored = false
        command.format = nil
        var common = ConfigOption()
        common.config = nil
        command.common = common
        var store = StoreOption()
        store.store = nil
        command.storeOption = store
        var terminal = TerminalOptions()
        terminal.color = .auto
        terminal.noPager = false
        command.terminal = terminal
        var network = NetworkOptions()
        network.noCache = false
        network.refresh = false
        network.noWait = false
        network.offline = false
        network.verbose = false
        command.network = network
        return command
    }
}
