import Foundation

extension MediaItem: Encodable {
    /// Writes the record with the API's field names (and ``extras`` under their own key), so a
    /// stored record decodes back to the same value: the last search keeps its records this way
    /// and `show` needs no request for an item it has just listed.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(wrapperType.rawValue, forKey: .wrapperType)
        try c.encodeIfPresent(kind?.rawValue, forKey: .kind)
        try c.encodeIfPresent(trackId, forKey: .trackId)
        try c.encodeIfPresent(collectionId, forKey: .collectionId)
        try c.encodeIfPresent(artistId, forKey: .artistId)
        try c.encodeIfPresent(collectionArtistId, forKey: .collectionArtistId)
        try c.encodeIfPresent(artistName, forKey: .artistName)
        try c.encodeIfPresent(collectionName, forKey: .collectionName)
        try c.encodeIfPresent(trackName, forKey: .trackName)
        try c.encodeIfPresent(collectionCensoredName, forKey: .collectionCensoredName)
        try c.encodeIfPresent(trackCensoredName, forKey: .trackCensoredName)
        try c.encodeIfPresent(artistType, forKey: .artistType)
        try c.encodeIfPresent(collectionType, forKey: .collectionType)
        try c.encodeIfPresent(artistViewUrl, forKey: .artistViewUrl)
        try c.encodeIfPresent(artistLinkUrl, forKey: .artistLinkUrl)
        try c.encodeIfPresent(collectionViewUrl, forKey: .collectionViewUrl)
        try c.encodeIfPresent(trackViewUrl, forKey: .trackViewUrl)
        try c.encodeIfPresent(collectionArtistViewUrl, forKey: .collectionArtistViewUrl)
        try c.encodeIfPresent(feedUrl, forKey: .feedUrl)
        try c.encodeIfPresent(previewUrl, forKey: .previewUrl)
        try c.encodeIfPresent(episodeUrl, forKey: .episodeUrl)
        try c.encodeIfPresent(artworkUrl30, forKey: .artworkUrl30)
        try c.encodeIfPresent(artworkUrl60, forKey: .artworkUrl60)
        try c.encodeIfPresent(artworkUrl100, forKey: .artworkUrl100)
        try c.encodeIfPresent(artworkUrl600, forKey: .artworkUrl600)
        try c.encodeIfPresent(collectionPrice, forKey: .collectionPrice)
        try c.encodeIfPresent(trackPrice, forKey: .trackPrice)
        try c.encodeIfPresent(trackRentalPrice, forKey: .trackRentalPrice)
        try c.encodeIfPresent(collectionHdPrice, forKey: .collectionHdPrice)
        try c.encodeIfPresent(trackHdPrice, forKey: .trackHdPrice)
        try c.encodeIfPresent(trackHdRentalPrice, forKey: .trackHdRentalPrice)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(releaseDate, forKey: .releaseDate)
        try c.encodeIfPresent(collectionExplicitness, forKey: .collectionExplicitness)
        try c.encodeIfPresent(trackExplicitness, forKey: .trackExplicitness)
        try c.encodeIfPresent(contentAdvisoryRating, forKey: .contentAdvisoryRating)
        try c.encodeIfPresent(discCount, forKey: .discCount)
        try c.encodeIfPresent(discNumber, forKey: .discNumber)
        try c.encodeIfPresent(trackCount, forKey: .trackCount)
        try c.encodeIfPresent(trackNumber, forKey: .trackNumber)
        try c.encodeIfPresent(trackTimeMillis, forKey: .trackTimeMillis)
        try c.encodeIfPresent(country, forKey: .country)
        try c.encodeIfPresent(primaryGenreName, forKey: .primaryGenreName)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(longDescription, forKey: .longDescription)
        try c.encodeIfPresent(shortDescription, forKey: .shortDescription)
        try c.encodeIfPresent(copyright, forKey: .copyright)
        if !genres.isEmpty { try c.encode(genres, forKey: .genres) }
        if !extras.isEmpty { try c.encode(extras, forKey: .extras) }
    }
}
