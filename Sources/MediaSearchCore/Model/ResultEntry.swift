import MediaSearchKit

/// One result: the item, its tile, and where it ranked in its provider's answer.
public struct ResultEntry: Sendable, Hashable {
    public var kind: String
    /// Position in the provider's answer, 0 first (the API's relevance order).
    public var rank: Int
    /// The item as the provider returned it (uncensored; detail views censor on their own).
    public var item: MediaItem
    public var tile: Tile
    /// Whether names are shown censored (explicit content off and not revealed).
    public var censored: Bool = false
    /// The name for people of the source it came from, e.g. `Deezer`.
    public var sourceName: String = ""
    /// The kind of media it is (`song` for a `deezer-song`): one name for each kind whatever the
    /// source (#60); empty when unknown.
    public var media: String = ""

    /// The item as shown: censored when names are.
    public var shown: MediaItem { censored ? item.censored() : item }
}

extension ResultRecord {
    /// The record of a result, with names censored as its tile shows them.
    public init(_ entry: ResultEntry) {
        self.init(
            tile: entry.tile, item: entry.shown,
            offer: entry.sourceName.isEmpty
                ? nil : SourceOffer(entry.shown, source: entry.sourceName, kind: entry.kind),
            media: entry.media.isEmpty ? nil : entry.media)
    }
}
