import ArgumentParser
import MediaSearchCore

/// `mediasearch`: the root of the command tree: the CLI's own commands, then those the
/// executable composes in (``MediaSearchCLI/main(providers:sourceTypes:stores:commands:)``: `serve`).
package struct RootCommand: ParsableCommand {
    package init() {}

    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mediasearch",
            abstract:
                "Search songs, movies, TV shows, books, audiobooks, podcasts and radio at many sources at once, from your terminal or browser.",
            discussion: HelpText.paragraphs(
                """
                Examples:
                  mediasearch search jack johnson
                  mediasearch search "star wars" --kind movie --limit 10
                  mediasearch search --director "Greta Gerwig"
                  mediasearch show --result 1
                  mediasearch search "star wars" --offline     # every record seen, offline
                  mediasearch serve --open                     # the web UI on 127.0.0.1:8080
                """),
            version: MediaSearchVersion.number,
            subcommands: [
                SearchCommand.self, ShowCommand.self, PreviewCommand.self, PickCommand.self, OpenCommand.self,
                ProvidersCommand.self,
                HistoryCommand.self,
                StarCommand.self, UnstarCommand.self, ListsCommand.self, ListCommand.self, SuggestCommand.self,
                CacheCommand.self, LibraryCommand.self, ConfigCommand.self,
            ] + MediaSearchCLI.composedCommands.withLock { $0 }
        )
    }
}
