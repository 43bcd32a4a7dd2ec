import Foundation

/// One result in JSON (`search --format json` and `jsonl`): the tile's keys, then labelled, typed
/// facts. Every key is always present; a missing fact is `null`. Every text passes
/// ``TextSanitizer``, as it does on the terminal.
public struct ResultRecord: Encodable, Sendable {
    public var tile: Tile
    public var item: MediaItem
    /// The item at its own source, when known: the first of its `sources`.
    public var offer: SourceOffer?

    /// The record of a tile and the item it shows; `offer` is the item at its own source.
    public init(tile: Tile, item: MediaItem, offer: SourceOffer? = nil) {
        self.tile = tile
        self.item = item
        self.offer = offer
    }

    /// Every source known to have the work: the item's own first, then the others merged into it.
    public var sources: [SourceOffer] { (offer.map { [$0] } ?? []) + item.otherSources }

    enum CodingKeys: String, CodingKey {
        case kind, id, title, subtitle, summary, artworkUrl, url
        case creator, collection, price, currency, durationMs, releaseDate, year, genre, explicit, previewUrl
        case artwork, creatorId, collectionId, sources
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(tile.kind, forKey: .kind)
        try c.encode(tile.id, forKey: .id)
        try c.encode(TextSanitizer.line(tile.title), forKey: .title)
        try c.encode(tile.subtitle.map(TextSanitizer.line), forKey: .subtitle)
        try c.encode(tile.summary.map(TextSanitizer.line), forKey: .summary)
        try c.encode(tile.artworkUrl, forKey: .artworkUrl)
        try c.encode(tile.url, forKey: .url)
        try c.encode(item.creator.map(TextSanitizer.line), forKey: .creator)
        try c.encode(item.collection.map(TextSanitizer.line), forKey: .collection)
        try c.encode(item.price, forKey: .price)
        try c.encode(item.currency.map(TextSanitizer.line), forKey: .currency)
        try c.encode(item.durationMilliseconds, forKey: .durationMs)
        try c.encode(item.releaseDateValue.map(Self.iso8601), forKey: .releaseDate)
        try c.encode(item.releaseYear, forKey: .year)
        try c.encode(item.genre.map(TextSanitizer.line), forKey: .genre)
        try c.encode(item.isExplicit, forKey: .explicit)
        try c.encode(tile.previewUrl ?? item.previewURL.flatMap(SafeURL.http), forKey: .previewUrl)
        let artwork = Dictionary(
            uniqueKeysWithValues: item.artwork.compactMap { size, url in
                SafeURL.http(url).map { (String(size), $0) }
            })
        try c.encode(artwork, forKey: .artwork)
        try c.encode(item.creatorID, forKey: .creatorId)
        try c.encode(item.collectionID, forKey: .collectionId)
        try c.encode(sources, forKey: .sources)
    }

    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
