import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// `mediasearch library`: what the offline library holds, and emptying it.
struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Show or clear the offline library of every record seen.",
        discussion: HelpText.paragraphs(
            """
            Every record a search or lookup receives is kept, so that `search --offline` and `show`
            answer without the network. `cache clear` leaves the library alone.

            Examples:
              mediasearch library
              mediasearch library --format json | jq .records
              mediasearch library clear
            """),
        subcommands: [Status.self, Clear.self], defaultSubcommand: Status.self)

    /// `mediasearch library [status]`.
    struct Status: ParsableCommand, ProviderCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Show records per kind, the size and the path (the default).")

        @OptionGroup var common: CommonOptions

        @OptionGroup var storeOption: StoreOption

        func execute(in environment: CommandEnvironment) async throws -> Int32 {
            let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
            let library = try await LibraryCommand.library(environment, configuration)
            let statistics = try await library.statistics()
            switch common.document {
            case .json:
                environment.console.out(try JSONOutput.encode(LibraryDocument(statistics, configuration)))
            case .text:
                var lines = [
                    "Library: \(statistics.path)\(configuration.libraryEnabled ? "" : " (off: library.enabled is false)")",
                    "Records: \(Formatting.grouped(statistics.records)) of at most "
                        + "\(Formatting.grouped(statistics.maxRecords)), \(Self.size(statistics.bytes))",
                ]
                let width = statistics.kinds.map(\.kind.count).max() ?? 0
                for kind in statistics.kinds {
                    let padding = String(repeating: " ", count: width - kind.kind.count)
                    lines.append("  \(kind.kind)\(padding)  \(Formatting.grouped(kind.records))")
                }
                environment.console.out(lines.joined(separator: "\n") + "\n")
            }
            for notice in library.takeNotices() { environment.console.notice(notice) }
            return ExitStatus.success
        }

        static func size(_ bytes: Int) -> String {
            bytes < 1_048_576
                ? "\(Formatting.grouped((bytes + 1023) / 1024)) KB"
                : "\(Formatting.number((Double(bytes) / 104_857.6).rounded() / 10)) MB"
        }
    }

    /// `mediasearch library clear`.
    struct Clear: ParsableCommand, ProviderCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Remove every record from the offline library.",
            discussion: "Example:\n  mediasearch library clear")

        @OptionGroup var common: CommonOptions

        @OptionGroup var storeOption: StoreOption

        func execute(in environment: CommandEnvironment) async throws -> Int32 {
            let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
            let library = try await LibraryCommand.library(environment, configuration)
            let removed = try await library.clear()
            switch common.document {
            case .json: environment.console.out(try JSONOutput.encode(["removed": removed]))
            case .text:
                environment.console.out(
                    "Removed \(Formatting.grouped(removed)) record\(removed == 1 ? "" : "s") from the library.\n")
            }
            for notice in library.takeNotices() { environment.console.notice(notice) }
            return ExitStatus.success
        }
    }

    /// The configured library, even when `library.enabled` is off (so it can still be read or cleared).
    static func library(_ environment: CommandEnvironment, _ configuration: Configuration)
        async throws(MediaSearchError)
        -> any LibraryStore
    {
        let session = try await environment.session(configuration)
        environment.announce(configuration)
        return session.library ?? session.shared?.library
            ?? LocalLibrary(
                MediaLibrary(
                    path: environment.paths.libraryFile, maxRecords: configuration.libraryMaxRecords,
                    payloadTypes: session.payloadTypes))
    }
}
