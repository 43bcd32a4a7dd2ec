import Foundation
import MediaSearchKit

/// What the Deezer providers share: the source, its budget and how long its answers keep.
public protocol DeezerProvider: MediaProvider {}

extension DeezerProvider {
    public var source: String { "deezer" }
    public var sourceName: String { DeezerAPI.sourceName }
    public var defaultBaseURL: URL? { DeezerAPI.home }
    /// Deezer's documented allowance, counted per IP address.
    public var requestRate: RequestRate? { RequestRate(50, per: 5) }
    /// Deezer's signed preview links expire about 15 minutes after the answer: the cache keeps
    /// an answer 10 minutes at most, so a preview shown is still playable for a while.
    public var answerLifetime: Double? { 600 }
    /// Covers and previews are on Deezer's CDN (`cdn-images.dzcdn.net`, `cdns-preview-*.dzcdn.net`).
    public var artworkHosts: [String]? { ["*.dzcdn.net"] }
    public var previewHosts: [String]? { ["*.dzcdn.net"] }
    public var supportsPaging: Bool { true }
    /// Deezer pages by at most 100.
    public var maximumLimit: Int? { 100 }
    public var exampleTerm: String? { "daft punk" }

    /// Deezer's search text: the term, or `artist:"…"` (`album:"…"`) when a filter is the search.
    func searchText(_ query: SearchQuery) -> String {
        guard let attribute = query.attribute else { return query.term }
        return "\(attribute):\"\(query.term.replacingOccurrences(of: "\"", with: ""))\""
    }
}

/// Songs from Deezer (`/search`), each with its 30-second preview. Off by default: list
/// `deezer` (both Deezer kinds) or `deezer-song` under `kinds:`.
public struct DeezerSongProvider: DeezerProvider, DetailRenderer {
    public let kind = "deezer-song"
    public let mediaKind = "song"
    public let displayName = "Deezer songs"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("artist", help: "only songs whose artist contains this", attribute: "artist") { [$0.creator] },
            .text("album", help: "only songs from an album whose title contains this", attribute: "album") {
                [$0.collection]
            },
        ]
    }

    public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        let page = try await DeezerAPI(context: context).get(
            DeezerPage<DeezerTrack>.self, path: "/search",
            query: [("q", searchText(query)), ("limit", String(query.limit)), ("index", String(query.offset))],
            missingIsNothing: false)
        return (page?.data ?? []).map { MediaItem(deezer: $0) }
    }

    public func accepts(_ item: MediaItem) -> Bool { DeezerID.number(item.id, type: "track") != nil }

    public func tile(for item: MediaItem) -> Tile {
        var tile = Tile(
            item: item, kind: kind,
            // In the order of iTunes' songs (time, then album): a narrow terminal keeps the same facts of every song.
            facts: [
                .duration("Time", milliseconds: item.durationMilliseconds), .plain("Album", item.collection),
                .status("Explicit", item.isExplicit == true ? "explicit" : nil),
                .status("Preview", item.previewURL == nil ? nil : "preview"),
            ])
        tile.previewUrl = item.previewURL.flatMap(SafeURL.http)
        return tile
    }

    public func lookup(id: String, context: ProviderContext) async throws -> MediaItem? {
        guard let number = DeezerID.number(id, type: "track") else { return nil }
        return try await DeezerAPI(context: context).get(DeezerTrack.self, path: "/track/\(number)").map {
            MediaItem(deezer: $0)
        }
    }

    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        var album: [Tile] = []
        if let id = item.collectionID, let title = item.collection {
            var albumItem = MediaItem(id: id, title: title, kind: "album", creator: item.creator, artwork: item.artwork)
            albumItem.url = item.extras["albumURL"]
            album = [Tile(item: albumItem, kind: "deezer-album", facts: [.date("Released", item.releaseDate)])]
        }
        let facts = DetailSection(
            "On Deezer",
            rows: [
                .plain("Album", item.collection), .plain("Artist", item.creator),
                .duration("Duration", milliseconds: item.durationMilliseconds),
                .status("Explicit", item.isExplicit.map { $0 ? "yes" : "no" }),
                .standard("ISRC", id: item.standardID),
            ],
            links: [
                ("Deezer", item.url), ("Preview (30 s)", item.previewURL), ("Album on Deezer", item.extras["albumURL"]),
                ("Artist on Deezer", item.extras["artistURL"]),
            ], items: album)
        return Detail(sections: [StandardSections.header(for: item, kindLabel: "Song"), facts])
    }
}

/// Albums from Deezer (`/search/album`); the detail lists the tracks (`/album/{id}`), each with
/// its preview. Off by default: list `deezer` or `deezer-album` under `kinds:`.
public struct DeezerAlbumProvider: DeezerProvider, DetailRenderer {
    public let kind = "deezer-album"
    public let mediaKind = "album"
    public let displayName = "Deezer albums"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [.text("artist", help: "only albums whose artist contains this", attribute: "artist") { [$0.creator] }]
    }

    public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        let page = try await DeezerAPI(context: context).get(
            DeezerPage<DeezerAlbum>.self, path: "/search/album",
            query: [("q", searchText(query)), ("limit", String(query.limit)), ("index", String(query.offset))],
            missingIsNothing: false)
        return (page?.data ?? []).map { MediaItem(deezer: $0) }
    }

    public func accepts(_ item: MediaItem) -> Bool { DeezerID.number(item.id, type: "album") != nil }

    public func tile(for item: MediaItem) -> Tile {
        Tile(
            item: item, kind: kind,
            facts: [
                .year("Year", item.releaseYear),
                .count("Tracks", item.extras["trackCount"].flatMap { Int($0) }, unit: "track"),
                // Deezer's word: `single`, `ep` (written `EP`); an album says nothing more.
                .status("Type", item.extras["recordType"].flatMap { $0 == "album" ? nil : $0 }),
                .status("Explicit", item.isExplicit == true ? "explicit" : nil),
            ])
    }

    public func lookup(id: String, context: ProviderContext) async throws -> MediaItem? {
        try await album(id, context: context).map { MediaItem(deezer: $0) }
    }

    private func album(_ id: String, context: ProviderContext) async throws -> DeezerAlbum? {
        guard let number = DeezerID.number(id, type: "album") else { return nil }
        return try await DeezerAPI(context: context).get(DeezerAlbum.self, path: "/album/\(number)")
    }

    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        // The whole album (label, genres, tracks): one request, unless the item is already whole.
        var whole: DeezerAlbum?
        let (_, notice) = await StandardSections.attempt("tracks") { () async throws -> DetailSection? in
            whole = try await album(item.id, context: context)
            return nil
        }
        let shown =
            whole.map { MediaItem(deezer: $0) }.map { fresh -> MediaItem in
                var merged = fresh
                merged.otherSources = item.otherSources
                return merged
            } ?? item
        let tracks = (whole?.tracks?.data ?? []).enumerated().map { position, track in
            var tile = DeezerSongProvider().tile(for: MediaItem(deezer: track, album: whole))
            // Within its album, a track's facts are its own: its number, no album name, no
            // "preview" beside its player.
            tile.facts = [
                .position("track", track.trackPosition ?? position + 1),
                .duration("Time", milliseconds: SourceNumber.milliseconds(track.duration, per: 1000)),
                .status("Explicit", track.explicitLyrics == true ? "explicit" : nil),
            ].compactMap { $0 }
            return tile
        }
        let facts = DetailSection(
            "On Deezer",
            rows: [
                .plain("Artist", shown.creator), .date("Released", ReleaseDate.day(shown.releaseDate)),
                .plain("Label", shown.extras["label"]), .listed("Genres", shown.extras["genres"]),
                .count("Tracks", shown.extras["trackCount"].flatMap { Int($0) }, unit: "track"),
                .duration("Duration", milliseconds: shown.durationMilliseconds),
                .standard("UPC", id: shown.standardID),
            ],
            links: [("Deezer", shown.url), ("Artist on Deezer", shown.extras["artistURL"])])
        return Detail(
            sections: [
                StandardSections.header(for: shown, kindLabel: "Album"), facts, DetailSection("Tracks", items: tracks),
            ], notices: notice.map { [$0] } ?? [])
    }
}
