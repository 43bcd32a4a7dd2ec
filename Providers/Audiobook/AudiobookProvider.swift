import MediaSearchITunes
import MediaSearchKit

/// Audiobooks from the iTunes store (`media=audiobook`, `entity=audiobook`).
///
/// Audiobook records have `wrapperType: audiobook` and no `kind`; their title is `collectionName`.
/// The tile's subtitle is the author, so the facts are genre, price and year.
public struct AudiobookProvider: ITunesProvider {
    public let kind = "audiobook"
    public let displayName = "Audiobooks"
    public let exampleTerm: String? = "moby dick"
    public let media = "audiobook"
    public let entity = "audiobook"

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("author", help: "only audiobooks whose author contains this", attribute: "authorTerm") {
                [$0.itunes.artistName]
            },
            .text("genre", help: "only audiobooks of this genre, e.g. Classics") { [$0.itunes.primaryGenreName] },
        ]
    }

    public func accepts(_ item: MediaItem) -> Bool { item.itunes.wrapperType == .audiobook }

    public func tile(for item: MediaItem) -> Tile {
        Tile(
            item: item, kind: kind,
            facts: [
                .plain("Genre", item.itunes.primaryGenreName),
                .money("Price", item.itunes.collectionPrice, currency: item.currency), .year("Year", item.releaseYear),
            ])
    }
}
