import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MediaSearchCore
import MediaSearchKit
import NIOCore

/// `mediasearch serve`: the two screens in a browser and a JSON API, over the same
/// ``SearchSession`` as the CLI (one request budget, cool-down, cache, history and library).
///
/// Pages are rendered on the server with ``HTML``, which escapes by default; the little script
/// there is comes from `/assets/app.js`, and the Content-Security-Policy allows nothing else.
public struct WebServer: Sendable {
    public var session: SearchSession
    /// Answers kept for repeated identical requests, so a reload or a second tab costs nothing.
    let answers = AnswerCache(capacity: 512, lifetime: .seconds(30))

    /// Creates a server over a session; its searches feed the history and the library, but not
    /// the CLI's `show --result N` numbers.
    public init(session: SearchSession) {
        var session = session
        session.savesLastResults = false
        self.session = session
    }

    /// Listens on `host:port` (0 picks a free port) until the task is cancelled; `onReady` is
    /// told the port once the server accepts connections.
    public func run(
        host: String, port: Int, limits: ConnectionLimits = ConnectionLimits(),
        onReady: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        var logger = Logger(label: "mediasearch.web")
        logger.logLevel = .error
        let bound = BoundPort()
        bound.set(port)
        let count = ConnectionCount(limit: limits.maxConnections)
        let idle = TimeAmount.nanoseconds(
            limits.idleTimeout.components.seconds * 1_000_000_000 + limits.idleTimeout.components.attoseconds
                / 1_000_000_000)
        let app = Application(
            router: router(host: host, port: bound),
            server: .http1(
                configuration: .init(additionalChannelHandlers: [ConnectionLimiter(count: count)], idleTimeout: idle)),
            configuration: .init(address: .hostname(host, port: port), serverName: "MediaSearch"),
            onServerRunning: { channel in
                let actual = channel.localAddress?.port ?? port
                bound.set(actual)
                await onReady(actual)
            }, logger: logger)
        do {
            try await app.run()
        } catch let error as IOError {
            throw ListenError(errno: error.errnoCode, host: host, port: port)
        }
    }

    /// Why the server could not listen, in words a user can act on.
    public struct ListenError: Error, CustomStringConvertible {
        public var errno: Int32
        public var host: String
        public var port: Int

        public var description: String {
            switch errno {
            case EADDRINUSE:
                "port \(port) is taken (by another server, or another mediasearch serve); choose another"
                    + " with --port, or --port 0 for any free one"
            case EADDRNOTAVAIL: "\(host) is not an address of this machine; try --host 127.0.0.1"
            case EACCES: "port \(port) needs privileges this user does not have; choose one above 1023"
            default: String(cString: strerror(errno)).lowercased()
            }
        }
    }

    /// Every route: the screens, the API, the assets.
    func router(host: String, port: BoundPort) -> Router<BasicRequestContext> {
        // HEAD answers as GET does, without the body (RFC 9110 9.3.2).
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeaders(configuration: session.configuration))
        router.add(middleware: RequestGuard(host: host, port: port, configuration: session.configuration))
        let routes = WebRoutes(session: session, answers: answers)
        router.get("/") { request, _ in await routes.searchScreen(request) }
        router.get("/item/:kind/:id") { request, context in
            await routes.detailScreen(
                kind: Self.parameter("kind", context), id: Self.parameter("id", context), request: request)
        }
        router.get("/api/search") { request, _ in await routes.searchAPI(request) }
        router.get("/api/items/:kind/:id") { request, context in
            await routes.detailAPI(
                kind: Self.parameter("kind", context), id: Self.parameter("id", context), request: request)
        }
        router.get("/api/providers") { _, _ in routes.providersAPI() }
        router.get("/api/suggest") { request, _ in await routes.suggestAPI(request) }
        router.get("/assets/app.css") { _, _ in WebResponse.asset(Assets.css, type: "text/css; charset=utf-8") }
        router.get("/assets/app.js") { _, _ in
            WebResponse.asset(Assets.js, type: "text/javascript; charset=utf-8")
        }
        router.get("/openapi.json") { _, _ in
            WebResponse.asset(OpenAPIDocument.json, type: "application/json; charset=utf-8")
        }
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        return router
    }

    /// A path parameter, percent-decoded.
    static func parameter(_ name: String, _ context: BasicRequestContext) -> String {
        let raw = context.parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }
}

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

/// Building answers.
enum WebResponse {
    static func html(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        body(html.raw, type: "text/html; charset=utf-8", status: status)
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, type: "application/json; charset=utf-8", status: status)
    }

    static func asset(_ text: String, type: String) -> Response {
        var response = body(text, type: type, status: .ok)
        response.headers[.cacheControl] = "public, max-age=300"
        return response
    }

    static func body(_ text: String, type: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// An error as JSON (`{"error": "...", "status": 400}`) or as a page.
    static func error(status: Int, message: String, json: Bool, configuration: Configuration) -> Response {
        let code = HTTPResponse.Status(code: status)
        if json {
            let text =
                (try? JSONOutput.encode(WebError(error: TextSanitizer.line(message), status: status)))
                ?? "{\"status\":\(status)}\n"
            return WebResponse.json(text, status: code)
        }
        return WebResponse.html(
            Screens.error(status: status, message: message, configuration: configuration), status: code)
    }
}

/// The JSON body of an API error.
struct WebError: Encodable {
    var error: String
    var status: Int
}

/// Answers of identical requests, kept briefly: a reload, a second tab or a benchmark costs one
/// search, not one each. Only complete answers (every provider answered) are kept. Keys are the
/// normalized request (so `&pad=N` or a reordered query is the same entry), and the cache is
/// bounded in bytes as well as in entries: expired entries are swept on every write, the oldest
/// go first past either bound, and an answer larger than an eighth of the bytes is not kept.
actor AnswerCache {
    struct Entry {
        var expires: ContinuousClock.Instant
        var response: Response
        var bytes: Int
    }

    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    private var bytes = 0
    let capacity: Int
    let maxBytes: Int
    let lifetime: Duration

    init(capacity: Int, maxBytes: Int = 16 * 1_048_576, lifetime: Duration) {
        self.capacity = capacity
        self.maxBytes = maxBytes
        self.lifetime = lifetime
    }

    /// Bytes held by the entries, for tests and benchmarks.
    var size: Int { bytes }
    /// Entries held.
    var count: Int { entries.count }

    func get(_ key: String) -> Response? {
        guard let entry = entries[key] else { return nil }
        guard entry.expires > .now else {
            remove(key)
            return nil
        }
        return entry.response
    }

    func put(_ key: String, _ response: Response) {
        let size = (response.body.contentLength ?? maxBytes) + key.utf8.count
        let now = ContinuousClock.now
        for stale in order where entries[stale].map({ $0.expires <= now }) ?? false { remove(stale) }
        remove(key)
        guard size <= maxBytes / 8 else { return }
        order.append(key)
        entries[key] = Entry(expires: now + lifetime, response: response, bytes: size)
        bytes += size
        while order.count > capacity || bytes > maxBytes, let oldest = order.first { remove(oldest) }
    }

    private func remove(_ key: String) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        bytes -= entry.bytes
        order.removeAll { $0 == key }
    }
}
