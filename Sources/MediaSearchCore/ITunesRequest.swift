import Foundation

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
        self.limit = min(max(limit, 1), 200)
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

/// The parameters of a `/lookup` request.
public struct ITunesLookupParameters: Sendable, Hashable {
    public var ids: [Int]
    public var entity: String?
    public var limit: Int?
    public var sort: String?
    public var country: String?

    /// Creates lookup parameters for one or more ids.
    public init(ids: [Int], entity: String? = nil, limit: Int? = nil, sort: String? = nil, country: String? = nil) {
        self.ids = ids
        self.entity = entity
        self.limit = limit
        self.sort = sort
        self.country = country
    }

    /// The query items in a fixed order.
    public var queryItems: [(String, String)] {
        var items: [(String, String)] = [("id", ids.map(String.init).joined(separator: ","))]
        if let entity { items.append(("entity", entity)) }
        if let limit { items.append(("limit", String(min(max(limit, 1), 200)))) }
        if let sort { items.append(("sort", sort)) }
        if let country { items.append(("country", country)) }
        return items
    }
}

/// Builds request URLs exactly as the API documents them.
public enum ITunesURL {
    /// `base` + `/search` or `/lookup` + the encoded query.
    public static func make(base: URL, path: String, query: [(String, String)]) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path + "?" + query.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        // Every byte outside the unreserved set is percent-encoded above, so the URL always parses.
        return URL(string: text)!
    }

    /// Encodes a value the way the API expects: spaces become `+`, letters, digits and `.-_*` stay,
    /// every other UTF-8 byte is percent-encoded (S2).
    public static func encode(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "*"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                out += "%"
                out += String(byte >> 4, radix: 16, uppercase: true)
                out += String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
