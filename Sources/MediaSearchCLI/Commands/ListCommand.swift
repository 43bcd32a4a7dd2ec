import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// `mediasearch lists`: every list with how many items it holds (`show`, the default), and making,
/// renaming and deleting lists (#75 item 5).
struct ListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Show your lists and how many items each holds; make, rename or delete one.",
        discussion: HelpText.paragraphs(
            """
            Examples:
              mediasearch lists
              mediasearch lists --format json
              mediasearch lists create "to watch"
              mediasearch lists rename "to watch" watched
              mediasearch lists delete watched --yes
            """),
        subcommands: [
            ListsShowCommand.self, ListsCreateCommand.self, ListsRenameCommand.self, ListsDeleteCommand.self,
        ],
        defaultSubcommand: ListsShowCommand.self)
}

/// `mediasearch lists [show]`: every list, with how many items it holds.
struct ListsShowCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show your lists and how many items each holds.",
        discussion: "Examples:\n  mediasearch lists\n  mediasearch lists --format json")

    @OptionGroup var common: CommonOptions
    @OptionGroup var storeOption: StoreOption

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
        let session = try await environment.session(configuration)
        let lists = try await session.allLists()
        switch common.document {
        case .json: JSONOutput.write(ListsDocument(lists: lists).json, to: environment.console.outBytes)
        case .text:
            environment.console.out(Self.table(lists, aligned: environment.console.stdoutIsTerminal))
            // What to do with them, on stderr (the table stays the lists alone for a script).
            if lists.allSatisfy({ $0.count == 0 }) {
                environment.console.notice("nothing kept yet: keep a result with mediasearch star --result N")
            }
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

/// What `lists create`, `rename` and `delete` share: the config and the store whose lists they change.
protocol ListsChange: ProviderCommand {
    var configOption: ConfigOption { get }
    var storeOption: StoreOption { get }
}

extension ListsChange {
    func session(_ environment: CommandEnvironment) async throws -> SearchSession {
        try await environment.session(
            environment.loadConfiguration(explicitPath: configOption.config, store: storeOption.store))
    }
}

/// `mediasearch lists create NAME`: a new, empty list.
struct ListsCreateCommand: ParsableCommand, ListsChange {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Make a new, empty list.",
        discussion:
            "Examples:\n  mediasearch lists create \"to watch\"\n  mediasearch star --result 2 --list \"to watch\"")

    @Argument(
        help: "The list's name: a letter or a digit, then up to 59 letters, digits, spaces, '.', '_', \"'\" or '-'.")
    var name: String

    @OptionGroup var configOption: ConfigOption
    @OptionGroup var storeOption: StoreOption

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let made = try await session(environment).createList(name)
        environment.console.out("Made the list '\(TextSanitizer.line(made))'.\n")
        return ExitStatus.success
    }
}

/// `mediasearch lists rename OLD NEW`: a list under another name, its items with it.
struct ListsRenameCommand: ParsableCommand, ListsChange {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a list another name; its items go with it.",
        discussion: "Examples:\n  mediasearch lists rename \"to watch\" watched")

    @Argument(help: "The list.")
    var name: String

    @Argument(help: "Its new name.")
    var newName: String

    @OptionGroup var configOption: ConfigOption
    @OptionGroup var storeOption: StoreOption

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let renamed = try await session(environment).renameList(name, to: newName)
        environment.console.out(
            "Renamed the list '\(TextSanitizer.line(try ListName.checked(name)))' to '\(TextSanitizer.line(renamed))'.\n"
        )
        return ExitStatus.success
    }
}

/// `mediasearch lists delete NAME [--yes]`: a list gone, with its items when `--yes` says so.
struct ListsDeleteCommand: ParsableCommand, ListsChange {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a list (one that holds items only with --yes).",
        discussion: "Examples:\n  mediasearch lists delete watched\n  mediasearch lists delete \"to watch\" --yes")

    @Argument(help: "The list.")
    var name: String

    @Flag(name: [.customShort("y"), .long], help: "Delete it with the items it holds.")
    var yes = false

    @OptionGroup var configOption: ConfigOption
    @OptionGroup var storeOption: StoreOption

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let list = try ListName.checked(name)
        let held = try await session(environment).deleteList(list, withItems: yes)
        let items = held == 0 ? "" : " and its \(held) item\(held == 1 ? "" : "s")"
        environment.console.out("Deleted the list '\(TextSanitizer.line(list))'\(items).\n")
        return ExitStatus.success
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
