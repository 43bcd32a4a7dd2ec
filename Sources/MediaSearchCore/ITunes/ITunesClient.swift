import Foundation

/// A client of the iTunes Search API's `/search` and `/lookup` endpoints.
public struct ITunesClient: Sendable {
    /// Where requests go, e.g. `https://itunes.apple.com`; never changed by a response or a value.
    public var baseURL: URL
    /// How requests travel; wrap it to add caching, a rate budget or retries.
    public var transport: any HTTPTransport
    /// The time one request may take, in seconds.
    public var timeout: Double
    /// Told the records of every lookup, e.g. to keep them in the offline library.
    public var onLookup: (@Sendable ([MediaItem]) -> Void)?

    /// Creates a client.
    public init(baseURL: URL, transport: any HTTPTransport = NetworkTransport(), timeout: Double = 10) {
        self.baseURL = baseURL
        self.transport = transport
        self.timeout = timeout
    }

    /// The URL of a search.
    public func url(for parameters: ITunesSearchParameters) -> URL {
        ITunesURL.make(base: baseURL, path: "/search", query: parameters.queryItems)
    }

    /// The URL of a lookup.
    public func url(for parameters: ITunesLookupParameters) -> URL {
        ITunesURL.make(base: baseURL, path: "/lookup", query: parameters.queryItems)
    }

    /// Runs a search and decodes its records.
    /// - Throws: ``MediaSearchError`` or `CancellationError`.
    public func search(_ parameters: ITunesSearchParameters) async throws -> [MediaItem] {
        try await records(at: url(for: parameters))
    }

    /// Runs a lookup and decodes its records; an unknown id gives an empty list, not an error.
    /// - Throws: ``MediaSearchError`` or `CancellationError`.
    public func lookup(_ parameters: ITunesLookupParameters) async throws -> [MediaItem] {
        let items = try await records(at: url(for: parameters))
        if let onLookup {
            // The hook stores records (a SQLite write that may wait for another writer).
            _ = try? await BlockingWork.run { onLookup(items) }
        }
        return items
    }

    /// Fetches a URL and turns the answer into records or a typed error.
    public func records(at url: URL) async throws -> [MediaItem] {
        let response = try await transport.get(url, timeout: timeout)
        return try Self.interpret(response)
    }

    /// Maps an HTTP answer to records: 200 is decoded, 400 carries the API's message, 403/429 are
    /// the rate limit, everything else is an HTTP error.
    public static func interpret(_ response: HTTPResponse) throws(MediaSearchError) -> [MediaItem] {
        switch response.status {
        case 200:
            return try ITunesResponse.decode(response.body)
        case 400:
            throw .badRequest(ITunesResponse.errorMessage(in: response.body) ?? "HTTP 400 Bad Request")
        case 403, 429:
            throw .rateLimited(status: response.status)
        default:
            throw .httpStatus(response.status)
        }
    }
}
