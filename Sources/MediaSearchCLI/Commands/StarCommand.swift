import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// Which item `star` and `unstar` are about, and in which list.
struct ListItemOptions: ParsableArguments {
    @Argument(help: "The item's id (the id in search results).")
    var id: String?

    @Option(help: "The Nth result of the last search.")
    var result: Int?

    @Option(
        name: [.customShort("k"), .long],
        help: "The kind of the id (a provider, source or kind of media, as search takes).",
        completion: CompletionWords.kind)
    var kind: String?

    @Option(help: "The list (default: starred).")
    var list: String = ListName.starred

    @OptionGroup var configOption: ConfigOption
    @OptionGroup var storeOption: StoreOption

    func validate() throws {
        guard (id == nil) != (result == nil) else { throw ValidationError("give an id or --result N (one of them)") }
        if let id, id.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the id is blank") }
        if let result, result < 1 { throw ValidationError("--result starts at 1") }
    }

    var target: DetailTarget { id.map { .id($0, kind: kind) } ?? .result(result ?? 1) }

    /// The session of the command, and the list's name checked.
    func session(in environment: CommandEnvironment) async throws -> (SearchSession, String) {
        let configuration = try environment.loadConfiguration(
            explicitPath: configOption.config, store: storeOption.store)
        return (try await environment.session(configuration), try ListName.checked(list))
    }
}

/// `mediasearch star`: keeps an item in a list, with its whole record (#61).
struct StarCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "star",
        abstract: "Keep an item in a list (starred, or one you name).",
        usage: "mediasearch star (<id> [-k <kind>] | --result <n>) [--list <name>]",
        discussion: HelpText.paragraphs(
            """
            A list keeps each item's whole record: it shows offline and outlives `cache clear` and `library clear`.

            Examples:
              mediasearch star --result 2
              mediasearch star 1469577741 --kind song
              mediasearch star --result 1 --list "to watch"
            """))

    @OptionGroup var item: ListItemOptions

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let (session, name) = try await item.session(in: environment)
        let (kind, found, added) = try await session.star(item.target, list: name)
        let title = TextSanitizer.line(found.title ?? found.id)
        environment.console.out(
            added
                ? "Kept \(title) (\(kind) \(TextSanitizer.line(found.id))) in \(name).\n"
                : "\(title) (\(kind) \(TextSanitizer.line(found.id))) is in \(name) already.\n")
        return ExitStatus.success
    }
}

/// `mediasearch unstar`: takes an item off a list.
struct UnstarCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "unstar",
        abstract: "Take an item off a list.",
        usage: "mediasearch unstar (<id> [-k <kind>] | --result <n>) [--list <name>]",
        discussion: "Examples:\n  mediasearch unstar 1469577741\n  mediasearch unstar --result 2 --list \"to watch\"")

    @OptionGroup var item: ListItemOptions

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let (session, name) = try await item.session(in: environment)
        let removed = try await session.unstar(item.target, list: name)
        environment.console.out(
            "Took \(TextSanitizer.line(removed.item.title ?? removed.item.id)) (\(removed.kind) "
                + "\(TextSanitizer.line(removed.item.id))) off \(name).\n")
        return ExitStatus.success
    }
}
