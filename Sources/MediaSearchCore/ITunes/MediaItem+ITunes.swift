extension MediaItem {
    /// The item of an iTunes record: its shared facts read from the API's fields, the record kept.
    public init(itunes record: ITunesRecord) {
        let explicitness = record.trackExplicitness ?? record.collectionExplicitness
        self.init(
            id: record.id, title: record.title, kind: record.kind.map(\.rawValue) ?? record.wrapperType.rawValue,
            creator: record.artistName,
            collection: record.trackName == nil ? nil : record.collectionName,
            url: record.storeURL, previewURL: record.previewUrl ?? record.episodeUrl, releaseDate: record.releaseDate,
            price: record.price, currency: record.currency, durationMilliseconds: record.trackTimeMillis,
            genre: record.primaryGenreName ?? record.genres.first,
            isExplicit: explicitness.map { $0 == "explicit" },
            description: record.description ?? record.longDescription ?? record.shortDescription)
        self.itunes = record
    }

    /// A copy showing censored names in place of the originals (S13), when the source has them.
    public func censored() -> MediaItem {
        guard let itunes else { return self }
        var copy = MediaItem(itunes: itunes.censored())
        copy.extras = extras
        return copy
    }
}
