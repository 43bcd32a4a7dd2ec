import Foundation

/// An HTTP answer: status, headers of interest and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String?
    /// The `Location` header of a redirect (3xx), as sent.
    public var location: String?
    public var body: Data

    /// Creates a response.
    public init(status: Int, contentType: String? = nil, location: String? = nil, body: Data) {
        self.status = status
        self.contentType = contentType
        self.location = location
        self.body = body
    }
}

/// The seam between the iTunes client and the network, so tests and other sources can swap it.
public protocol HTTPTransport: Sendable {
    /// Performs a GET and returns the whole answer. Redirects are returned, not followed (see
    /// ``RedirectingTransport``), so every hop can pass through the request budget.
    /// - Throws: ``MediaSearchError/timedOut(seconds:)``, ``MediaSearchError/network(underlying:)``,
    ///   ``MediaSearchError/responseTooLarge(limit:)`` or `CancellationError`.
    func get(_ url: URL, timeout: Double) async throws -> HTTPResponse
}
