import Foundation

/// One item of any source, as providers produce it and every face shows it: a song, a film, a
/// podcast, a record on a shelf.
///
/// The fields are the ones every kind of media shares; anything else a provider owns goes in
/// ``extras``. An item made from an iTunes record keeps it in ``itunes``, and its fields read
/// through the item (`item.trackCount`), so providers over iTunes reach the API's own facts
/// while providers over other sources never meet an iTunes type.
@dynamicMemberLookup
public struct MediaItem: Sendable, Hashable, Codable {
    /// The stable id `show` takes, unique within its provider.
    public var id: String
    /// The source's own word for what this is (`song`, `podcast-episode`, `record`), if any.
    public var kind: String?
    public var title: String?
    /// Artist, director, author or publisher.
    public var creator: String?
    /// The album, series or collection the item belongs to.
    public var collection: String?
    /// Artwork URLs by their width in pixels (for an iTunes item, read from its record when asked,
    /// so decoding a page builds no dictionaries).
    public var artwork: [Int: String] {
        get { ownArtwork.isEmpty ? itunes?.artworkBySize ?? [:] : ownArtwork }
        set { ownArtwork = newValue }
    }
    private var ownArtwork: [Int: String]
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
    /// Fields the provider owns, for its own tiles and details.
    public var extras: [String: String]
    /// The iTunes record the item was made from, when it was.
    public var itunes: ITunesRecord?

    /// Creates an item of any source.
    public init(
        id: String, title: String?, kind: String? = nil, creator: String? = nil, collection: String? = nil,
        artwork: [Int: String] = [:], url: String? = nil, previewURL: String? = nil, releaseDate: String? = nil,
        price: Double? = nil, currency: String? = nil, durationMilliseconds: Int? = nil, genre: String? = nil,
        isExplicit: Bool? = nil, description: String? = nil, extras: [String: String] = [:]
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.creator = creator
        self.collection = collection
        self.ownArtwork = artwork
        self.url = url
        self.previewURL = previewURL
        self.releaseDate = releaseDate
        self.price = price
        self.currency = currency
        self.durationMilliseconds = durationMilliseconds
        self.genre = genre
        self.isExplicit = isExplicit
        self.description = description
        self.extras = extras
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, creator, collection, ownArtwork = "artwork", url, previewURL, releaseDate, price
        case currency, durationMilliseconds, genre, isExplicit, description, extras, itunes
    }

    /// An iTunes item is stored as its record (and extras) only: the shared fields are derived
    /// from the record again when it is read, so storing a page costs half as much.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let itunes {
            try c.encode(itunes, forKey: .itunes)
            if !extras.isEmpty { try c.encode(extras, forKey: .extras) }
            return
        }
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(kind, forKey: .kind)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(creator, forKey: .creator)
        try c.encodeIfPresent(collection, forKey: .collection)
        if !ownArtwork.isEmpty { try c.encode(ownArtwork, forKey: .ownArtwork) }
        try c.encodeIfPresent(url, forKey: .url)
        try c.encodeIfPresent(previewURL, forKey: .previewURL)
        try c.encodeIfPresent(releaseDate, forKey: .releaseDate)
        try c.encodeIfPresent(price, forKey: .price)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(durationMilliseconds, forKey: .durationMilliseconds)
        try c.encodeIfPresent(genre, forKey: .genre)
        try c.encodeIfPresent(isExplicit, forKey: .isExplicit)
        try c.encodeIfPresent(description, forKey: .description)
        if !extras.isEmpty { try c.encode(extras, forKey: .extras) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let extras = try c.decodeIfPresent([String: String].self, forKey: .extras) ?? [:]
        if let record = try c.decodeIfPresent(ITunesRecord.self, forKey: .itunes) {
            self.init(itunes: record)
            self.extras = extras
            return
        }
        self.init(
            id: try c.decode(String.self, forKey: .id), title: try c.decodeIfPresent(String.self, forKey: .title),
            kind: try c.decodeIfPresent(String.self, forKey: .kind),
            creator: try c.decodeIfPresent(String.self, forKey: .creator),
            collection: try c.decodeIfPresent(String.self, forKey: .collection),
            artwork: try c.decodeIfPresent([Int: String].self, forKey: .ownArtwork) ?? [:],
            url: try c.decodeIfPresent(String.self, forKey: .url),
            previewURL: try c.decodeIfPresent(String.self, forKey: .previewURL),
            releaseDate: try c.decodeIfPresent(String.self, forKey: .releaseDate),
            price: try c.decodeIfPresent(Double.self, forKey: .price),
            currency: try c.decodeIfPresent(String.self, forKey: .currency),
            durationMilliseconds: try c.decodeIfPresent(Int.self, forKey: .durationMilliseconds),
            genre: try c.decodeIfPresent(String.self, forKey: .genre),
            isExplicit: try c.decodeIfPresent(Bool.self, forKey: .isExplicit),
            description: try c.decodeIfPresent(String.self, forKey: .description), extras: extras)
    }

    /// A fact of the iTunes record behind this item (`item.trackCount`); `nil` for other sources.
    public subscript<Value>(dynamicMember keyPath: KeyPath<ITunesRecord, Value?>) -> Value? {
        itunes?[keyPath: keyPath]
    }

    /// A list of the iTunes record behind this item (`item.genres`); empty for other sources.
    public subscript<Value>(dynamicMember keyPath: KeyPath<ITunesRecord, [Value]>) -> [Value] {
        itunes?[keyPath: keyPath] ?? []
    }
}

extension MediaItem {
    /// The largest artwork URL.
    public var artworkURL: String? {
        ownArtwork.isEmpty ? itunes?.artworkURL : ownArtwork.max { $0.key < $1.key }?.value
    }

    /// The release date parsed, when the item has a valid one.
    public var releaseDateValue: Date? { releaseDate.flatMap(ReleaseDate.parse) }

    /// The release year, e.g. `2016`.
    public var releaseYear: Int? {
        guard let releaseDate, releaseDate.count >= 4, let year = Int(releaseDate.prefix(4)) else { return nil }
        return year
    }

    /// A human label for what the item is (T1), e.g. `Song`.
    public var kindLabel: String {
        if let itunes { return itunes.kindLabel }
        guard let kind, !kind.isEmpty else { return "Item" }
        return kind.prefix(1).uppercased() + kind.dropFirst().replacingOccurrences(of: "-", with: " ")
    }
}
