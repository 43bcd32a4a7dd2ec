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
                ("Album", item.itunes.collectionName),
                ("Track", Self.position(item.itunes.trackNumber, of: item.itunes.trackCount)),
                ("Disc", Self.position(item.itunes.discNumber, of: item.itunes.discCount)),
                ("Time", Formatting.duration(milliseconds: item.itunes.trackTimeMillis)),
                ("Track price", Formatting.price(item.itunes.trackPrice, currency: item.currency)),
                ("Album price", Formatting.price(item.itunes.collectionPrice, currency: item.currency)),
                ("Track explicitness", Formatting.explicitness(item.itunes.trackExplicitness)),
                ("Album explicitness", Formatting.explicitness(item.itunes.collectionExplicitness)),
            ],
            links: [
                ("Preview", item.itunes.previewUrl), ("Artist page", item.itunes.artistViewUrl),
                ("Album page", item.itunes.collectionViewUrl),
                ("Track page", item.itunes.trackViewUrl),
            ]
        ).adding(ITunesSections.country(item))
    }

    /// `3 of 10`, or just `3` when the count is unknown.
    static func position(_ number: Int?, of count: Int?) -> String? {
        guard let number else { return nil }
        return count.map { "\(number) of \($0)" } ?? String(number)
    }

    /// A tile for an album among the artist's other works.
    @Sendable static func albumTile(_ album: MediaItem) -> Tile {
        Tile(
            item: album, kind: "album",
            summary: [
                album.releaseYear.map(String.init), Formatting.count(album.itunes.trackCount, "track"),
                Formatting.price(album.itunes.collectionPrice, currency: album.currency),
            ])
    }
}
