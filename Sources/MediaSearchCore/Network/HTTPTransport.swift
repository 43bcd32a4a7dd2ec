import Foundation

/// The seam between the iTunes client and the network, so tests and other sources can swap it.
public protocol HTTPTransport: Sendable {
    /// Performs a GET and returns the whole answer. Redirects are returned, not followed (see
    /// ``RedirectingTransport``), so every hop can pass through the request budget.
    /// - Throws: ``MediaSearchError/timedOut(seconds:)``, ``MediaSearchError/network(underlying:)``,
    ///   ``MediaSearchError/responseTooLarge(limit:)`` or `CancellationError`.
    func get(_ url: URL, timeout: Double) async throws -> HTTPResponse
}
