import Foundation

/// The seam between a provider and the network: a provider asks its source through
/// ``ProviderContext/http`` and never meets the layers behind it (cache, budget, retries).
public protocol HTTPTransport: Sendable {
    /// Performs a GET and returns the whole answer. Redirects are returned, not followed, so
    /// every hop can pass through the request budget.
    /// - Throws: ``MediaSearchError/timedOut(seconds:source:)``, ``MediaSearchError/network(_:neverSent:)``,
    ///   ``MediaSearchError/responseTooLarge(limit:source:)`` or `CancellationError`.
    func get(_ url: URL, timeout: Double) async throws -> HTTPResponse

    /// Performs a GET and reads the answer with `read`, the provider's own decoding: a layer that
    /// keeps answers (the response cache) keeps only those `read` accepted, so an error that a
    /// source sends as a normal answer is never served again from the cache.
    func get<Value: Sendable>(
        _ url: URL, timeout: Double, read: @Sendable (HTTPResponse) throws -> Value
    ) async throws -> Value
}

extension HTTPTransport {
    public func get<Value: Sendable>(
        _ url: URL, timeout: Double, read: @Sendable (HTTPResponse) throws -> Value
    ) async throws -> Value {
        try read(try await get(url, timeout: timeout))
    }
}
