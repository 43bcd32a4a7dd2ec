import MediaSearchCore

extension SongProvider: DetailRenderer {
    /// Header, the song's own facts and links, the artist, and up to five of the artist's albums.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        await StandardSections.detail(
            for: item, own: [song(item)], creatorLabel: "Artist", otherWorks: "album", context: context,
            tile: Self.albumTile)
    }

    func song(_ item: MediaItem) -> DetailSection {
        DetailSection(
            "Song",
            rows: [
                ("Album", item.collectionName),
                ("Track", Self.position(item.trackNumber, of: item.trackCount)),
                ("Disc", Self.position(item.discNumber, of: item.discCount)),
                ("Time", Formatting.duration(milliseconds: item.trackTimeMillis)),
                ("Track price", Formatting.price(item.trackPrice, currency: item.currency)),
                ("Album price", Formatting.price(item.collectionPrice, currency: item.currency)),
                ("Track explicitness", Formatting.explicitness(item.trackExplicitness)),
                ("Album explicitness", Formatting.explicitness(item.collectionExplicitness)), ("Country", item.country),
            ],
            links: [
                ("Preview", item.previewUrl), ("Artist page", item.artistViewUrl),
                ("Album page", item.collectionViewUrl),
                ("Track page", item.trackViewUrl),
            ])
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
                album.releaseYear.map(String.init), Formatting.count(album.trackCount, "track"),
                Formatting.price(album.collectionPrice, currency: album.currency),
            ])
    }
}
