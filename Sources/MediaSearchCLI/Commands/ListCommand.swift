import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// `mediasearch lists`: every list, with how many items it holds.
struct ListsCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Show your lists and how many items each holds.",
        discussion: "Examples:\n  mediasearch lists\n  mediasearch lists --format json")

    @OptionGroup var common: CommonOptions
    @OptionGroup var storeOption: StoreOption

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
        let session = try await environment.session(configuration)
        let lists = try await session.lists.lists()
        switch common.document {
        case .json: JSONOutput.write(ListsDocument(lists: lists).json, to: environment.console.outBytes)
        case .text:
            environment.console.out(
                lists.isEmpty
                    ? "No lists yet: keep a result with mediasearch star --result N.\n"
                    : Self.table(lists, aligned: environment.console.stdoutIsTerminal))
        }
        return ExitStatus.success
    }

    /// One line a list, its name and how many items it holds: in columns on a terminal (the
    /// counts right-aligned), tab-separated for a program reading it, as gh prints its tables.
    static func table(_ lists: [ListSummary], aligned: Bool) -> String {
        let names = lists.map { TextSanitizer.line($0.name) }
        guard aligned else {
            return zip(names, lists).map { "\($0)\t\($1.count)" }.joined(separator: "\n") + "\n"
        }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        let countWidth = lists.map { String($0.count).count }.max() ?? 0
        return zip(names, lists).map { name, list in
            let count = String(list.count)
            return DisplayWidth.pad(name, to: nameWidth) + "  "
                + String(repeating: " ", count: countWidth - count.count)
                + count
        }.joined(separator: "\n") + "\n"
    }
}

/// `mediasearch list`: a list's items, as a search prints its results.
struct ListCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the items of a list (starred, or one you name), as a search shows results.",
        usage: "mediasearch list [<name>] [--format <format>] [<opts>]",
        discussion: HelpText.paragraphs(
            """
            Examples:
              mediasearch list
              mediasearch list "to watch" --format json
              mediasearch list --format m3u > starred.m3u
            """))

    @Argument(help: "The list (default: starred).")
    var name: String = ListName.starred

    @Option(help: "Layout width in columns (default: the terminal's, or $COLUMNS, or 80).")
    var width: Int?

    @Option(help: "text (tiles, on a terminal), lines (the default when piped), json, jsonl, csv, m3u or opml.")
    var format: ResultFormat?

    @OptionGroup var configOption: ConfigOption
    @OptionGroup var storeOption: StoreOption
    @OptionGroup var terminal: TerminalOptions

    func validate() throws {
        if let width, width < 20 || width > 1000 { throw ValidationError("--width takes 20 to 1000 columns") }
    }

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(
            explicitPath: configOption.config, store: storeOption.store)
        let session = try await environment.session(configuration)
        environment.announce(configuration)
        let list = try ListName.checked(name)
        let entries = try await session.listResults(list)
        let console = environment.console
        let empty = "The list \(list) is empty: keep a result with mediasearch star --result N"
        let chosen = format ?? (console.stdoutIsTerminal ? .text : .lines)
        if chosen == .json {
            JSONOutput.write(ListDocument(name: list, results: entries).json, to: console.outBytes)
        } else if let write = chosen.write {
            console.out(write(entries, list))
            if chosen == .m3u, !entries.isEmpty, Playlist(entries).entries.isEmpty {
                console.notice("nothing in \(list) can play")
            }
        } else {
            guard !entries.isEmpty else {
                console.out(empty + ".\n")
                return ExitStatus.success
            }
            let style = environment.textStyle(terminal.color)
            let layout = TileLayout(
                width: environment.layoutWidth(width), style: style, showArtwork: false,
                media: Dictionary(
                    environment.providers(configuration).map { ($0.kind, $0.mediaKind) },
                    uniquingKeysWith: { first, _ in first }))
            environment.show(
                layout.render(entries.map(\.tile)) + "\n"
                    + style.dim("\(entries.count) item\(entries.count == 1 ? "" : "s") in \(list)") + "\n",
                pager: !terminal.noPager)
        }
        if entries.isEmpty, format != .text, format != .json { console.notice(empty) }
        return ExitStatus.success
    }
}
