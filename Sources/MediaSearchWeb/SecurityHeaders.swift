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
            // What each path takes: MCP's messages are posted (and only posted: the server starts
            // no stream, and keeps no session to delete); lists and their items are changed;
            // everything else is only read.
            let methods = Self.methods(request.uri.path)
            guard methods.contains(request.method) || (request.method == .head && methods.contains(.get)) else {
                if request.uri.path == "/mcp" {
                    return secured(
                        MCPEndpoint.error(
                            405, "only POST: this server starts no stream of its own", headers: [.allow: "POST"]))
                }
                let names = methods.map(\.rawValue)
                let said =
                    names.count < 2
                    ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
                var refused = WebResponse.error(
                    status: 405, message: "only \(said) \(names.count == 1 ? "is" : "are") served",
                    json: request.uri.path.hasPrefix("/api/"), configuration: configuration)
                let allowed = methods.contains(.get) ? ["GET", "HEAD"] + names.dropFirst() : names
                refused.headers[.allow] = allowed.joined(separator: ", ")
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

    /// The methods a path is served with (GET first where it is read; HEAD goes with GET): a
    /// list's item is kept (PUT) and taken off (DELETE); a list is made (PUT), deleted (DELETE) and
    /// renamed (POST `…/rename`) in the API, and by the pages' forms (POST `/lists`,
    /// `/lists/{name}/rename`, `/lists/{name}/delete`); MCP's messages are posted.
    static func methods(_ path: String) -> [HTTPRequest.Method] {
        if path == "/mcp" { return [.post] }
        if path == "/lists" { return [.get, .post] }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.dropFirst().allSatisfy({ !$0.isEmpty }) else { return [.get] }
        switch (parts.count, parts[1], parts[2]) {
        case (7, "api", "lists") where parts[4] == "items": return [.get, .put, .delete]
        case (4, "api", "lists"): return [.get, .put, .delete]
        case (5, "api", "lists") where parts[4] == "rename": return [.post]
        case (4, "lists", _) where parts[3] == "rename": return [.post]
        case (4, "lists", _) where parts[3] == "delete": return [.get, .post]
        default: return [.get]
        }
    }

    private func secured(_ response: Response) -> Response {
        var response = response
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return response
    }
}
