import ArgumentParser
import Foundation
import MediaSearchCore

/// `mediasearch pick [TERM]`: `search -i` under a name of its own (#73 item 2): the full-screen
/// picker over a search, with every option `search` takes.
struct PickCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Pick from a search's results in a full-screen list, with each one's cover.",
        discussion: HelpText.paragraphs(
            """
            Examples:
              mediasearch pick daft punk
              mediasearch pick --kind movie alien
              mediasearch pick                   # type a term, Enter searches

            The same as search -i: it takes every option search takes. Results stream in as each
            source answers; typing filters them, Enter on a new term searches again, Enter opens
            the selected result's detail; o opens its store page, p plays its preview, s stars it,
            ? lists the keys, q or Esc goes back or quits. The terminal is given back as it was on
            every way out (q, Ctrl-C, SIGTERM).
            """))

    @Argument(parsing: .captureForPassthrough, help: "A term and search's options (mediasearch search --help).")
    var arguments: [String] = []

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        // The arguments pass through whole, so pick's own help is asked here.
        if arguments.first == "-h" || arguments.first == "--help" || arguments == ["help"] {
            environment.console.out(Self.helpMessage())
            return ExitStatus.success
        }
        let search = try SearchCommand.parse(arguments + ["--interactive"])
        try search.validate()
        return try await search.execute(in: environment)
    }
}
