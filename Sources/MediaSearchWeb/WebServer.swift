import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MediaSearchCore
import MediaSearchKit
import NIOCore
import ServiceLifecycle
import Synchronization

/// `mediasearch serve`: the two screens in a browser and a JSON API, over the same
/// ``SearchSession`` as the CLI (one request budget, cool-down, cache, history and library).
///
/// Pages are drawn on the server from templates (``Templates``), which escape every value; the little script
/// there is comes from `/assets/app.js`, and the Content-Security-Policy allows nothing else.
public struct WebServer: Sendable {
    public var session: SearchSession
    /// Names (`host` or `host:port`) the server answers to besides its own address, as a load
    /// balancer in front of it passes them on in `Host` (`serve --allow-host`, docs/deploy.md).
    public var allowedHosts: [String] = []
    /// Answers kept for repeated identical requests, so a reload or a second tab costs nothing.
    let answers = AnswerCache(capacity: 512, lifetime: .seconds(30))

    /// Creates a server over a session; its searches feed the history and the library, but not
    /// the CLI's `show --result N` numbers.
    public init(session: SearchSession) {
        var session = session
        session.savesLastResults = false
        session.words = .web
        self.session = session
    }

    /// Listens on `host:port` (0 picks a free port) until the task is cancelled; `onReady` is
    /// told the port once the server accepts connections.
    ///
    /// `stop` ends it gracefully: it stops accepting connections and answers the requests in
    /// flight first (task cancellation ends it at once).
    public func run(
        host: String, port: Int, limits: ConnectionLimits = ConnectionLimits(), stop: GracefulStop? = nil,
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
                configuration: .init(
                    additionalChannelHandlers: [ConnectionLimiter(count: count), CloseAfterResponse()],
                    idleTimeout: idle)),
            configuration: .init(address: .hostname(host, port: port), serverName: "MediaSearch"),
            onServerRunning: { channel in
                let actual = channel.localAddress?.port ?? port
                bound.set(actual)
                await onReady(actual)
            }, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        if stop?.attach(group) == true { return }
        do {
            try await group.run()
        } catch let error as IOError {
            throw ListenError(errno: error.errnoCode, host: host, port: port)
        }
    }

    /// A switch that stops a running server gracefully, from any thread (a signal handler's).
    public final class GracefulStop: Sendable {
        private let state = Mutex<(group: ServiceGroup?, requested: Bool)>((nil, false))

        public init() {}

        /// Stops the server once its requests in flight are answered (or before it starts).
        public func request() {
            let group = state.withLock { state -> ServiceGroup? in
                state.requested = true
                return state.group
            }
            if let group { Task { await group.triggerGracefulShutdown() } }
        }

        /// Attaches the server's group; `true` when a stop was requested already.
        func attach(_ group: ServiceGroup) -> Bool {
            state.withLock { state in
                state.group = group
                return state.requested
            }
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
    package func router(host: String, port: BoundPort) -> Router<BasicRequestContext> {
        // HEAD answers as GET does, without the body (RFC 9110 9.3.2).
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: LanguageMiddleware(notice: session.configuration.notice))
        router.add(
            middleware: ContentSecurityMiddleware<BasicRequestContext>(
                contentSecurityPolicy: SecurityHeaders.policy(
                    providers: session.providers, configuration: session.configuration)))
        router.add(middleware: SecurityHeaders(configuration: session.configuration))
        router.add(
            middleware: RequestGuard(
                host: host, port: port, configuration: session.configuration, allowedHosts: allowedHosts))
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
        router.get("/lists") { _, _ in await routes.listsScreen() }
        router.get("/lists/:name") { _, context in await routes.listScreen(name: Self.parameter("name", context)) }
        router.post("/lists") { request, _ in await routes.createListForm(request) }
        router.post("/lists/:name/rename") { request, context in
            await routes.renameListForm(name: Self.parameter("name", context), request: request)
        }
        router.get("/lists/:name/delete") { _, context in
            await routes.deleteListScreen(name: Self.parameter("name", context))
        }
        router.post("/lists/:name/delete") { request, context in
            await routes.deleteListForm(name: Self.parameter("name", context), request: request)
        }
        router.get("/api/lists") { _, _ in await routes.listsAPI() }
        router.put("/api/lists/:name") { _, context in
            await routes.listChangeAPI(.create, name: Self.parameter("name", context))
        }
        router.delete("/api/lists/:name") { _, context in
            await routes.listChangeAPI(.delete, name: Self.parameter("name", context))
        }
        router.post("/api/lists/:name/rename") { request, context in
            await routes.listChangeAPI(
                .rename(to: QueryString.parse(request.uri.query)["to"]), name: Self.parameter("name", context))
        }
        router.get("/api/lists/:name") { request, context in
            await routes.listAPI(name: Self.parameter("name", context), request: request)
        }
        for method in [HTTPRequest.Method.get, .put, .delete] {
            router.on("/api/lists/:name/items/:kind/:id", method: method) { request, context in
                await routes.listItemAPI(
                    method: method, name: Self.parameter("name", context), kind: Self.parameter("kind", context),
                    id: Self.parameter("id", context), request: request)
            }
        }
        router.get("/api/providers") { _, _ in routes.providersAPI() }
        router.get("/api/suggest") { request, _ in await routes.suggestAPI(request) }
        router.get("/assets/app.css") { _, _ in WebResponse.asset(Assets.css, type: "text/css; charset=utf-8") }
        router.get("/assets/app.js") { _, _ in
            WebResponse.asset(Assets.script, type: "text/javascript; charset=utf-8")
        }
        router.get("/assets/stream.js") { _, _ in
            WebResponse.asset(Assets.stream, type: "text/javascript; charset=utf-8")
        }
        router.get("/openapi.json") { _, _ in
            WebResponse.asset(OpenAPIDocument.json, type: "application/json; charset=utf-8")
        }
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        // MCP for assistants (docs/mcp.md); any other method is 405 (SecurityHeaders).
        let mcp = MCPEndpoint(server: MCPServer(tools: MCPFace.tools(session: session)))
        router.post("/mcp") { request, _ in await mcp.respond(request) }
        return router
    }

    /// A path parameter, percent-decoded.
    static func parameter(_ name: String, _ context: BasicRequestContext) -> String {
        let raw = context.parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }
}
