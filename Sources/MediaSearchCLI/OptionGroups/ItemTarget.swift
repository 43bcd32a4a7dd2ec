import ArgumentParser
import MediaSearchCore

/// The item a command is about: an id (with its kind, when known) or the Nth result of the last
/// search; `show` and `preview` take it.
struct ItemTarget: ParsableArguments {
    @Argument(help: "The item's id (the id in search results).")
    var id: String?

    @Option(help: "The Nth result of the last search.")
    var result: Int?

    @Option(
        help:
            "The kind of the id (a provider, source or kind of media, as search takes); without it, every enabled kind that can look ids up is asked.",
        completion: CompletionWords.kind)
    var kind: String?

    func validate() throws {
        guard (id == nil) != (result == nil) else { throw ValidationError("give an id or --result N (one of them)") }
        if let id, id.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the id is blank") }
        if let result, result < 1 { throw ValidationError("--result starts at 1") }
    }

    var target: DetailTarget { id.map { .id($0, kind: kind) } ?? .result(result ?? 1) }
}
