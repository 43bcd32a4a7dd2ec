import Foundation
import MediaSearchKit

extension ITunesRecord: Encodable {
    /// Writes the record with the API's field names, so a stored record decodes back to the same
    /// value: the last search keeps its records this way and `show` needs no request for an item
    /// it has just listed.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The record with the API's field names, as a JSON value (its `Encodable` form): written by
    /// the engine's JSON text writer (`MediaSearchCore`) where speed matters (the offline library).
    public var json: JSONValue {
        var fields: [String: JSONValue] = ["wrapperType": .string(wrapperType.rawValue)]
        fields.reserveCapacity(40)
        func add(_ key: String, _ value: String?) { if let value { fields[key] = .string(value) } }
        func add(_ key: String, _ value: Int?) { if let value { fields[key] = .number(Double(value)) } }
        func add(_ key: String, _ value: Double?) { if let value { fields[key] = .number(value) } }
        add("kind", kind?.rawValue)
        add("trackId", trackId)
        add("collectionId", collectionId)
        add("artistId", artistId)
        add("collectionArtistId", collectionArtistId)
        add("artistName", artistName)
        add("collectionName", collectionName)
        add("trackName", trackName)
        add("collectionCensoredName", collectionCensoredName)
        add("trackCensoredName", trackCensoredName)
        add("artistType", artistType)
        add("collectionType", collectionType)
        add("artistViewUrl", artistViewUrl)
        add("artistLinkUrl", artistLinkUrl)
        add("collectionViewUrl", collectionViewUrl)
        add("trackViewUrl", trackViewUrl)
        add("collectionArtistViewUrl", collectionArtistViewUrl)
        add("collectionArtistName", collectionArtistName)
        add("feedUrl", feedUrl)
        add("previewUrl", previewUrl)
        add("episodeUrl", episodeUrl)
        add("artworkUrl30", artworkUrl30)
        add("artworkUrl60", artworkUrl60)
        add("artworkUrl100", artworkUrl100)
        add("artworkUrl600", artworkUrl600)
        add("collectionPrice", collectionPrice)
        add("trackPrice", trackPrice)
        add("trackRentalPrice", trackRentalPrice)
        add("collectionHdPrice", collectionHdPrice)
        add("trackHdPrice", trackHdPrice)
        add("trackHdRentalPrice", trackHdRentalPrice)
        add("currency", currency)
        add("releaseDate", releaseDate)
        add("collectionExplicitness", collectionExplicitness)
        add("trackExplicitness", trackExplicitness)
        add("contentAdvisoryRating", contentAdvisoryRating)
        add("discCount", discCount)
        add("discNumber", discNumber)
        add("trackCount", trackCount)
        add("trackNumber", trackNumber)
        add("trackTimeMillis", trackTimeMillis)
        add("country", country)
        add("primaryGenreName", primaryGenreName)
        add("description", description)
        add("longDescription", longDescription)
        add("shortDescription", shortDescription)
        add("copyright", copyright)
        if !genres.isEmpty { fields["genres"] = JSONValue(genres) }
        return .object(fields)
    }
}
