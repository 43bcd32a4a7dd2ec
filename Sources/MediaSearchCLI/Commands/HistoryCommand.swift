import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// `mediasearch history`: the last distinct queries, newest first (S10).
struct HistoryCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List recent searches, newest first, or clear them.",
        discussion: "Examples:\n  mediasearch history\n  mediasearch history --clear")

    @Flag(help: "Forget every recorded search.")
    var clear = false

    @OptionGroup var common: CommonOptions

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(explicitPath: common.config)
        let store = SearchSession.history(configuration: configuration, paths: environment.paths)
        if clear {
            try store.clear()
            if common.document == .json { environment.console.out(try JSONOutput.encode(["history": [String]()])) }
            return ExitStatus.success
        }
        let (terms, warning) = try store.entries()
        if let warning { environment.console.notice(warning) }
        switch common.document {
        case .json: environment.console.out(try JSONOutput.encode(["history": terms]))
        case .text:
            environment.console.out(
                terms.isEmpty
                    ? "No searches yet.\n"
                    : terms.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n") + "\n")
        }
        return ExitStatus.success
    }
}
