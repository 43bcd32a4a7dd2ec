import Foundation
import MediaSearchKit

/// Follows redirects the way a careful client does: only to the same scheme, host and port, at
/// most ``maxHops`` times, each hop a request of its own through the layers below it (so the
/// request budget counts every hop). A redirect anywhere else is refused, so an answer from
/// another host is never shown or cached under the API's URL.
public struct RedirectingTransport: HTTPTransport {
    /// Redirects followed at most for one request.
    public var maxHops: Int
    public var next: any HTTPTransport

    /// Creates a redirect-following layer over another transport.
    /// The source's name in messages, e.g. `iTunes`.
    public var source: String

    public init(maxHops: Int = 5, next: any HTTPTransport, source: String = "the source") {
        self.source = source
        self.maxHops = max(maxHops, 0)
        self.next = next
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        var current = url
        var hops = 0
        while true {
            let response = try await next.get(current, timeout: timeout)
            guard (300...399).contains(response.status), response.status != 304 else { return response }
            guard let location = response.location,
                let target = URL(string: location, relativeTo: current)?.absoluteURL
            else { throw MediaSearchError.badRedirect("a redirect without a usable Location", source: source) }
            guard target.scheme == url.scheme, target.host == url.host, target.port == url.port else {
                throw MediaSearchError.badRedirect(
                    "a redirect to another host (\(TextSanitizer.line(target.host ?? location))); not followed",
                    source: source)
            }
            guard hops < maxHops else {
                throw MediaSearchError.badRedirect("more than \(maxHops) redirects; stopped", source: source)
            }
            hops += 1
            current = target
        }
    }
}
