import MediaSearchITunes
import MediaSearchKit

/// Music videos from the iTunes store (`media=musicVideo`, `entity=musicVideo`).
///
/// Off by default: add `music-video` to `kinds` in config.yaml to search it. Added only through
/// the public provider protocol, as a third party would.
public struct MusicVideoProvider: ITunesProvider {
    public let kind = "music-video"
    public let displayName = "Music videos"
    public let exampleTerm: String? = "u can't touch this"
    public let media = "musicVideo"
    public let entity = "musicVideo"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("artist", help: "only videos whose artist contains this", attribute: "artistTerm") {
                [$0.itunes.artistName]
            },
            .text("genre", help: "only videos of this genre, e.g. Pop") { [$0.itunes.primaryGenreName] },
        ]
    }

    public func accepts(_ item: MediaItem) -> Bool { item.itunes.kind == .musicVideo }

    public func tile(for item: MediaItem) -> Tile {
        Tile(
            item: item, kind: kind,
            facts: [
                .duration("Time", milliseconds: item.itunes.trackTimeMillis), .year("Year", item.releaseYear),
                .money("Price", item.itunes.trackPrice, currency: item.currency),
                .plain("Genre", item.itunes.primaryGenreName),
            ])
    }
}

extension MusicVideoProvider: DetailRenderer {
    /// Header, the video's facts and preview link, the artist, and up to five more of their videos.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        let video = DetailSection(
            "Music video",
            rows: [
                .duration("Time", milliseconds: item.itunes.trackTimeMillis),
                .money("Price", item.itunes.trackPrice, currency: item.currency),
                .status("Explicitness", item.itunes.trackExplicitness),
            ],
            links: [
                ("Preview", item.itunes.previewUrl), ("Artist page", item.itunes.artistViewUrl),
                ("Video page", item.itunes.trackViewUrl),
            ]
        ).adding(ITunesSections.country(item))
        return await ITunesSections.detail(
            for: item, own: [video], authorTitle: "artist", creatorLabel: "Artist", otherWorks: entity, context: context
        ) { tile(for: $0) }
    }
}
