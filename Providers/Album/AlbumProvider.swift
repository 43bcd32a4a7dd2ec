import MediaSearchITunes
import MediaSearchKit

/// Albums from the iTunes music store (`media=music`, `entity=album`).
///
/// Off by default: every enabled kind spends one request of Apple's per-minute allowance on each
/// search. List `album` under `kinds:` in `config.yaml` to search albums.
public struct AlbumProvider: ITunesProvider {
    public let kind = "album"
    public let displayName = "Albums"
    public let exampleTerm: String? = "nemesis"
    public let media = "music"
    public let entity = "album"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("artist", help: "only albums whose artist contains this", attribute: "artistTerm") {
                [$0.itunes.artistName]
            },
            .text("genre", help: "only albums of this genre, e.g. Rock") { [$0.itunes.primaryGenreName] },
        ]
    }

    /// Album and compilation collections; music videos, movie bundles and seasons are other kinds.
    public func accepts(_ item: MediaItem) -> Bool {
        item.itunes.wrapperType == .collection && ["Album", "Compilation", nil].contains(item.itunes.collectionType)
    }

    public func tile(for item: MediaItem) -> Tile {
        Tile(
            item: item, kind: kind,
            facts: [
                .year("Year", item.releaseYear), .count("Tracks", item.itunes.trackCount, unit: "track"),
                .money("Price", item.itunes.collectionPrice, currency: item.currency),
            ])
    }
}
