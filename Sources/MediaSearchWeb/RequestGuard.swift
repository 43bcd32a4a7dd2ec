import Foundation
import HTTPTypes
import Hummingbird
import MediaSearchCore
import MediaSearchKit
import Synchronization

/// Who may drive the server: only its own user, through its own address.
///
/// - **Host** (DNS rebinding): a page whose name was rebound to 127.0.0.1 sends its own name as
///   `Host`. Only `127.0.0.1`, `localhost` and `[::1]` with the bound port are answered, plus the
///   host `--host` names, and each name `--allow-host` gives (a load balancer's, with its port:
///   `search.example.net`, `127.0.0.1:8080`); a wildcard `--host` (`0.0.0.0`, `::`) answers any name, and `serve`
///   warns about it. A request without exactly one `Host` is a 400 (RFC 9112 3.2), another name
///   a 421 (Misdirected Request), the way Vite's `server.allowedHosts` and Jupyter refuse them.
/// - **Cross-site requests** (an `<img>` or `fetch` on another site's page would write the
///   history and spend the request budget): refused (403) when the browser says the request is
///   `cross-site` or `same-site` (`Sec-Fetch-Site`), unless it is a top-level navigation that reads (a
///   link the user follows), or, from a browser that sends no `Sec-Fetch-Site`, when its
///   `Origin` or `Referer` is another site. curl and scripts send neither and are answered.
struct RequestGuard: RouterMiddleware {
    typealias Context = BasicRequestContext
    let configuration: Configuration
    /// The names this server answers to besides loopback: `--host`, when it is not a wildcard.
    let extraHost: String?
    /// Whether `--host` is a wildcard, which answers every name.
    let anyHost: Bool
    let port: BoundPort
    /// `--allow-host`: exact authorities, lower-cased, with the port (80 when none is given).
    let allowed: Set<String>

    init(host: String, port: BoundPort, configuration: Configuration, allowedHosts: [String] = []) {
        self.configuration = configuration
        self.port = port
        allowed = Set(allowedHosts.map { Self.withPort($0.lowercased()) })
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        anyHost = bare == "0.0.0.0" || bare == "::"
        extraHost = Self.loopback.contains(Self.bracketed(bare)) || anyHost ? nil : Self.bracketed(bare)
    }

    static let loopback: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// An authority with its port: `name` is `name:80`.
    static func withPort(_ authority: String) -> String {
        let afterHost = authority.hasPrefix("[") ? authority.split(separator: "]").dropFirst().joined() : authority
        return afterHost.contains(":") ? authority : authority + ":80"
    }

    static func bracketed(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let refusal = refusal(of: request) { return refusal }
        return try await next(request, context)
    }

    /// The answer that refuses the request, or `nil` to serve it.
    func refusal(of request: Request) -> Response? {
        let json = Self.isForPrograms(request.uri.path)
        guard let authority = request.head.authority, !request.headers.contains(HTTPField.Name("Host")!) else {
            return WebResponse.error(
                status: 400, message: "a request needs exactly one Host header", json: json,
                configuration: configuration)
        }
        guard anyHost || accepts(authority: authority) || allowed.contains(Self.withPort(authority.lowercased())) else {
            return WebResponse.error(
                status: 421,
                message: "this server answers to http://127.0.0.1:\(port.value)/ (and localhost), not to \(authority)",
                json: json, configuration: configuration)
        }
        guard isSameSite(request, authority: authority) else {
            return WebResponse.error(
                status: 403,
                message: "requests from other sites are refused: open http://127.0.0.1:\(port.value)/ yourself",
                json: json, configuration: configuration)
        }
        return nil
    }

    /// Whether a path is for programs (the JSON API, MCP), which no page of another site may send
    /// a browser to, and whose refusals are JSON.
    static func isForPrograms(_ path: String) -> Bool { path.hasPrefix("/api/") || path == "/mcp" }

    /// Whether `authority` (`host[:port]`) names this server.
    func accepts(authority: String) -> Bool {
        let lower = authority.lowercased()
        let host: String
        let portText: String?
        if lower.hasPrefix("["), let close = lower.firstIndex(of: "]") {
            host = String(lower[...close])
            let rest = lower[lower.index(after: close)...]
            portText = rest.hasPrefix(":") ? String(rest.dropFirst()) : (rest.isEmpty ? nil : "invalid")
        } else {
            let parts = lower.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return false }
            host = String(parts[0])
            portText = parts.count == 2 ? String(parts[1]) : nil
        }
        guard Self.loopback.contains(host) || host == extraHost else { return false }
        let bound = port.value
        if let portText { return Int(portText) == bound }
        return bound == 80
    }

    /// Whether the request comes from this server's own pages, a link the user followed, or a
    /// client that is no browser page at all.
    func isSameSite(_ request: Request, authority: String) -> Bool {
        let headers = request.headers
        if let site = headers[HTTPField.Name("Sec-Fetch-Site")!] {
            switch site {
            case "same-origin", "none": return true
            default:
                // A top-level navigation (a link, a bookmark from another site) is the user's own;
                // but not to the JSON API, which is for scripts (they send no Sec-Fetch-Site): a
                // page elsewhere that sends the browser there would spend the budget unasked. Nor
                // a form another site posts (it would make, rename or delete lists): only reads.
                if Self.isForPrograms(request.uri.path) { return false }
                guard request.method == .get || request.method == .head else { return false }
                return headers[HTTPField.Name("Sec-Fetch-Mode")!] == "navigate"
                    && headers[HTTPField.Name("Sec-Fetch-Dest")!] == "document"
            }
        }
        let own = ["http://\(authority.lowercased())"]
        let reads = request.method == .get || request.method == .head
        for name in ["Origin", "Referer"] {
            guard let value = headers[HTTPField.Name(name)!]?.lowercased() else { continue }
            // An opaque origin (a sandboxed frame, a page that sends no referrer) may read, but a
            // change it posts is another site's.
            if value == "null" {
                if reads { continue }
                return false
            }
            if !own.contains(where: { value == $0 || value.hasPrefix($0 + "/") }) { return false }
        }
        return true
    }
}
