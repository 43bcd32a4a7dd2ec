import MediaSearchKit

extension ITunesRecord: MediaPayload {
    public static let payloadName = "itunes"
    public var kindDescription: String? { kindLabel }
    public func item() -> MediaItem? { MediaItem(itunes: self) }
    public var storedJSON: JSONValue? { json }
}

extension MediaItem {
    /// The item of an iTunes record: its shared facts read from the API's fields, the record kept
    /// as the item's payload.
    public init(itunes record: ITunesRecord) {
        let explicitness = record.trackExplicitness ?? record.collectionExplicitness
        self.init(
            id: record.id, title: record.title, kind: record.kind.map(\.rawValue) ?? record.wrapperType.rawValue,
            creator: record.artistName,
            collection: record.trackName == nil ? nil : record.collectionName,
            artwork: record.artworkBySize,
            url: record.storeURL, previewURL: record.previewUrl ?? record.episodeUrl, releaseDate: record.releaseDate,
            price: record.price, currency: record.currency, durationMilliseconds: record.trackTimeMillis,
            genre: record.primaryGenreName ?? record.genres.first,
            isExplicit: explicitness.map { $0 == "explicit" },
            description: record.description ?? record.longDescription ?? record.shortDescription,
            payload: AnyMediaPayload(record))
        let censored = record.censored()
        if censored.title != record.title { censoredTitle = censored.title }
        if record.trackName != nil, censored.collectionName != record.collectionName {
            censoredCollection = censored.collectionName
        }
        creatorID = record.artistId.map(String.init)
        collectionID = record.collectionId.map(String.init)
        feedURL = record.feedUrl.flatMap(SafeURL.http)
    }

    /// The iTunes record the item was made from; an empty record for items of other sources, so
    /// its facts read as missing.
    public var itunes: ITunesRecord { payload?.value(as: ITunesRecord.self) ?? ITunesRecord() }

    /// Whether the item was made from an iTunes record.
    public var isITunes: Bool { payload?.name == ITunesRecord.payloadName }
}
