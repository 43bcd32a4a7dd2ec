import MediaSearchITunes
import MediaSearchKit

/// Podcast episodes from the iTunes store, across every podcast (`media=podcast`,
/// `entity=podcastEpisode`; #74 item 4): each tile names its show, its date and its length, and
/// plays the whole episode, from its publisher's host.
///
/// Off by default: add `podcast-episode` to `kinds` in config.yaml to search it. Sorted by date
/// (`--sort date`) it reads as what is new; `--show` keeps one podcast's episodes (Apple's search
/// has no such attribute, so it is matched on the answer).
public struct PodcastEpisodeProvider: ITunesProvider {
    /// Episodes are heard from their publishers' own hosts, any of them.
    public var previewHosts: [String]? { nil }

    public let kind = "podcast-episode"
    public let displayName = "Podcast episodes"
    public let exampleTerm: String? = "news"
    public let media = "podcast"
    public let entity = "podcastEpisode"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("show", help: "only episodes of a podcast whose name contains this") {
                [$0.itunes.collectionName]
            }
        ]
    }

    public func accepts(_ item: MediaItem) -> Bool {
        item.itunes.wrapperType == .podcastEpisode || item.itunes.kind == .podcastEpisode
    }

    /// The show stands where a creator would, then the date and the length.
    public func tile(for item: MediaItem) -> Tile {
        var tile = Tile(
            item: item, kind: kind, subtitle: item.itunes.collectionName ?? item.creator,
            facts: [
                .date("Date", ReleaseDate.day(item.releaseDate)),
                .duration("Duration", milliseconds: item.durationMilliseconds),
            ])
        // The whole episode: Apple gives its audio as the preview too (the detail plays the same).
        tile.previewUrl = (item.previewURL ?? item.itunes.episodeUrl).flatMap(SafeURL.http)
        return tile
    }
}

extension PodcastEpisodeProvider: DetailRenderer {
    /// The episode as a podcast's detail shows one: the header (its description), its show,
    /// length and links, the audio first.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        PodcastProvider().episode(item)
    }
}
