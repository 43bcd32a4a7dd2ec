import MediaSearchITunes
import MediaSearchKit

extension SongProvider: DetailRenderer {
    /// Header, the song's own facts and links, the artist, and up to five of the artist's albums.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        await ITunesSections.detail(
            for: item, own: [song(item)], creatorLabel: "Artist", otherWorks: "album", context: context,
            tile: Self.albumTile)
    }

    func song(_ item: MediaItem) -> DetailSection {
        DetailSection(
            "Song",
            rows: [
                .plain("Album", item.itunes.collectionName),
                .position("Track", item.itunes.trackNumber, of: item.itunes.trackCount),
                .position("Disc", item.itunes.discNumber, of: item.itunes.discCount),
                .duration("Time", milliseconds: item.itunes.trackTimeMillis),
                .money("Track price", item.itunes.trackPrice, currency: item.currency),
                .money("Album price", item.itunes.collectionPrice, currency: item.currency),
                .status("Track explicitness", item.itunes.trackExplicitness),
                .status("Album explicitness", item.itunes.collectionExplicitness),
            ],
            links: [
                ("Preview", item.itunes.previewUrl), ("Artist page", item.itunes.artistViewUrl),
                ("Album page", item.itunes.collectionViewUrl),
                ("Track page", item.itunes.trackViewUrl),
            ]
        ).adding(ITunesSections.country(item))
    }

    /// A tile for an album among the artist's other works.
    @Sendable static func albumTile(_ album: MediaItem) -> Tile {
        Tile(
            item: album, kind: "album",
            facts: [
                .year("Year", album.releaseYear), .count("Tracks", album.itunes.trackCount, unit: "track"),
                .money("Price", album.itunes.collectionPrice, currency: album.currency),
            ])
    }
}
