import MediaSearchITunes
import MediaSearchKit

extension AlbumProvider: DetailRenderer {
    /// Header with the large artwork, the album's facts, its track list (one lookup), then the
    /// artist and up to five of their other albums (one more lookup for both).
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        async let tracks = StandardSections.attempt("tracks") { try await trackList(of: item, context: context) }
        async let author = ITunesSections.authorBlock(
            for: item, authorTitle: "artist", otherWorks: entity,
            worksTitle: "Other albums by {name}",
            context: context
        ) { tile(for: $0) }
        let album = DetailSection(
            "Album",
            rows: [
                .count("Tracks", item.itunes.trackCount, unit: "track"),
                .money("Price", item.itunes.collectionPrice, currency: item.currency),
                .status("Explicitness", item.itunes.collectionExplicitness), .plain("Copyright", item.itunes.copyright),
            ],
            links: [("Artist page", item.itunes.artistViewUrl)]
        ).adding(ITunesSections.country(item))
        let (trackSection, trackNotice) = await tracks
        let (authorSections, authorNotice) = await author
        return Detail(
            sections: [StandardSections.header(for: item, creatorLabel: "Artist"), album, trackSection].compactMap {
                $0
            }
                + authorSections,
            notices: [trackNotice, authorNotice].compactMap { $0 })
    }

    /// The album's songs in order, each a tile with its number and time; the lookup answers the
    /// album first, then its tracks.
    func trackList(of item: MediaItem, context: ProviderContext) async throws -> DetailSection? {
        guard let collectionId = item.itunes.collectionId else { return nil }
        let records = try await context.itunes.lookup(
            ITunesLookupParameters(ids: [collectionId], entity: "song", limit: 200, country: context.country))
        let songs = records.filter { $0.itunes.wrapperType == .track && $0.itunes.collectionId == collectionId }
            .sorted { Self.position(of: $0) < Self.position(of: $1) }
        return DetailSection("Tracks", items: songs.map(Self.trackTile))
    }

    /// Where a song sits on the album: disc, then track; unknown numbers last.
    static func position(of song: MediaItem) -> (Int, Int) {
        (song.itunes.discNumber ?? 1, song.itunes.trackNumber ?? .max)
    }

    /// A track of the list: its number and time, and its id for `show`; the artist is the album's.
    @Sendable static func trackTile(_ song: MediaItem) -> Tile {
        var tile = Tile(
            kind: "song", id: song.id, title: song.title ?? "Untitled", subtitle: nil,
            facts: [
                .position("track", song.itunes.trackNumber),
                .duration("Time", milliseconds: song.itunes.trackTimeMillis),
            ], artworkUrl: song.artworkURL, url: song.url)
        tile.item = song
        return tile
    }
}
