import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MediaSearchCore
import MediaSearchKit
import NIOCore

/// Adds the security headers to every answer, and turns the router's own errors (an unknown
/// path, a method not allowed) into the same JSON or HTML error as the routes' own.
struct SecurityHeaders: RouterMiddleware {
    typealias Context = BasicRequestContext
    let configuration: Configuration

    static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: http: data:; "
        + "media-src https: http:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            guard request.method == .get || request.method == .head else {
                var refused = WebResponse.error(
                    status: 405, message: "only GET is served", json: request.uri.path.hasPrefix("/api/"),
                    configuration: configuration)
                refused.headers[.allow] = "GET, HEAD"
                // An answer to CONNECT carries no body framing a client can rely on (a 2xx would
                // open a tunnel), so the connection is closed after it: the client sees the end
                // at once instead of waiting for the idle time-out.
                if request.method == .connect { refused.headers[.connection] = "close" }
                return secured(refused)
            }
            response = try await next(request, context)
        } catch let error as HTTPError {
            let status = Int(error.status.code)
            let message = status == 404 ? "no such page: \(request.uri.path)" : error.status.reasonPhrase
            response = WebResponse.error(
                status: status, message: message, json: request.uri.path.hasPrefix("/api/"),
                configuration: configuration)
        } catch {
            response = WebResponse.error(
                status: 500, message: "internal error", json: request.uri.path.hasPrefix("/api/"),
                configuration: configuration)
        }
        return secured(response)
    }

    private func secured(_ response: Response) -> Response {
        var response = response
        response.headers[.contentSecurityPolicy] = Self.policy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return response
    }
}
