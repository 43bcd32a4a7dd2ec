import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchServe
import MediaSearchWeb
import NIOCore
import TestSlots
import Testing

/// The web server's routes in process (#58 item 5): the server `serve` builds, its router
/// driven by HummingbirdTesting's router framework, with no socket and no server task. The
/// sources are the fixture server's, in process too. What needs a connection of its own (a Host
/// header of any name, half-sent requests, the connection cap) stays with `EndToEndTests`.
struct RouteHarness {
    let fixtures: FixtureServer
    let home: URL
    let app: Application<RouterResponder<BasicRequestContext>>

    /// The router testing framework names the server `localhost` with no port: the server is
    /// told it listens on 80, so that its Host check answers that name as it answers
    /// `localhost:<its port>` for real.
    static let port = 80

    static func start(routes: FixtureRoutes = .default, kinds: [String] = CommandRunner.testKinds) async throws
        -> RouteHarness
    {
        let fixtures = try await FixtureServer.start(routes: routes)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("config/mediasearch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("kinds: [\(kinds.joined(separator: ", "))]\n".utf8)
            .write(to: folder.appendingPathComponent("config.yaml"))
        let variables = CommandRunner.privateHome(home).merging(SourceVariables.variables(base: fixtures.baseURL)) {
            _, source in source
        }
        let environment = CommandEnvironment(
            providers: BuiltInProviders.all, sourceTypes: .builtIn, variables: variables, currentDirectory: home.path,
            console: Console(out: { _ in }, err: { _ in }))
        let server = try await ServeCommand.server(
            in: environment, configuration: try environment.loadConfiguration(explicitPath: nil),
            network: try NetworkOptions.parse([]), allowedHosts: [])
        let bound = BoundPort()
        bound.set(port)
        return RouteHarness(
            fixtures: fixtures, home: home, app: Application(router: server.router(host: "127.0.0.1", port: bound)))
    }

    /// Runs `body` with a client of the router.
    func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await app.test(.router, body)
    }

    func stop() async {
        await fixtures.stop()
        try? FileManager.default.removeItem(at: home)
    }
}

@Suite("Web routes, in process", .slots)
struct WebRouteTests {
    @Test("Every answer carries the security headers; HEAD answers as GET does, without a body")
    func securityHeaders() async throws {
        let harness = try await RouteHarness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let paths: [(String, Int)] = [
            ("/", 200), ("/?q=jack", 200), ("/item/song/1038991437", 200), ("/api/search?q=jack", 200),
            ("/api/items/song/1038991437", 200), ("/api/providers", 200), ("/assets/app.js", 200),
            ("/assets/app.css", 200), ("/favicon.ico", 204), ("/openapi.json", 200), ("/nothing", 404),
            ("/api/nothing", 404),
            ("/api/search?q=", 400),
        ]
        try await harness.test { client in
            for (path, expected) in paths {
                for method in [HTTPRequest.Method.get, .head, .post, .delete] {
                    let response = try await client.execute(uri: path, method: method)
                    let name = "\(method.rawValue) \(path)"
                    let status = Int(response.status.code)
                    switch method {
                    case .get: #expect(status == expected, "\(name)")
                    case .head:
                        // A 404's page is dropped from HEAD by the HTTP/1 server, which this
                        // framework has not: `EndToEndTests` checks that over a connection.
                        #expect(
                            status == expected && (response.body.readableBytes == 0 || expected == 404),
                            "\(name): \(status) \(response.body.readableBytes) bytes")
                    default:
                        #expect(status == 405, "\(name)")
                        #expect(response.headers[.allow] == "GET, HEAD", "\(name)")
                    }
                    let policy = response.headers[.contentSecurityPolicy] ?? ""
                    for directive in [
                        "default-src 'none'", "script-src 'self'", "frame-ancestors 'none'", "base-uri 'none'",
                    ] {
                        #expect(policy.contains(directive), "\(name): \(policy)")
                    }
                    #expect(!policy.contains("unsafe-inline"), "\(name)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(name)")
                    #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(name)")
                    #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(name)")
                }
            }
        }
    }

    @Test("The OpenAPI document is served at /openapi.json, the same as Schemas/openapi.json")
    func openAPIDocument() async throws {
        let harness = try await RouteHarness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Schemas/openapi.json")
        let expected = try String(contentsOf: file, encoding: .utf8)
        try await harness.test { client in
            let response = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == expected)
        }
    }

    @Test("Unknown items and pages are 404s, as JSON under /api and as pages elsewhere")
    func notFound() async throws {
        let harness = try await RouteHarness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        try await harness.test { client in
            for path in ["/api/items/song/424242", "/api/items/comet/1", "/api/nothing"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "\(path)")
                let document = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(document != nil, "not JSON: \(String(buffer: response.body))")
            }
            let page = try await client.execute(uri: "/nothing/here", method: .get)
            #expect(page.status == .notFound && String(buffer: page.body).contains("Not found"))
        }
    }

    /// S12: a source that answers an id under another (a merged or renumbered one) once left the
    /// PUT saying "listed" for an id that a GET then did not find and a DELETE did not take off.
    @Test("An item put on a list by its id is found and taken off by that id, whatever id its source answers")
    func aListedItemIsFoundByTheIDItWasPutUnder() async throws {
        let answer = FileManager.default.temporaryDirectory.appendingPathComponent("merged-\(UUID().uuidString).json")
        try Data(#"{"id": 100, "name": "Merged show"}"#.utf8).write(to: answer)
        defer { try? FileManager.default.removeItem(at: answer) }
        var routes = FixtureRoutes.default
        routes.answerFiles["/tvmaze/shows"] = answer.path
        let harness = try await RouteHarness.start(routes: routes, kinds: ["tv"])
        TestLifetime.stopAtEnd { await harness.stop() }
        try await harness.test { client in
            let path = "/api/lists/starred/items/tv/99999"
            func answer(_ response: TestResponse) -> [String: Any] {
                (try? JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8))) as? [String: Any]
                    ?? [:]
            }
            let put = try await client.execute(uri: path, method: .put)
            #expect(put.status == .ok, "\(String(buffer: put.body))")
            #expect(answer(put)["listed"] as? Bool == true, "\(String(buffer: put.body))")
            let get = try await client.execute(uri: path, method: .get)
            #expect(get.status == .ok, "a GET of the path a PUT listed finds it: \(String(buffer: get.body))")
            let delete = try await client.execute(uri: path, method: .delete)
            #expect(answer(delete)["changed"] as? Bool == true, "\(String(buffer: delete.body))")
            let gone = try await client.execute(uri: path, method: .get)
            #expect(gone.status == .notFound)
        }
    }

    /// The starred list is on the Lists page from the first visit, with a word on how to keep
    /// something while every list is empty; it keeps its name: its delete page is a 409 that says
    /// so in the page's language, as the API does in English.
    @Test("The starred list is always there and keeps its name, on the page and in the API")
    func theStarredListIsFixed() async throws {
        let harness = try await RouteHarness.start(kinds: ["tv"])
        TestLifetime.stopAtEnd { await harness.stop() }
        try await harness.test { client in
            let hint = "Nothing kept yet: press ☆ on a result to keep it in your starred list."
            let fresh = String(buffer: try await client.execute(uri: "/lists", method: .get).body)
            #expect(fresh.contains("<a href=\"/lists/starred\">Starred</a>") && fresh.contains(hint), "\(fresh)")
            let delete = try await client.execute(uri: "/lists/starred/delete?ui=ru", method: .get)
            #expect(delete.status == .conflict)
            #expect(
                String(buffer: delete.body).contains(
                    "«Избранное» есть всегда и не переименовывается: звёздочки меняют только его содержимое."))
            let api = try await client.execute(uri: "/api/lists/starred", method: .delete)
            #expect(api.status == .conflict)
            #expect(
                String(buffer: api.body).contains(
                    "“Starred” is always there and keeps its name: stars change what it holds."))
            let put = try await client.execute(uri: "/api/lists/starred/items/tv/143", method: .put)
            #expect(put.status == .ok, "\(String(buffer: put.body))")
            let kept = String(buffer: try await client.execute(uri: "/lists", method: .get).body)
            #expect(kept.contains("<a href=\"/lists/starred\">Starred</a>") && !kept.contains(hint))
        }
    }

    /// A list that is not there is a 404 that names the lists there are, in the page's language
    /// on the page and in English in the API (the catalog's words); the starred list is always there, empty or not.
    @Test("A missing list is a 404 naming the lists there are, on the page and in the API")
    func aMissingListIsNotFound() async throws {
        let harness = try await RouteHarness.start(kinds: ["tv"])
        TestLifetime.stopAtEnd { await harness.stop() }
        try await harness.test { client in
            #expect(try await client.execute(uri: "/api/lists/starred", method: .get).status == .ok)
            let none = try await client.execute(uri: "/api/lists/nope", method: .get)
            #expect(none.status == .notFound)
            #expect(String(buffer: none.body).contains("There is no list “nope”. Your lists: Starred."))
            let put = try await client.execute(uri: "/api/lists/to%20watch/items/tv/143", method: .put)
            #expect(put.status == .ok, "\(String(buffer: put.body))")
            let api = try await client.execute(uri: "/api/lists/nope", method: .get)
            #expect(String(buffer: api.body).contains("There is no list “nope”. Your lists: Starred, to watch."))
            let page = try await client.execute(uri: "/lists/nope?ui=ru", method: .get)
            #expect(page.status == .notFound)
            #expect(String(buffer: page.body).contains("Списка «nope» нет. Ваши списки: Избранное, to watch."))
        }
    }

    /// #76 item 6: an `Origin` or `Referer` that only starts with this server's origin is another
    /// site's (`http://localhost0`, `http://localhost.evil.example`): a bare prefix comparison
    /// would let it spend the budget and write the history.
    @Test("Look-alike origins and referers are other sites: refused, nothing asked upstream or kept")
    func lookAlikeOriginsAreRefused() async throws {
        let harness = try await RouteHarness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let own = "http://localhost"
        let lookAlikes: [(String, String)] = [
            ("Origin", own + "0"), ("Origin", own + ".evil.example"), ("Origin", own + "@evil.example"),
            ("Referer", own + "0/page"), ("Referer", own + ".evil.example/"), ("Referer", own + ":8080.evil.example/x"),
        ]
        try await harness.test { client in
            for (name, value) in lookAlikes {
                for path in ["/api/search?q=pwned", "/?q=pwned&kind=song"] {
                    let response = try await client.execute(
                        uri: path, method: .get, headers: [HTTPField.Name(name)!: value])
                    #expect(response.status == .forbidden, "\(name): \(value) on \(path)")
                }
            }
            #expect(await harness.fixtures.requests().isEmpty, "a look-alike origin spent the budget")
            let kept = FileManager.default.enumerator(atPath: harness.home.path)?.compactMap { $0 as? String } ?? []
            #expect(!kept.contains { $0.hasSuffix("history.json") }, "a look-alike origin wrote the history: \(kept)")
            // The server's own origin is served, as a page of its own asks.
            let own = try await client.execute(
                uri: "/api/search?q=jack&kind=song", method: .get, headers: [.origin: own])
            #expect(own.status == .ok)
            #expect(await !harness.fixtures.requests().isEmpty)
        }
    }
}
