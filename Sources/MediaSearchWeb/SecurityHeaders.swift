import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MediaSearchCore
import MediaSearchKit
import NIOCore

/// Adds the security headers Hummingbird has no middleware for (the referrer and frame
/// policies) to every answer, and turns the router's own errors (an unknown path, a method not
/// allowed) into the same JSON or HTML error as the routes' own. The Content-Security-Policy and
/// `nosniff` are Hummingbird's `ContentSecurityMiddleware`'s, with ``policy(providers:configuration:)``,
/// around this one (``WebServer``), so they reach the errors made here too.
struct SecurityHeaders: RouterMiddleware {
    typealias Context = BasicRequestContext
    let configuration: Configuration

    /// Scripts and styles from this server only; artwork and media from the hosts the enabled
    /// providers declare (``MediaProvider/artworkHosts``, ``MediaProvider/previewHosts``) and
    /// the sources' configured base URLs (a mirror, the demo server's pictures), or from any
    /// http(s) host when an enabled provider may use any (a described source, a podcast's
    /// episodes, a radio station's stream).
    static func policy(providers: [any MediaProvider], configuration: Configuration) -> ContentSecurityPolicy {
        let enabled = configuration.enabledProviders(providers)
        var origins: [String] = []
        for url in enabled.compactMap({ configuration.baseURL(for: $0) }) {
            guard let scheme = url.scheme, let host = url.host else { continue }
            let origin = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)" + (url.port.map { ":\($0)" } ?? "")
            if !origins.contains(origin) { origins.append(origin) }
        }
        func sources(_ hosts: (any MediaProvider) -> [String]?) -> String {
            var list: [String] = []
            for provider in enabled {
                guard let declared = hosts(provider) else { return "https: http:" }
                for host in declared where !list.contains(host) { list.append(host) }
            }
            return (list + origins).joined(separator: " ")
        }
        // A directive's values are variadic: the hosts go as one value, written as a list.
        return [
            .defaultSrc(.none), .scriptSrc(.self), .styleSrc(.self),
            .imgSrc(.self, .uri("data:"), .uri(sources(\.artworkHosts))), .mediaSrc(.uri(sources(\.previewHosts))),
            .connectSrc(.self), .formAction(.self), .baseURI(.none), .frameAncestors(.none),
        ]
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            // A list's item is kept (PUT) and taken off (DELETE), and MCP's messages are posted
            // (and only posted: the server starts no stream, and keeps no session to delete);
            // everything else is only read.
            let listItem = Self.isListItem(request.uri.path)
            let mcp = request.uri.path == "/mcp"
            guard
                mcp
                    ? request.method == .post
                    : request.method == .get || request.method == .head
                        || (listItem && (request.method == .put || request.method == .delete))
            else {
                if mcp {
                    return secured(
                        MCPEndpoint.error(
                            405, "only POST: this server starts no stream of its own", headers: [.allow: "POST"]))
                }
                var refused = WebResponse.error(
                    status: 405, message: listItem ? "only GET, PUT and DELETE are served" : "only GET is served",
                    json: request.uri.path.hasPrefix("/api/"), configuration: configuration)
                refused.headers[.allow] = listItem ? "GET, HEAD, PUT, DELETE" : "GET, HEAD"
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

    /// Whether a path is a list's item (`/api/lists/{name}/items/{kind}/{id}`).
    static func isListItem(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 7 && parts[1] == "api" && parts[2] == "lists" && parts[4] == "items"
            && !parts[3].isEmpty && !parts[5].isEmpty && !parts[6].isEmpty
    }

    private func secured(_ response: Response) -> Response {
        var response = response
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return response
    }
}
