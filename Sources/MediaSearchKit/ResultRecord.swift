import Foundation

/// One result in JSON (`search --format json` and `jsonl`): the tile's keys, its `facts` typed
/// (``Fact/json``), then the shared fields. Every key is always present; a missing fact is `null`. Every text passes
/// ``TextSanitizer``, as it does on the terminal.
public struct ResultRecord: Encodable, Sendable {
    public var tile: Tile
    public var item: MediaItem
    /// The item at its own source, when known: the first of its `sources`.
    public var offer: SourceOffer?
    /// The kind of media it is (`song` for a `deezer-song`), when known: `kind` names the provider
    /// (what `show --kind` takes), `media` what the thing is, the same for every source (#60).
    public var media: String?

    /// The record of a tile and the item it shows; `offer` is the item at its own source.
    public init(tile: Tile, item: MediaItem, offer: SourceOffer? = nil, media: String? = nil) {
        self.tile = tile
        self.item = item
        self.offer = offer
        self.media = media
    }

    /// Every source known to have the work: the item's own first, then the others merged into it.
    public var sources: [SourceOffer] { (offer.map { [$0] } ?? []) + item.otherSources }

    /// The record as a JSON value: its keys are defined here once, for `Codable` and for
    /// the engine's JSON text writer (in `MediaSearchCore`, beside the documents) alike.
    public var json: JSONValue {
        // Artwork by named size (#72 item 5): what a tile shows and what a detail shows.
        let artwork: JSONValue =
            item.artworkURL.flatMap(SafeURL.http).map { url in
                .object([
                    "thumbnail": JSONValue(Formatting.artwork(url, size: 200)),
                    "large": JSONValue(Formatting.artwork(url, size: 600)),
                ])
            } ?? .null
        // The tile's facts, then the source's own that no tile shows (a standard id).
        let facts = tile.facts + item.facts.filter { !$0.isForTiles }
        return .object([
            "kind": .string(tile.kind),
            "media": JSONValue(media),
            "id": .string(TextSanitizer.line(tile.id)),
            "title": .string(TextSanitizer.line(tile.title)),
            "subtitle": JSONValue(tile.subtitle.map(TextSanitizer.line)),
            "summary": JSONValue(tile.summary.map(TextSanitizer.line)),
            "facts": .array(facts.compactMap(\.json)),
            "artworkUrl": JSONValue(tile.artworkUrl),
            "url": JSONValue(tile.url),
            "creator": JSONValue(item.creator.map(TextSanitizer.line)),
            "collection": JSONValue(item.collection.map(TextSanitizer.line)),
            "price": JSONValue(item.price),
            "currency": JSONValue(item.currency.map(TextSanitizer.line)),
            "durationMs": JSONValue(item.durationMilliseconds),
            "releaseDate": JSONValue(item.releaseDateValue.map(Self.iso8601)),
            "year": JSONValue(item.releaseYear),
            "genre": JSONValue(item.genre.map(TextSanitizer.line)),
            "explicit": JSONValue(item.isExplicit),
            "previewUrl": JSONValue(tile.previewUrl ?? item.previewURL.flatMap(SafeURL.http)),
            "artwork": artwork,
            "creatorId": JSONValue(item.creatorID.map(TextSanitizer.line)),
            "collectionId": JSONValue(item.collectionID.map(TextSanitizer.line)),
            // `isrc:GBAHS1400099`, `upc:5052498646524`: the work's standard id, from any of its sources.
            "standardId": JSONValue(item.standardID.map(TextSanitizer.line)),
            "sources": .array(sources.map(\.json)),
        ])
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    static func iso8601(_ date: Date) -> String {
        UTCDate.string(from: date)
    }
}
