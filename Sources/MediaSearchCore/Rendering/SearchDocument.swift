import Foundation
import MediaSearchKit

/// The JSON document of `mediasearch search --format json`.
public struct SearchDocument: Encodable {
    /// The status of one provider in the document.
    public struct Provider: Encodable {
        public var kind: String
        public var count: Int
        public var error: String?
        public var elapsedMs: Int

        enum CodingKeys: String, CodingKey { case kind, count, error, elapsedMs }

        /// Writes `error` as `null` when there is none, so consumers can rely on the key.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(count, forKey: .count)
            try c.encode(error.map(TextSanitizer.line), forKey: .error)
            try c.encode(elapsedMs, forKey: .elapsedMs)
        }
    }

    /// The request as it ran.
    public struct Query: Encodable {
        public var term: String?
        public var filters: [String: String]
        public var kinds: [String]
        public var limit: Int?
        public var offset: Int
        public var page: Int
        public var country: String
        public var sort: String

        enum CodingKeys: String, CodingKey { case term, filters, kinds, limit, offset, page, country, sort }

        /// Writes `term` and `limit` as `null` when unset, so every key is always present.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(term, forKey: .term)
            try c.encode(filters, forKey: .filters)
            try c.encode(kinds, forKey: .kinds)
            try c.encode(limit, forKey: .limit)
            try c.encode(offset, forKey: .offset)
            try c.encode(page, forKey: .page)
            try c.encode(country, forKey: .country)
            try c.encode(sort, forKey: .sort)
        }
    }

    /// Bumped when a key changes meaning or goes away; new keys may appear without it.
    public var schemaVersion = 2
    public var query: Query
    public var results: [ResultRecord]
    public var providers: [Provider]
    /// Whether another page may exist (some kind returned a full page).
    public var hasMore: Bool
    /// How the offline library answered; `null` for an online answer.
    public var offline: OfflineAnswer?

    enum CodingKeys: String, CodingKey { case schemaVersion, query, results, providers, hasMore, offline }

    /// Writes `offline` as `null` for an online answer, so consumers can rely on the key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(query, forKey: .query)
        try c.encode(results, forKey: .results)
        try c.encode(providers, forKey: .providers)
        try c.encode(hasMore, forKey: .hasMore)
        try c.encode(offline, forKey: .offline)
    }
}

extension SearchDocument {
    /// The document of a page: its query as run, its results (none when it repeats the page
    /// before), every provider's status, and whether more may follow.
    public init(_ page: SearchPage) {
        let request = page.request
        self.init(
            query: .init(
                term: request.term, filters: request.filters, kinds: page.plan.map(\.provider.kind),
                limit: request.limit, offset: request.offset, page: request.page, country: request.country,
                sort: page.order.sort.rawValue),
            results: page.repeatsPrevious ? [] : page.results.map(ResultRecord.init),
            providers: page.outcome.statuses.map {
                .init(kind: $0.kind, count: $0.count, error: $0.error?.description, elapsedMs: Int($0.elapsed * 1000))
            },
            hasMore: page.hasMore, offline: page.offline)
    }
}
