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
    /// The value as text; numbers are turned into text, other types give `nil`.
    func lenientString(_ key: Key) -> String? {
        // The common case first: one lookup, no thrown error.
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        guard contains(key) else { return nil }
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return String(number) }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return SourceNumber.text(number) }
        return nil
    }

    /// The value as a whole number; accepts `"123"` and integral doubles.
    func lenientInt(_ key: Key) -> Int? {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return SourceNumber.integer(number) }
        guard contains(key) else { return nil }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return SourceNumber.integer(number) }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return SourceNumber.integer(Substring(text)) }
        return nil
    }

    /// The value as a number; accepts `"1.29"`.
    func lenientDouble(_ key: Key) -> Double? {
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return SourceNumber.amount(number) }
        guard contains(key) else { return nil }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return SourceNumber.amount(Substring(text)) }
        return nil
    }

    /// Genre names from a list of strings or of `{name}` objects.
    func genreNames(_ key: Key) -> [String] {
        guard contains(key), let list = try? decodeIfPresent([LenientGenre].self, forKey: key) else { return [] }
        return list.compactMap(\.name)
    }
}
