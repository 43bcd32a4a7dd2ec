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

        /// Writes `error` as `null` when there is none, so consumers can rely on the key.
        public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

        public var json: JSONValue {
            .object([
                "kind": .string(kind), "count": JSONValue(count), "error": JSONValue(error.map(TextSanitizer.line)),
                "elapsedMs": JSONValue(elapsedMs),
            ])
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

        /// Writes `term` and `limit` as `null` when unset, so every key is always present.
        public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

        public var json: JSONValue {
            .object([
                "term": JSONValue(term), "filters": .object(filters.mapValues { .string($0) }),
                "kinds": JSONValue(kinds), "limit": JSONValue(limit), "offset": JSONValue(offset),
                "page": JSONValue(page), "country": .string(country), "sort": .string(sort),
            ])
        }
    }

    /// Bumped when a key changes meaning or goes away; new keys may appear without it.
    /// 3 (#72): results carry typed `facts`, sources' `facts` are typed, `artwork` is by named size.
    public var schemaVersion = 3
    public var query: Query
    public var results: [ResultRecord]
    public var providers: [Provider]
    /// Whether another page may exist (some kind returned a full page).
    public var hasMore: Bool
    /// How the offline library answered; `null` for an online answer.
    public var offline: OfflineAnswer?
    /// What the search met besides its results, one line each, as the terminal says them on
    /// stderr (a shared store that is down, a limit clamped, a library not written).
    public var notices: [String] = []

    /// Writes `offline` as `null` for an online answer, so consumers can rely on the key.
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

    /// The document as a JSON value, written by ``JSONOutput/text(_:)`` without `JSONEncoder`.
    public var json: JSONValue {
        .object([
            "schemaVersion": JSONValue(schemaVersion), "query": query.json, "results": .array(results.map(\.json)),
            "providers": .array(providers.map(\.json)), "hasMore": .bool(hasMore), "offline": offline?.json ?? .null,
            "notices": .array(notices.map { .string(TextSanitizer.line($0)) }),
        ])
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
            hasMore: page.hasMore, offline: page.offline, notices: page.notices)
    }
}
