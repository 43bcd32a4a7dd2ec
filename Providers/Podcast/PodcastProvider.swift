import MediaSearchITunes
import MediaSearchKit

/// Podcasts from the iTunes store (`media=podcast`, `entity=podcast`).
public struct PodcastProvider: ITunesProvider {
    /// Episodes are heard from their publishers' own hosts, any of them.
    public var previewHosts: [String]? { nil }

    public let kind = "podcast"
    public let displayName = "Podcasts"
    public let exampleTerm: String? = "news"
    public let media = "podcast"
    public let entity = "podcast"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("author", help: "only podcasts whose publisher contains this", attribute: "authorTerm") {
                [$0.itunes.artistName]
            },
            .text("genre", help: "only podcasts in this genre, e.g. News") {
                [$0.itunes.primaryGenreName] + $0.itunes.genres
            },
        ]
    }

    /// Podcasts, and their episodes (which its detail view renders as episodes).
    public func accepts(_ item: MediaItem) -> Bool {
        item.itunes.kind == .podcast || item.itunes.wrapperType == .podcastEpisode
    }

    public func tile(for item: MediaItem) -> Tile {
        Tile(
            item: item, kind: kind,
            facts: [
                .count("Episodes", item.itunes.trackCount, unit: "episode"),
                .plain("Genre", item.itunes.primaryGenreName),
                .date("Latest episode", ReleaseDate.day(item.releaseDate), latest: true),
            ])
    }
}
