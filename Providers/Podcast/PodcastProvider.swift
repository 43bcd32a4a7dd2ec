import MediaSearchCore

/// Podcasts from the iTunes store (`media=podcast`, `entity=podcast`).
public struct PodcastProvider: ITunesProvider {
    public let kind = "podcast"
    public let displayName = "Podcasts"
    public let media = "podcast"
    public let entity = "podcast"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("author", help: "only podcasts whose publisher contains this", attribute: "authorTerm") {
                [$0.artistName]
            },
            .text("genre", help: "only podcasts in this genre, e.g. News") { [$0.primaryGenreName] + $0.genres },
        ]
    }

    /// Podcasts, and their episodes (which its detail view renders as episodes).
    public func accepts(_ item: MediaItem) -> Bool {
        item.itunes?.kind == .podcast || item.itunes?.wrapperType == .podcastEpisode
    }

    public func tile(for item: MediaItem) -> Tile {
        Tile(
            item: item, kind: kind,
            summary: [
                Formatting.count(item.trackCount, "episode"),
                item.primaryGenreName,
                ReleaseDate.day(item.releaseDate).map { "latest \($0)" },
            ])
    }
}
