import Foundation

/// One item of any source, as providers produce it and every face shows it: a song, a film, a
/// podcast, a record on a shelf.
///
/// The fields are the ones every kind of media shares, each held once. What else a provider
/// wants to keep goes in ``extras`` (a few strings) or ``payload`` (its source's own typed
/// record, e.g. the iTunes record). Every field, payload included, survives the last-search and
/// library round trip.
public struct MediaItem: Sendable, Hashable, Codable {
    /// The stable id `show` takes, unique within its provider.
    public var id: String
    /// The source's own word for what this is (`song`, `podcast-episode`, `record`), if any.
    public var kind: String?
    public var title: String?
    /// The title as the source censors it, shown when explicit content is off (S13).
    public var censoredTitle: String?
    /// Artist, director, author or publisher.
    public var creator: String?
    /// The creator's id at the source, for JSON and lookups.
    public var creatorID: String?
    /// The album, series or collection the item belongs to.
    public var collection: String?
    /// The collection as the source censors it.
    public var censoredCollection: String?
    /// The collection's id at the source.
    public var collectionID: String?
    /// Artwork URLs by their width in pixels.
    public var artwork: [Int: String]
    /// The item's page on the web or in a store.
    public var url: String?
    /// A playable preview (audio or video); never downloaded, only linked.
    public var previewURL: String?
    /// The release date, ISO 8601 (`2016-02-12T08:00:00Z` or `2016-02-12`).
    public var releaseDate: String?
    /// What a buyer pays, in ``currency``; `nil` when not sold on its own.
    public var price: Double?
    /// ISO 4217, e.g. `USD`.
    public var currency: String?
    public var durationMilliseconds: Int?
    public var genre: String?
    /// Whether the item is marked explicit; `nil` when the source does not say.
    public var isExplicit: Bool?
    /// A plain or HTML description.
    public var description: String?
    /// A standard identifier of the work that every source gives the same, with its scheme:
    /// `isrc:GBDUW0000059` for a recording, `upc:724384960650` for an album. Results of two
    /// sources with the same one are one work.
    public var standardID: String?
    /// A feed to subscribe to (RSS or Atom): a podcast's, which podcast apps import (OPML).
    public var feedURL: String?
    /// The same work at other sources, set by the engine when it merges the results of several
    /// sources into this one (the item's own source is not among them).
    public var otherSources: [SourceOffer] = []
    /// What plays of the work: its own preview, else the first of its other stores' (a merged
    /// work whose own store has none, #75 item 3), so every face and playlist plays the same.
    public var playablePreviewURL: String? { previewURL ?? otherSources.lazy.compactMap(\.previewURL).first }
    /// The source's own facts beside the shared fields, typed (#72): a book's pages, a show's
    /// status, a release's label.
    public var facts: [Fact] = []
    /// Fields the provider owns, for its own tiles and details.
    public var extras: [String: String]
    /// The source's own record, for the provider that made the item.
    public var payload: AnyMediaPayload?

    /// Creates an item of any source.
    public init(
        id: String, title: String?, kind: String? = nil, creator: String? = nil, collection: String? = nil,
        artwork: [Int: String] = [:], url: String? = nil, previewURL: String? = nil, releaseDate: String? = nil,
        price: Double? = nil, currency: String? = nil, durationMilliseconds: Int? = nil, genre: String? = nil,
        isExplicit: Bool? = nil, description: String? = nil, extras: [String: String] = [:],
        payload: AnyMediaPayload? = nil
    ) {
        // An id is printed, linked and typed back: one clean line, like every other text.
        self.id = TextSanitizer.line(id)
        self.title = title
        self.kind = kind
        self.creator = creator
        self.collection = collection
        self.artwork = artwork
        self.url = url
        self.previewURL = previewURL
        self.releaseDate = releaseDate
        self.price = SourceNumber.amount(price)
        self.currency = currency
        self.durationMilliseconds = SourceNumber.milliseconds(durationMilliseconds)
        self.genre = genre
        self.isExplicit = isExplicit
        self.description = description
        self.extras = extras
        self.payload = payload
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, censoredTitle, creator, creatorID, collection, censoredCollection, collectionID
        case artwork, url, previewURL, releaseDate, price, currency, durationMilliseconds, genre, isExplicit
        case description, extras, payload, standardID, otherSources, feedURL, facts
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(kind, forKey: .kind)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(censoredTitle, forKey: .censoredTitle)
        try c.encodeIfPresent(creator, forKey: .creator)
        try c.encodeIfPresent(creatorID, forKey: .creatorID)
        try c.encodeIfPresent(collection, forKey: .collection)
        try c.encodeIfPresent(censoredCollection, forKey: .censoredCollection)
        try c.encodeIfPresent(collectionID, forKey: .collectionID)
        if !artwork.isEmpty { try c.encode(artwork, forKey: .artwork) }
        try c.encodeIfPresent(url, forKey: .url)
        try c.encodeIfPresent(previewURL, forKey: .previewURL)
        try c.encodeIfPresent(releaseDate, forKey: .releaseDate)
        try c.encodeIfPresent(price, forKey: .price)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(durationMilliseconds, forKey: .durationMilliseconds)
        try c.encodeIfPresent(genre, forKey: .genre)
        try c.encodeIfPresent(isExplicit, forKey: .isExplicit)
        try c.encodeIfPresent(description, forKey: .description)
        if !facts.isEmpty { try c.encode(facts, forKey: .facts) }
        if !extras.isEmpty { try c.encode(extras, forKey: .extras) }
        try c.encodeIfPresent(standardID, forKey: .standardID)
        try c.encodeIfPresent(feedURL, forKey: .feedURL)
        if !otherSources.isEmpty { try c.encode(otherSources, forKey: .otherSources) }
        try c.encodeIfPresent(payload, forKey: .payload)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let extras = try c.decodeIfPresent([String: String].self, forKey: .extras) ?? [:]
        if !c.contains(.id) {
            // The compact form (`{"itunes": record, "extras": …}`): the record alone, under its
            // payload type's name; the form items had before they carried their own fields.
            let record = try decoder.container(keyedBy: RecordKey.self)
            guard let key = record.allKeys.first(where: { $0.stringValue != CodingKeys.extras.stringValue }) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "neither an id nor a record"))
            }
            let payload = try AnyMediaPayload(
                name: key.stringValue, from: record, key: key, types: decoder.userInfo[.mediaPayloadTypes])
            guard let item = payload.base?.item() else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: record,
                    debugDescription: "a '\(key.stringValue)' record, but no payload type of that name")
            }
            self = item
            self.extras = extras
            return
        }
        self.init(
            id: try c.decode(String.self, forKey: .id), title: try c.decodeIfPresent(String.self, forKey: .title),
            kind: try c.decodeIfPresent(String.self, forKey: .kind),
            creator: try c.decodeIfPresent(String.self, forKey: .creator),
            collection: try c.decodeIfPresent(String.self, forKey: .collection),
            artwork: try c.decodeIfPresent([Int: String].self, forKey: .artwork) ?? [:],
            url: try c.decodeIfPresent(String.self, forKey: .url),
            previewURL: try c.decodeIfPresent(String.self, forKey: .previewURL),
            releaseDate: try c.decodeIfPresent(String.self, forKey: .releaseDate),
            price: try c.decodeIfPresent(Double.self, forKey: .price),
            currency: try c.decodeIfPresent(String.self, forKey: .currency),
            durationMilliseconds: try c.decodeIfPresent(Int.self, forKey: .durationMilliseconds),
            genre: try c.decodeIfPresent(String.self, forKey: .genre),
            isExplicit: try c.decodeIfPresent(Bool.self, forKey: .isExplicit),
            description: try c.decodeIfPresent(String.self, forKey: .description), extras: extras,
            payload: try c.decodeIfPresent(AnyMediaPayload.self, forKey: .payload))
        censoredTitle = try c.decodeIfPresent(String.self, forKey: .censoredTitle)
        censoredCollection = try c.decodeIfPresent(String.self, forKey: .censoredCollection)
        creatorID = try c.decodeIfPresent(String.self, forKey: .creatorID)
        collectionID = try c.decodeIfPresent(String.self, forKey: .collectionID)
        standardID = try c.decodeIfPresent(String.self, forKey: .standardID)
        feedURL = try c.decodeIfPresent(String.self, forKey: .feedURL)
        otherSources = try c.decodeIfPresent([SourceOffer].self, forKey: .otherSources) ?? []
        facts = try c.decodeIfPresent([Fact].self, forKey: .facts) ?? Self.facts(kept: &self.extras)
    }

    /// The facts a record kept before facts were typed held as `extras["fact:<label>"]`, with
    /// `extras["fact-type:<label>"]` (`count:page`) beside it: taken out of `extras`, typed.
    static func facts(kept extras: inout [String: String]) -> [Fact] {
        guard extras.keys.contains(where: { $0.hasPrefix("fact:") }) else { return [] }
        var facts: [Fact] = []
        for (key, value) in extras.sorted(by: { $0.key < $1.key }) where key.hasPrefix("fact:") {
            let label = String(key.dropFirst(5))
            let type = extras.removeValue(forKey: "fact-type:" + label)?.split(separator: ":", maxSplits: 1)
            let kind = type?.first.flatMap { Fact.Kind(rawValue: String($0)) } ?? .text
            let unit = type.flatMap { $0.count > 1 ? String($0[1]) : nil }
            facts.append(Fact(label, kind, value: value, unit: unit))
            extras[key] = nil
        }
        return facts
    }
}

extension MediaItem {
    /// The largest artwork URL.
    public var artworkURL: String? { artwork.max { $0.key < $1.key }?.value }

    /// The release date parsed, when the item has a valid one.
    public var releaseDateValue: Date? { releaseDate.flatMap(ReleaseDate.parse) }

    /// The release year, e.g. `2016`.
    public var releaseYear: Int? {
        guard let releaseDate, releaseDate.count >= 4, let year = Int(releaseDate.prefix(4)) else { return nil }
        return year
    }

    /// A human label for what the item is (T1), e.g. `Song`.
    public var kindLabel: String {
        if let label = payload?.base?.kindDescription { return label }
        guard let kind, !kind.isEmpty else { return "Item" }
        if let name = Self.kindNames[kind] { return name }
        return kind.prefix(1).uppercased() + kind.dropFirst().replacingOccurrences(of: "-", with: " ")
    }

    /// The kinds of media whose name is not their key with its first letter raised (`TV show`, not
    /// `Tv show`).
    static let kindNames = ["tv-show": "TV show"]

    /// A copy showing censored names in place of the originals (S13), when the source has them.
    public func censored() -> MediaItem {
        var copy = self
        if let censoredTitle { copy.title = censoredTitle }
        if let censoredCollection { copy.collection = censoredCollection }
        copy.payload = payload?.censored()
        return copy
    }
}

/// The one key of an item's compact form: its payload type's name.
private struct RecordKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
