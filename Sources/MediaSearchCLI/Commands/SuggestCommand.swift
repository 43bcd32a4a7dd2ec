import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// `mediasearch suggest <text>`: history entries containing the text, ignoring case (S11).
struct SuggestCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Suggest earlier searches containing the text, then titles and creators seen.",
        usage: "mediasearch suggest [<text> ...] [--format <format>] [<options>]",
        discussion: HelpText.paragraphs(
            """
            Earlier searches come first (any that contain the text, ignoring case), then titles and
            creators from the offline library with words that start with the text's words.

            Examples:
              mediasearch suggest scor     # The Score, Scorpions, underscore, Scorpion King
            """))

    @Argument(help: "Part of an earlier search.")
    var text: [String] = []

    @OptionGroup var common: CommonOptions

    @OptionGroup var storeOption: StoreOption

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
        let matches = try await environment.session(configuration).suggestions(for: text.joined(separator: " "))
        switch common.document {
        case .json: environment.console.out(try JSONOutput.encode(["suggestions": matches]))
        case .text:
            // Nothing to offer is said on stderr, so a script reading stdout still reads nothing.
            guard !matches.isEmpty else {
                let asked = TextSanitizer.line(text.joined(separator: " "))
                environment.console.notice(
                    asked.isEmpty
                        ? "nothing to suggest: no earlier searches and no kept titles yet"
                        : "nothing to suggest for '\(asked)': no earlier search, title or name starts with it")
                return ExitStatus.success
            }
            environment.console.out(matches.joined(separator: "\n") + "\n")
        }
        return ExitStatus.success
    }
}
