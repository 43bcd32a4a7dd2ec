import Foundation
import MediaSearchKit

/// One item as a program answers it: the shape of a result of `search --format json`
/// (Schemas/search.schema.json), of which only `id` and `title` are required. Numbers may come
/// as numbers or strings; unknown keys are ignored.
struct ExternalItem: Decodable {
    var id: String?
    var title: String?
    var kind: String?
    var creator: String?
    var collection: String?
    var summary: [String]?
    var artworkUrl: String?
    var url: String?
    var previewUrl: String?
    var releaseDate: String?
    var genre: String?
    var explicit: Bool?
    var durationMs: Double?
    var price: Double?
    var currency: String?
    var description: String?

    enum CodingKeys: String, CodingKey {
        case id, title, kind, creator, collection, summary, artworkUrl, url, previewUrl, releaseDate, genre
        case explicit, durationMs, price, currency, description
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? {
            if let value = try? c.decodeIfPresent(String.self, forKey: key) { return value }
            if let value = try? c.decodeIfPresent(Double.self, forKey: key) { return SourceNumber.text(value) }
            return nil
        }
        func number(_ key: CodingKeys) -> Double? {
            if let value = try? c.decodeIfPresent(Double.self, forKey: key) { return value }
            return (try? c.decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap { Double($0) } }
        }
        id = text(.id)
        title = text(.title)
        kind = text(.kind)
        creator = text(.creator)
        collection = text(.collection)
        summary = try? c.decodeIfPresent([String].self, forKey: .summary)
        artworkUrl = text(.artworkUrl)
        url = text(.url)
        previewUrl = text(.previewUrl)
        releaseDate = text(.releaseDate)
        genre = text(.genre)
        explicit = try? c.decodeIfPresent(Bool.self, forKey: .explicit)
        durationMs = SourceNumber.milliseconds(number(.durationMs)).map(Double.init)
        price = SourceNumber.amount(number(.price))
        currency = text(.currency)
        description = text(.description)
    }

    /// The item, `nil` without an id or a title.
    func item(kind mediaKind: String) -> MediaItem? {
        guard let id, !id.isEmpty, let title, !title.isEmpty else { return nil }
        var item = MediaItem(
            id: id, title: title, kind: mediaKind, creator: creator, collection: collection,
            url: url.flatMap(SafeURL.http), previewURL: previewUrl.flatMap(SafeURL.http), releaseDate: releaseDate,
            price: price, currency: currency, durationMilliseconds: SourceNumber.milliseconds(durationMs), genre: genre,
            isExplicit: explicit, description: description.map(HTMLText.plain))
        if let artwork = artworkUrl.flatMap(SafeURL.http) { item.artwork = [0: artwork] }
        if let summary, !summary.isEmpty { item.extras["summary"] = summary.joined(separator: "\n") }
        return item
    }
}
