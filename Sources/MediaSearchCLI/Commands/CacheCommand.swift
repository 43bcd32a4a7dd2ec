import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// `mediasearch cache`: manage the response cache.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Manage the on-disk cache of API responses.",
        subcommands: [Clear.self])

    /// `mediasearch cache clear`.
    struct Clear: ParsableCommand, ProviderCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Remove every cached response.", discussion: "Example:\n  mediasearch cache clear")

        @OptionGroup var common: CommonOptions

        @OptionGroup var storeOption: StoreOption

        func execute(in environment: CommandEnvironment) async throws -> Int32 {
            let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
            let removed = try await environment.session(configuration).responseCache().removeAllAnswers()
            switch common.document {
            case .json: environment.console.out(try JSONOutput.encode(["removed": removed]))
            case .text:
                environment.console.out("Removed \(removed) cached response\(removed == 1 ? "" : "s").\n")
            }
            return ExitStatus.success
        }
    }
}
