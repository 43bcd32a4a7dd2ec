import Foundation
import MediaSearchKit

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
        if let limit { items.append(("limit", String(ITunesClient.clampedLimit(limit)))) }
        if let sort { items.append(("sort", sort)) }
        if let country { items.append(("country", country)) }
        return items
    }
}
