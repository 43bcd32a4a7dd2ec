import Foundation
import MediaSearchKit

/// A client of the iTunes Search API's `/search` and `/lookup` endpoints.
public struct ITunesClient: Sendable {
    /// Apple's API, where requests go unless configured otherwise.
    public static let defaultBaseURL = URL(string: "https://itunes.apple.com")!

    /// The source's name in messages.
    public static let source = "iTunes"

    /// How many results one request may ask for: the API's own range.
    public static let resultRange = 1...200

    /// A limit moved into ``resultRange``.
    public static func clampedLimit(_ limit: Int) -> Int {
        min(max(limit, resultRange.lowerBound), resultRange.upperBound)
    }

    /// Where requests go, e.g. `https://itunes.apple.com`; never changed by a response or a value.
    public var baseURL: URL
    /// How requests travel; wrap it to add caching, a rate budget or retries.
    public var transport: any HTTPTransport
    /// The time one request may take, in seconds.
    public var timeout: Double
    /// Creates a client.
    public init(baseURL: URL, transport: any HTTPTransport, timeout: Double = 10) {
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
        try await records(at: url(for: parameters))
    }

    /// Fetches a URL and turns the answer into records or a typed error.
    public func records(at url: URL) async throws -> [MediaItem] {
        try await transport.get(url, timeout: timeout) { try Self.interpret($0) }
    }

    /// Maps an HTTP answer to records: 200 is decoded, 400 carries the API's message, 403/429 are
    /// the rate limit, everything else is an HTTP error.
    public static func interpret(_ response: HTTPResponse) throws(MediaSearchError) -> [MediaItem] {
        switch response.status {
        case 200:
            return try ITunesResponse.decode(response.body)
        case 400:
            throw .badRequest(ITunesResponse.errorMessage(in: response.body) ?? "HTTP 400 Bad Request", source: source)
        case 403, 429:
            throw .rateLimited(status: response.status, source: source)
        default:
            throw .httpStatus(response.status, source: source)
        }
    }
}

extension ProviderContext {
    /// The iTunes client over this context's transport, at the configured base URL.
    public var itunes: ITunesClient {
        ITunesClient(baseURL: baseURL ?? ITunesClient.defaultBaseURL, transport: http, timeout: timeout)
    }
}
