import Foundation
import MediaSearchKit

extension ITunesRecord: Decodable {
    enum CodingKeys: String, CodingKey {
        case wrapperType, kind, trackId, collectionId, artistId, collectionArtistId
        case artistName, collectionName, trackName, collectionCensoredName, trackCensoredName
        case artistType, collectionType
        case artistViewUrl, artistLinkUrl, collectionViewUrl, trackViewUrl, collectionArtistViewUrl,
            collectionArtistName
        case feedUrl, previewUrl, episodeUrl, artworkUrl30, artworkUrl60, artworkUrl100, artworkUrl600
        case collectionPrice, trackPrice, trackRentalPrice, collectionHdPrice, trackHdPrice, trackHdRentalPrice
        case currency, releaseDate, collectionExplicitness, trackExplicitness, contentAdvisoryRating
        case discCount, discNumber, trackCount, trackNumber, trackTimeMillis
        case country, primaryGenreName, genres, description, longDescription, shortDescription, copyright
    }

    /// Decodes a record, accepting numbers sent as strings and ignoring fields of an unexpected type,
    /// so that one odd field never loses the record.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(wrapperType: WrapperType(apiValue: c.lenientString(.wrapperType)))
        kind = c.lenientString(.kind).map(RecordKind.init(apiValue:))
        trackId = c.lenientInt(.trackId)
        collectionId = c.lenientInt(.collectionId)
        artistId = c.lenientInt(.artistId)
        collectionArtistId = c.lenientInt(.collectionArtistId)
        artistName = c.lenientString(.artistName)
        collectionName = c.lenientString(.collectionName)
        trackName = c.lenientString(.trackName)
        collectionCensoredName = c.lenientString(.collectionCensoredName)
        trackCensoredName = c.lenientString(.trackCensoredName)
        artistType = c.lenientString(.artistType)
        collectionType = c.lenientString(.collectionType)
        artistViewUrl = c.lenientString(.artistViewUrl)
        artistLinkUrl = c.lenientString(.artistLinkUrl)
        collectionViewUrl = c.lenientString(.collectionViewUrl)
        trackViewUrl = c.lenientString(.trackViewUrl)
        collectionArtistViewUrl = c.lenientString(.collectionArtistViewUrl)
        collectionArtistName = c.lenientString(.collectionArtistName)
        feedUrl = c.lenientString(.feedUrl)
        previewUrl = c.lenientString(.previewUrl)
        episodeUrl = c.lenientString(.episodeUrl)
        artworkUrl30 = c.lenientString(.artworkUrl30)
        artworkUrl60 = c.lenientString(.artworkUrl60)
        artworkUrl100 = c.lenientString(.artworkUrl100)
        artworkUrl600 = c.lenientString(.artworkUrl600)
        collectionPrice = c.lenientDouble(.collectionPrice)
        trackPrice = c.lenientDouble(.trackPrice)
        trackRentalPrice = c.lenientDouble(.trackRentalPrice)
        collectionHdPrice = c.lenientDouble(.collectionHdPrice)
        trackHdPrice = c.lenientDouble(.trackHdPrice)
        trackHdRentalPrice = c.lenientDouble(.trackHdRentalPrice)
        currency = c.lenientString(.currency)
        releaseDate = c.lenientString(.releaseDate)
        collectionExplicitness = c.lenientString(.collectionExplicitness)
        trackExplicitness = c.lenientString(.trackExplicitness)
        contentAdvisoryRating = c.lenientString(.contentAdvisoryRating)
        discCount = c.lenientInt(.discCount)
        discNumber = c.lenientInt(.discNumber)
        trackCount = c.lenientInt(.trackCount)
        trackNumber = c.lenientInt(.trackNumber)
        trackTimeMillis = c.lenientInt(.trackTimeMillis)
        country = c.lenientString(.country)
        primaryGenreName = c.lenientString(.primaryGenreName)
        genres = c.genreNames(.genres)
        description = c.lenientString(.description)
        longDescription = c.lenientString(.longDescription)
        shortDescription = c.lenientString(.shortDescription)
        copyright = c.lenientString(.copyright)
    }
}

/// A genre as the API sends it for podcast episodes: `{"name": "Music", "id": "1310"}`.
private struct NamedGenre: Decodable {
    var name: String
}

/// One element of a genre list: a plain string or a named object; anything else is skipped.
private struct LenientGenre: Decodable {
    var name: String?

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) {
            name = text
        } else {
            name = (try? single.decode(NamedGenre.self))?.name
        }
    }
}

extension KeyedDecodingContainer {
    /// Genre names from a list of strings or of `{name}` objects.
    func genreNames(_ key: Key) -> [String] {
        guard contains(key), let list = try? decodeIfPresent([LenientGenre].self, forKey: key) else { return [] }
        return list.compactMap(\.name)
    }
}
