import MediaSearchITunes
import MediaSearchKit

/// Songs from the iTunes music store (`media=music`, `entity=song`).
public struct SongProvider: ITunesProvider {
    public let kind = "song"
    public let displayName = "Songs"
    public let exampleTerm: String? = "jack johnson"
    public let media = "music"
    public let entity = "song"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("artist", help: "only songs whose artist contains this", attribute: "artistTerm") {
                [$0.itunes.artistName]
            },
            .text("album", help: "only songs whose album contains this", attribute: "albumTerm") {
                [$0.itunes.collectionName]
            },
            .text("genre", help: "only songs of this genre, e.g. Rock") { [$0.itunes.primaryGenreName] },
        ]
    }

    public func accepts(_ item: MediaItem) -> Bool { item.itunes.kind == .song }

    public func tile(for item: MediaItem) -> Tile {
        Tile(
            item: item, kind: kind,
            facts: [
                .duration("Time", milliseconds: item.itunes.trackTimeMillis),
                .plain("Album", item.itunes.collectionName),
                .money("Price", item.itunes.trackPrice, currency: item.currency),
                .plain("Genre", item.itunes.primaryGenreName),
            ])
    }
}
