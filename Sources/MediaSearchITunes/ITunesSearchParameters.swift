import Foundation
import MediaSearchKit

/// The parameters of a `/search` request (S3).
public struct ITunesSearchParameters: Sendable, Hashable {
    public var term: String
    public var media: String
    public var entity: String?
    public var attribute: String?
    public var country: String
    public var lang: String?
    public var explicit: Bool
    public var limit: Int
    public var offset: Int

    /// Creates search parameters; `limit` is clamped to the API's 1...200.
    public init(
        term: String, media: String, entity: String? = nil, attribute: String? = nil, country: String = "US",
        lang: String? = nil, explicit: Bool = true, limit: Int = 30, offset: Int = 0
    ) {
        self.term = term
        self.media = media
        self.entity = entity
        self.attribute = attribute
        self.country = country
        self.lang = lang
        self.explicit = explicit
        self.limit = ITunesClient.clampedLimit(limit)
        self.offset = max(offset, 0)
    }

    /// The query items in a fixed order, so equal requests give equal URLs (and cache keys).
    public var queryItems: [(String, String)] {
        var items: [(String, String)] = [("term", term), ("media", media)]
        if let entity { items.append(("entity", entity)) }
        if let attribute { items.append(("attribute", attribute)) }
        items.append(("country", country))
        if let lang { items.append(("lang", lang)) }
        items.append(("explicit", explicit ? "Yes" : "No"))
        items.append(("limit", String(limit)))
        if offset > 0 { items.append(("offset", String(offset))) }
        return items
    }
}
