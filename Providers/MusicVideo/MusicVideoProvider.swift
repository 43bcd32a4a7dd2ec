import MediaSearchCore

/// Music videos from the iTunes store (`media=musicVideo`, `entity=musicVideo`).
///
/// Off by default: add `music-video` to `kinds` in config.yaml to search it. Added only through
/// the public provider protocol, as a third party would.
public struct MusicVideoProvider: ITunesProvider {
    public let kind = "music-video"
    public let displayName = "Music videos"
    public let media = "musicVideo"
    public let entity = "musicVideo"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("artist", help: "only videos whose artist contains this", attribute: "artistTerm") {
                [$0.artistName]
            },
            .text("genre", help: "only videos of this genre, e.g. Pop") { [$0.primaryGenreName] },
        ]
    }

    public func accepts(_ item: MediaItem) -> Bool { item.itunes?.kind == .musicVideo }

    public func tile(for item: MediaItem) -> Tile {
        Tile(
            item: item, kind: kind,
            summary: [
                Formatting.duration(milliseconds: item.trackTimeMillis), item.releaseYear.map(String.init),
                Formatting.price(item.trackPrice, currency: item.currency), item.primaryGenreName,
            ])
    }
}

extension MusicVideoProvider: DetailRenderer {
    /// Header, the video's facts and preview link, the artist, and up to five more of their videos.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        let video = DetailSection(
            "Music video",
            rows: [
                ("Time", Formatting.duration(milliseconds: item.trackTimeMillis)),
                ("Price", Formatting.price(item.trackPrice, currency: item.currency)),
                ("Explicitness", Formatting.explicitness(item.trackExplicitness)), ("Country", item.country),
            ],
            links: [
                ("Preview", item.previewUrl), ("Artist page", item.artistViewUrl), ("Video page", item.trackViewUrl),
            ])
        return await StandardSections.detail(
            for: item, own: [video], authorTitle: "artist", creatorLabel: "Artist", otherWorks: entity, context: context
        ) { tile(for: $0) }
    }
}
