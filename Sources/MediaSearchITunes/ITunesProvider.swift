import Foundation
import MediaSearchKit

/// A provider backed by the iTunes Search API: declare `media` and `entity`, get searching for free.
public protocol ITunesProvider: MediaProvider {
    /// The iTunes `media` value, e.g. `music`.
    var media: String { get }
    /// The iTunes `entity` value, e.g. `song`.
    var entity: String { get }
}

extension ITunesProvider {
    /// Every iTunes kind asks the same source, so they share its base URL and budget.
    public var source: String { "itunes" }
    public var sourceName: String { "iTunes" }
    public var defaultBaseURL: URL? { ITunesClient.defaultBaseURL }
    /// Apple's documented allowance: about 20 calls a minute.
    public var requestRate: RequestRate? { RequestRate(20, per: 60) }
    /// Apple's artwork (`is1-ssl.mzstatic.com`) and previews (`audio-ssl.itunes.apple.com`).
    public var artworkHosts: [String]? { ["*.mzstatic.com"] }
    public var previewHosts: [String]? { ["*.apple.com", "*.mzstatic.com"] }

    /// Items keep their iTunes record.
    public var payloadTypes: [any MediaPayload.Type] { [ITunesRecord.self] }

    /// iTunes pages with `offset`.
    public var supportsPaging: Bool { true }
    /// The API's most results per request.
    public var maximumLimit: Int? { ITunesClient.resultRange.upperBound }

    /// Searches iTunes with the query and keeps the records of this provider's kind.
    public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        let parameters = ITunesSearchParameters(
            term: query.term, media: media, entity: entity, attribute: query.attribute, country: query.country,
            lang: query.lang, explicit: query.explicit, limit: query.limit, offset: query.offset)
        return try await context.itunes.search(parameters).filter(accepts)
    }

    /// Looks the id up in iTunes and keeps the record only when it is of this provider's kind.
    public func lookup(id: String, context: ProviderContext) async throws -> MediaItem? {
        guard let number = Int(id) else { return nil }
        let records = try await context.itunes.lookup(ITunesLookupParameters(ids: [number], country: context.country))
        return records.first(where: accepts)
    }
}
