import Foundation
import MediaSearchKit

/// The transport of `--offline`: every request fails at once with ``MediaSearchError/offline``,
/// so only the response cache (in front of it) and the offline library can answer.
public struct OfflineTransport: HTTPTransport {
    public init() {}

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        throw MediaSearchError.offline
    }
}
