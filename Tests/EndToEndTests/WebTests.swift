import AsyncHTTPClient
import Foundation
import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import MediaSearchServe
import MediaSearchWeb
import NIOHTTP1
import Synchronization
import TestSlots
import Testing

/// The web face over HTTP: the server `mediasearch serve` runs, wired by the command's own code
/// (its config file, storage paths, budget, cache, history and library) on an ephemeral loopback
/// port, its sources pointed at the fixture server, requests sent by a real HTTP client.
struct WebHarness {
    let fixtures: FixtureServer
    let base: String
    let task: Task<Void, any Error>
    let graceful: WebServer.GracefulStop
    let home: URL
    /// Where the server keeps its files: the CLI's places under `home` (`state/mediasearch/...`).
    let paths: StoragePaths

    static func start(
        routes: FixtureRoutes = .default, timeout: Double = 10, rateLimit: Int = 1000, diskCache: Bool = true,
        limits: ConnectionLimits = ConnectionLimits(), kinds: [String] = CommandRunner.testKinds,
        allowedHosts: [String] = [], extraConfig: String = ""
    ) async throws -> WebHarness {
        let fixtures = try await FixtureServer.start(routes: routes)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("config/mediasearch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var config =
            "providers:\n  itunes: {timeout: \(timeout), rate_limit: \(rateLimit)/min}\n"
            + "  deezer: {timeout: \(timeout)}\n  radio: {timeout: \(timeout)}\ncache:\n  enabled: \(diskCache)\n"
        config += "kinds: [\(kinds.joined(separator: ", "))]\n" + extraConfig
        try Data(config.utf8).write(to: folder.appendingPathComponent("config.yaml"))
        let variables = CommandRunner.privateHome(home).merging(SourceVariables.variables(base: fixtures.baseURL)) {
            _, source in source
        }
        // No test here names a shared store, so none is composed.
        let environment = CommandEnvironment(
            providers: BuiltInProviders.all, sourceTypes: .builtIn, stores: nil,
            variables: variables, currentDirectory: home.path,
            console: Console(out: { _ in }, err: { _ in }))
        let server = try await ServeCommand.server(
            in: environment, configuration: try environment.loadConfiguration(explicitPath: nil),
            network: try NetworkOptions.parse([]), allowedHosts: allowedHosts)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        // Stopped gracefully, as `serve` is on Ctrl-C: cancelling the server's task can leave a
        // connection accepted at that moment unclosed, and NIO traps on it (apple/swift-nio#3481).
        let stop = WebServer.GracefulStop()
        let task = Task { [server] in
            try await server.run(host: "127.0.0.1", port: 0, limits: limits, stop: stop) {
                continuation.yield($0)
            }
        }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        return WebHarness(
            fixtures: fixtures, base: "http://127.0.0.1:\(port)", task: task, graceful: stop, home: home,
            paths: StoragePaths(environment: variables))
    }

    /// Stops the server as Ctrl-C does and waits for it (at most 10 s), then the fixtures, then
    /// removes the private home.
    func stop() async {
        graceful.request()
        await TaskEnd.wait(for: task, atMost: .seconds(10))
        await fixtures.stop()
        try? FileManager.default.removeItem(at: home)
    }

    /// GET (or another method on) a path; the status, the headers by lower-cased name, and the body.
    func get(
        _ path: String, method: HTTPMethod = .GET, headers extra: [String: String] = [:], body: String? = nil
    ) async throws -> (
        status: Int, headers: [String: String], body: String
    ) {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(Array(body.utf8)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 8 * 1_048_576)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return (Int(response.status.code), headers, String(buffer: body))
    }

    /// A raw TCP connection to the server, for requests sent by halves or not at all.
    func openConnection() throws -> Int32 {
        let port = try #require(UInt16(base.split(separator: ":").last ?? ""))
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        try #require(connected)
        return fd
    }

    /// Reads what the server sends on `fd` until it closes the connection (or 20 s pass), off the
    /// cooperative pool; the text and the seconds it took.
    static func readUntilClosed(_ fd: Int32) async -> (text: String, seconds: Double) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let started = Date()
                var answer = Data()
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = recv(fd, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    answer.append(contentsOf: buffer[0..<count])
                }
                continuation.resume(
                    returning: (String(decoding: answer, as: UTF8.self), Date().timeIntervalSince(started)))
            }
        }
    }

    /// Whether a byte arrives on `fd` (within its 20 s receive time-out), waited for off the
    /// cooperative pool: the server that must send it runs on that pool.
    static func receivesAByte(_ fd: Int32) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var byte: UInt8 = 0
                continuation.resume(returning: recv(fd, &byte, 1, 0) == 1)
            }
        }
    }

    /// Sends `request` as it is over a raw TCP connection (no client library to fix its Host or
    /// framing) and returns the status code of the answer and the answer itself.
    func raw(_ request: String) async throws -> (status: Int, text: String) {
        let fd = try openConnection()
        defer { close(fd) }
        _ = request.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
        let (text, _) = await Self.readUntilClosed(fd)
        let status = text.firstMatch(of: /^HTTP\/1\.1 (\d{3})/).flatMap { Int($0.1) } ?? 0
        return (status, text)
    }

    func json(_ path: String) async throws -> (status: Int, object: [String: Any]) {
        let (status, _, body) = try await get(path)
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return (status, try #require(object, "not JSON: \(body)"))
    }
}

@Suite("Web UI and JSON API over HTTP", .slots, .tags(.e2e))
struct WebTests {
    @Test("The search box and the home page name the kinds of media this server searches, in the page's language")
    func theBoxNamesWhatItSearches() async throws {
        let four = try await WebHarness.start()
        TestLifetime.stopAtEnd { await four.stop() }
        let (_, _, home) = try await four.get("/")
        #expect(home.contains("placeholder=\"Songs, movies, audiobooks, podcasts…\""), "\(home)")
        #expect(home.contains("Search songs, movies, audiobooks and podcasts at once."))
        let every = try await WebHarness.start(kinds: ["song", "deezer", "tv", "openlibrary", "radio"])
        TestLifetime.stopAtEnd { await every.stop() }
        let (_, _, english) = try await every.get("/")
        // Deezer's songs are songs: one name for each kind of media, whatever the source (#60).
        #expect(english.contains("placeholder=\"Songs, albums, radio, TV shows, books…\""), "\(english)")
        #expect(english.contains("Search songs, albums, radio, TV shows and books at once."))
        let (_, _, russian) = try await every.get("/?ui=ru")
        #expect(russian.contains("placeholder=\"Песни, альбомы, радио, сериалы, книги…\""), "\(russian)")
        #expect(russian.contains("Ищите песни, альбомы, радио, сериалы и книги сразу."))
    }

    @Test("A detail a link from another site opened, and a placeholder, name the kind of media, not the provider")
    func aLinkedDetailNamesItsKindOfMedia() async throws {
        let web = try await WebHarness.start(kinds: ["song", "deezer"])
        TestLifetime.stopAtEnd { await web.stop() }
        let host = try #require(web.base.split(separator: "/").last.map(String.init))
        let linked = try await web.raw(
            "GET /item/deezer-song/deezer:track:3135556 HTTP/1.1\r\nHost: \(host)\r\nSec-Fetch-Site: cross-site\r\n"
                + "Sec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\nConnection: close\r\n\r\n")
        #expect(linked.text.contains("<span class=\"badge\">Song</span>"), "\(linked.text)")
        // Deezer's songs carry the songs' glyph for the placeholder of artwork that fails.
        let (_, _, page) = try await web.get("/?q=daft+punk&kind=deezer-song")
        #expect(page.contains("data-kind=\"deezer-song\"") && page.contains("data-icon=\"♪\""), "\(page)")
        #expect(!page.contains("data-icon=\"■\""))
    }

    @Test("The search screen shows tiles with artwork, a tab per enabled kind, under a strict CSP")
    func searchScreen() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let (status, headers, page) = try await web.get("/?q=jack+johnson")
        #expect(status == 200)
        #expect(headers["content-type"] == "text/html; charset=utf-8")
        let policy = try #require(headers["content-security-policy"])
        #expect(policy.contains("script-src 'self'") && policy.contains("default-src 'none'"))
        #expect(!policy.contains("unsafe-inline"))
        // Artwork from Apple's image hosts and the configured API (here the fixture server's
        // pictures) only; media from any host, since podcasts' episodes come from their publishers.
        #expect(policy.contains("img-src 'self' data: *.mzstatic.com \(web.fixtures.baseURL);"), "\(policy)")
        #expect(policy.contains("media-src https: http:;"), "\(policy)")
        #expect(page.contains("value=\"jack johnson\""))
        for kind in ["song", "movie", "audiobook", "podcast"] {
            #expect(page.contains("data-kind=\"\(kind)\" data-id="), "a \(kind) tile")
            #expect(
                page.contains("<a href=\"/?q=jack%20johnson&amp;kind=\(kind)&amp;explicit=on\" data-kind=\"\(kind)\""))
        }
        #expect(!page.contains("data-kind=\"album\""), "a kind disabled in config has no tab")
        #expect(page.components(separatedBy: "<img class=\"art\" src=\"https://").count > 10)
        #expect(!page.contains("<script>"), "no inline script")
        #expect(FileManager.default.fileExists(atPath: web.paths.historyFile))
        #expect(
            !FileManager.default.fileExists(atPath: web.paths.lastSearchFile),
            "browsing leaves the terminal's show --result N numbers alone")

        let tab = try await web.get("/?q=jack+johnson&kind=movie")
        #expect(tab.body.contains("data-kind=\"movie\" data-id="))
        #expect(!tab.body.contains("data-kind=\"song\" data-id="))
        #expect(tab.body.contains("aria-current=\"page\">Movies<span class=\"count\">"))
    }

    /// Every route's headers, statuses and methods are `WebRouteTests`' (in process); over a real
    /// connection, HEAD of what is not found is answered without its page too. Read off the socket
    /// itself: an HTTP client reads no body after a HEAD, whatever the server sends.
    @Test("HEAD of a path that is not found answers 404 without a body, over a connection")
    func headOfNotFound() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let host = web.base.replacingOccurrences(of: "http://", with: "")
        for path in ["/nothing", "/api/nothing"] {
            let (status, text) = try await web.raw(
                "HEAD \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            let parts = text.components(separatedBy: "\r\n\r\n")
            #expect(status == 404 && parts.count == 2 && parts[1].isEmpty, "HEAD \(path): \(text.debugDescription)")
            #expect(parts[0].lowercased().contains("x-content-type-options: nosniff"), "HEAD \(path)")
        }
    }

    /// DNS rebinding: a page whose name now points at 127.0.0.1 sends its own name as Host.
    @Test("Only this server's own names are answered; a missing or doubled Host is a 400")
    func hostCheck() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let port = try #require(web.base.split(separator: ":").last.map(String.init))
        func get(_ path: String, _ headers: [String]) async throws -> (status: Int, text: String) {
            try await web.raw(
                "GET \(path) HTTP/1.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n")
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)"] {
            #expect(try await get("/api/providers", ["Host: \(host)"]).status == 200, "\(host)")
        }
        for host in [
            "evil.example:\(port)", "attacker.com", "127.0.0.1", "127.0.0.1:1", "localhost.evil.example:\(port)",
        ] {
            let (status, text) = try await get("/api/suggest?q=", ["Host: \(host)"])
            #expect(status == 421, "\(host)")
            #expect(!text.contains("suggestions"), "\(host) read the history")
        }
        #expect(try await get("/", []).status == 400)
        #expect(try await get("/", ["Host: 127.0.0.1:\(port)", "Host: evil.example"]).status == 400)
    }

    /// Behind a load balancer (docs/deploy.md), `--allow-host` adds the balancer's name, exactly.
    @Test("--allow-host answers to a load balancer's name and port, and to nothing more")
    func allowedHosts() async throws {
        let web = try await WebHarness.start(allowedHosts: ["search.example.net:8080", "Proxy.LAN"])
        TestLifetime.stopAtEnd { await web.stop() }
        func status(_ host: String) async throws -> Int {
            try await web.raw("GET /api/providers HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n").status
        }
        for host in ["search.example.net:8080", "SEARCH.example.net:8080", "proxy.lan", "proxy.lan:80"] {
            #expect(try await status(host) == 200, "\(host)")
        }
        for host in ["search.example.net", "search.example.net:8081", "proxy.lan:8080", "evil.example.net:8080"] {
            #expect(try await status(host) == 421, "\(host)")
        }
    }

    /// Six `<img>` tags on any page the user visits must not write the history or spend the budget.
    @Test("Requests from other sites are refused; a link followed from another site and curl are served")
    func crossSite() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let host = try #require(web.base.split(separator: "/").last.map(String.init))
        func fetch(_ path: String, _ headers: [String]) async throws -> (status: Int, text: String) {
            try await web.raw(
                "GET \(path) HTTP/1.1\r\nHost: \(host)\r\n" + headers.map { $0 + "\r\n" }.joined()
                    + "Connection: close\r\n\r\n")
        }
        func get(_ path: String, _ headers: [String]) async throws -> Int { try await fetch(path, headers).status }
        let image = ["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: no-cors", "Sec-Fetch-Dest: image"]
        #expect(try await get("/?q=pwned", image) == 403)
        #expect(try await get("/api/search?q=pwned", ["Sec-Fetch-Site: same-site", "Sec-Fetch-Mode: cors"]) == 403)
        #expect(try await get("/api/search?q=pwned", ["Origin: http://evil.example"]) == 403)
        #expect(try await get("/?q=pwned", ["Referer: http://evil.example/page"]) == 403)
        #expect(await web.fixtures.requests().isEmpty, "a refused request spent the budget")
        let history = URL(fileURLWithPath: web.paths.historyFile)
        #expect(!FileManager.default.fileExists(atPath: history.path), "a refused request wrote the history")
        // A link followed from another site fills the form and asks to press Search (#39): no
        // request upstream, no history, until the user does so here.
        let link = ["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: document"]
        // The JSON API is for scripts: a navigation there from another site is refused.
        #expect(try await get("/api/search?q=pwned", link) == 403)
        #expect(try await get("/api/items/song/1469577741", link) == 403)
        let followed = try await fetch("/?q=jack", link)
        #expect(followed.status == 200)
        #expect(followed.text.contains("A link from another site opened this search"))
        #expect(followed.text.contains("value=\"jack\""), "the form is filled in")
        #expect(await web.fixtures.requests().isEmpty, "a link from another site spent the budget")
        #expect(!FileManager.default.fileExists(atPath: history.path), "a link from another site wrote the history")
        #expect(
            try await get("/?q=jack&kind=song", ["Sec-Fetch-Site: same-origin", "Sec-Fetch-Mode: navigate"]) == 200)
        #expect(await !web.fixtures.requests().isEmpty)
        #expect(FileManager.default.fileExists(atPath: history.path), "the search pressed here is remembered")
        // The same link again, now that the answer is cached here: still the form, not the results.
        let again = try await fetch("/?q=jack&kind=song", link)
        #expect(again.text.contains("A link from another site opened this search"))
        #expect(try await get("/api/search?q=jack&kind=movie", ["Origin: http://\(host)"]) == 200)
        #expect(try await get("/api/search?q=jack&kind=podcast", []) == 200)
        // A detail is opened the same way: from another site, a link to open it here and nothing
        // asked upstream or kept (the security review's S5); opened here, it is looked up.
        let asked = await web.fixtures.requests().count
        let detail = try await fetch("/item/song/1469577741?explicit=off", link)
        #expect(detail.status == 200)
        #expect(detail.text.contains("A link from another site opened this item"))
        #expect(detail.text.contains("href=\"/item/song/1469577741?explicit=off\""))
        #expect(try await get("/item/song/bad%20id", link) == 400)
        #expect(await web.fixtures.requests().count == asked, "a detail linked from another site asked its source")
        let here = ["Sec-Fetch-Site: same-origin", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: document"]
        let opened = try await fetch("/item/song/1469577741?explicit=off", here)
        #expect(opened.status == 200 && !opened.text.contains("A link from another site opened this item"))
        #expect(await web.fixtures.requests().count > asked, "the detail opened here is looked up")
    }

    @Test("A half-sent request is dropped once idle; past the connection cap, a new one is closed at once")
    func connectionsAreReclaimed() async throws {
        let web = try await WebHarness.start(limits: ConnectionLimits(maxConnections: 3, idleTimeout: .seconds(1)))
        TestLifetime.stopAtEnd { await web.stop() }
        let half = try web.openConnection()
        defer { close(half) }
        _ = send(half, "GET /api/providers HTTP/1.1\r\nHost: 127", 37, 0)
        let (_, seconds) = await WebHarness.readUntilClosed(half)
        #expect(seconds < 10, "a half-sent request was held \(seconds) s")

        // Idle connections would be dropped after 60 s here: one closed within seconds was refused.
        let capped = try await WebHarness.start(limits: ConnectionLimits(maxConnections: 3, idleTimeout: .seconds(60)))
        TestLifetime.stopAtEnd { await capped.stop() }
        let held = try (0..<3).map { _ in try capped.openConnection() }
        // Each held connection is answered once (and kept alive), so the server has surely
        // counted all three before the fourth arrives, however loaded the machine is.
        let host = capped.base.replacingOccurrences(of: "http://", with: "")
        for fd in held {
            _ = "HEAD /favicon.ico HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8CString.withUnsafeBufferPointer {
                send(fd, $0.baseAddress, $0.count - 1, 0)
            }
            #expect(await WebHarness.receivesAByte(fd), "a held connection was not answered")
        }
        let extra = try capped.openConnection()
        let (text, closedAfter) = await WebHarness.readUntilClosed(extra)
        #expect(text.isEmpty && closedAfter < 15, "the fourth connection was served or held \(closedAfter) s")
        close(extra)
        held.forEach { close($0) }
        // The server sees the closes in its own time: places are given back within seconds.
        var reopened = false
        for _ in 0..<100 where !reopened {
            reopened = (try? await capped.json("/api/providers").status) == 200
            if !reopened { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(reopened, "places are given back")
    }

    /// S8, over a real connection: the body trickles in faster than the idle time-out, which it
    /// once reset for ever; the answer comes at once and the connection ends a linger later.
    @Test("A request whose body trickles in is answered and its connection closed within seconds")
    func aTrickledBodyDoesNotHoldItsConnection() async throws {
        let web = try await WebHarness.start(limits: ConnectionLimits(maxConnections: 3, idleTimeout: .seconds(2)))
        TestLifetime.stopAtEnd { await web.stop() }
        let fd = try web.openConnection()
        let host = web.base.replacingOccurrences(of: "http://", with: "")
        _ = "GET /api/providers HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 10000000\r\n\r\n".utf8CString
            .withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
        // A byte every 200 ms for at most 30 s, until the server closes (a send then fails); the
        // socket is closed only once this has stopped, so no send can reach a reused descriptor.
        async let trickled: Void = withCheckedContinuation { continuation in
            Thread.detachNewThread {
                for _ in 0..<150 {
                    guard send(fd, "x", 1, Int32(MSG_NOSIGNAL)) == 1 else { break }
                    usleep(200_000)
                }
                continuation.resume()
            }
        }
        let (text, seconds) = await WebHarness.readUntilClosed(fd)
        await trickled
        close(fd)
        #expect(text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(200))")
        #expect(text.lowercased().contains("connection: close"))
        // Closed by the server: readUntilClosed gives up only after 20 s without a byte.
        #expect(seconds < 15, "the connection was held \(seconds) s")
    }

    @Test("A search whose every provider failed is a 502, with the failures in one sanitized sentence")
    func upstreamFailures() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        await web.fixtures.inject(
            FaultRule(path: "/search", fault: .status(400, body: #"{"errorMessage":"down\u001b[31m"}"#)))
        let (status, object) = try await web.json("/api/search?q=nothing")
        #expect(status == 502)
        let message = try #require(object["error"] as? String)
        #expect(message.hasPrefix("song, movie, audiobook, podcast: iTunes rejected the request"), "\(message)")
        #expect(!message.contains("\u{1B}"))
        #expect(try await web.get("/?q=nothing").status == 502)
    }

    /// Another process holding the budget's database and the history's lock (as a CLI search in
    /// progress or a stuck one does) costs the searches that need them, never the rest of the server.
    @Test("A lock held by another process stalls only the requests that need it")
    func aHeldLockNeverFreezesTheServer() async throws {
        let web = try await WebHarness.start(diskCache: false)
        TestLifetime.stopAtEnd { await web.stop() }
        let releaseBudget = try holdBudgetLock(inCache: web.paths.cacheDirectory)
        var held: [Int32] = []
        for path in [web.paths.historyFile + ".lock"] {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let fd = open(path, O_RDWR | O_CREAT, 0o600)
            try #require(fd >= 0 && flock(fd, LOCK_EX) == 0)
            held.append(fd)
        }
        let waitedBefore = SQLiteConnection.lockWaits.load(ordering: .relaxed)
        let searches = (0..<4).map { n in Task { try await web.get("/?q=locked\(n)").status } }
        // The searches are at the budget's lock once this process's connections wait for it (the
        // test review's finding 8: a 300 ms sleep, after which the check below could pass
        // without a search at the lock).
        for _ in 0..<600 where SQLiteConnection.lockWaits.load(ordering: .relaxed) == waitedBefore {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(SQLiteConnection.lockWaits.load(ordering: .relaxed) > waitedBefore, "no search reached the lock")
        for path in ["/assets/app.js", "/favicon.ico", "/api/providers", "/assets/app.css"] {
            let started = ContinuousClock.now
            let status = try await web.get(path).status
            let took = ContinuousClock.now - started
            #expect([200, 204].contains(status), "\(path)")
            #expect(took < .seconds(5), "\(path) waited \(took) behind a lock")
        }
        held.forEach {
            flock($0, LOCK_UN); close($0)
        }
        releaseBudget()
        for search in searches { #expect(try await search.value == 200) }
    }

    /// Searches waiting for the history's lock (another process holds it) wait without holding a
    /// thread of the blocking pool (8 threads): a search that needs no history, the JSON API's,
    /// is answered while twelve of them still wait (#39).
    @Test func searchesWaitingForTheHistoryLeaveTheBlockingPoolFree() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let lock = web.paths.historyFile + ".lock"
        try FileManager.default.createDirectory(
            atPath: (lock as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let fd = open(lock, O_RDWR | O_CREAT, 0o600)
        try #require(fd >= 0 && flock(fd, LOCK_EX) == 0)
        final class Finished: Sendable { let count = Mutex(0) }
        let finished = Finished()
        // Each on a connection of its own (the HTTP client would queue the ninth).
        let host = web.base.replacingOccurrences(of: "http://", with: "")
        let waiting = (0..<12).map { n in
            Task {
                defer { finished.count.withLock { $0 += 1 } }
                return try await web.raw(
                    "GET /?q=held\(n)&kind=song HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
                ).status
            }
        }
        // Each has asked upstream, so it is at its history, or about to be.
        for _ in 0..<300 where await web.fixtures.requests().count < 12 {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(await web.fixtures.requests().count == 12)
        // The searches are at the history's lock once the lock file is open in this process for
        // twelve waits besides the test's own descriptor (a page waits on it for its entry, and
        // for the earlier searches it offers; the wait itself is the task's sleeps, which nothing
        // outside shows). The test review's finding 8: a 500 ms sleep stood for this.
        let lockPath = URL(fileURLWithPath: lock).resolvingSymlinksInPath().path
        func openOnTheLock() -> Int {
            let folder = "/proc/self/fd"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == lockPath
            }.count
        }
        // More waits than the pool has threads (8) prove the point: a search gives up the lock
        // after 10 s (AtomicFile.lockTimeout), so on a loaded machine the twelve may not all wait
        // at once (CI under four busy loops a core saw them come and go).
        let pool = 8
        for _ in 0..<600 where openOnTheLock() < 1 + pool + 1 { try await Task.sleep(for: .milliseconds(20)) }
        guard openOnTheLock() >= 1 + pool + 1 else {
            // On a machine this loaded the twelve reached the lock one after another and gave up
            // in turn (CI under four busy loops a core: the library's writes, one at a time, spread
            // them over more than the lock's 10 s), so more waits than the pool's threads were
            // never there at once: what this test proves cannot be set up here. Said, not failed.
            withKnownIssue("the searches were never all at the history's lock at once", isIntermittent: true) {
                Issue.record("fewer than \(pool + 1) searches waited on the history's lock at once")
            }
            flock(fd, LOCK_UN)
            close(fd)
            for search in waiting { _ = try? await search.value }
            return
        }
        let (status, document) = try await web.json("/api/search?q=free&kind=song")
        #expect(status == 200 && !document.results.isEmpty)
        // Answered while more searches than the pool's threads were still waiting.
        #expect(
            finished.count.withLock { $0 } <= 12 - (pool + 1),
            "the API's search waited for searches stuck on the history's lock")
        flock(fd, LOCK_UN)
        close(fd)
        for search in waiting { #expect(try await search.value == 200) }
    }

    @Test("The JSON API leaves the history alone; the search screen records it")
    func apiKeepsNoHistory() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        #expect(try await web.json("/api/search?q=scripted").status == 200)
        #expect(
            (try await web.json("/api/suggest?q=").object["suggestions"] as? [String])?.contains("scripted") != true)
        #expect(try await web.get("/?q=typed").status == 200)
        #expect((try await web.json("/api/suggest?q=").object["suggestions"] as? [String])?.contains("typed") == true)
    }

    @Test("Hostile text from the API is escaped and its links dropped")
    func hostileText() async throws {
        var routes = FixtureRoutes.default
        routes.hostileMedia = "audiobook"
        let web = try await WebHarness.start(routes: routes)
        TestLifetime.stopAtEnd { await web.stop() }
        let (_, _, page) = try await web.get("/?q=book&kind=audiobook")
        #expect(page.contains("&lt;script&gt;window.__pwned"))
        #expect(!page.contains("<script>window"))
        #expect(!page.contains("<svg onload"))
        #expect(!page.lowercased().contains("href=\"javascript:"))
        #expect(!page.lowercased().contains("src=\"javascript:"))
        #expect(!page.contains("\u{1B}"))
        let (_, _, detail) = try await web.get("/item/audiobook/990001")
        #expect(
            detail.contains("<dt>Description</dt><dd translate=\"no\">click"),
            "the description's HTML is reduced to its text, the source's own words")
        #expect(!detail.contains("src=\"#\""), "an unsafe artwork link leaves no image")
        #expect(!detail.lowercased().contains("href=\"javascript:"))
        #expect(!detail.contains("\u{202E}"))
        #expect(!detail.contains("<style>"))
    }

    @Test("The detail screen: large artwork, the author, other works that open their own detail")
    func detailScreen() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let (status, _, page) = try await web.get("/item/song/1038991437")
        #expect(status == 200)
        #expect(page.contains("<h1>Angel of Death</h1>"))
        #expect(page.contains("600x600bb.jpg\" alt=\"\" width=\"600\""))
        #expect(page.contains("data-title=\"Author\""))
        #expect(page.contains("data-title=\"Other works by Slayer\""))
        #expect(page.contains("<a class=\"open\" href=\"/item/album/"))
        // The preview plays in the page's one player: a Play among the main actions, a link to the
        // preview itself for a page whose script does not run; no native player (#75 item 3).
        #expect(page.contains("<div class=\"actions\"><a class=\"play primary\" href=\"http://a1743.phobos"))
        #expect(
            !page.contains("<audio")
                && page.contains("<section class=\"now-playing\" hidden aria-label=\"Now playing\""))
        #expect(page.contains("target=\"_blank\" rel=\"noopener noreferrer external\""))

        let album = try #require(
            page.components(separatedBy: "<a class=\"open\" href=\"/item/album/").dropFirst().first?.split(
                separator: "\""
            ).first)
        let opened = try await web.get("/item/album/\(album)")
        #expect(opened.status == 200)
        #expect(opened.body.contains("data-kind=\"album\""))

        let podcast = try await web.get("/item/podcast/1535809341")
        #expect(podcast.status == 200)
        #expect(
            podcast.body.components(separatedBy: "<a class=\"play\" href=\"https://").count == 6,
            "each of the five episodes has its Play")
        #expect(!podcast.body.contains("<audio"))
        #expect(!podcast.body.contains("href=\"/item/episode/"), "no provider renders episodes: no dead link")
        #expect(podcast.body.contains("<a class=\"open outside\" href=\"https://podcasts.apple.com/"))
    }

    /// `sort` and `reverse` change the order, on the API and on the screen alike (#44).
    @Test func sortAndReverseOrderTheResults() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        func results(_ parameters: String) async throws -> [[String: Any]] {
            let (status, document) = try await web.json("/api/search?q=jack&limit=8\(parameters)")
            #expect(status == 200)
            return document.results
        }
        func titles(_ list: [[String: Any]]) -> [String] { list.compactMap { $0["title"] as? String } }
        func inOrder(_ a: String, _ b: String) -> Bool {
            a.compare(b, options: [.caseInsensitive, .diacriticInsensitive, .numeric]) != .orderedDescending
        }
        let relevance = try await results("")
        let byTitle = try await results("&sort=title")
        let backwards = try await results("&sort=title&reverse=on")
        #expect(byTitle.count == relevance.count && byTitle.count > 3)
        #expect(titles(byTitle) != titles(relevance), "the fixture's answer is not already in title order")
        #expect(Set(titles(byTitle)) == Set(titles(relevance)))
        #expect(zip(titles(byTitle), titles(byTitle).dropFirst()).allSatisfy(inOrder), "\(titles(byTitle))")
        #expect(
            zip(titles(backwards), titles(backwards).dropFirst()).allSatisfy { inOrder($1, $0) }, "\(titles(backwards))"
        )
        let prices = try await results("&sort=price&reverse=on").compactMap { $0["price"] as? Double }
        #expect(prices.count > 1 && prices == prices.sorted(by: >), "\(prices)")
        // The screen shows the tiles in the same order as the API.
        let page = try await web.get("/?q=jack&limit=8&sort=title&reverse=on")
        #expect(page.status == 200)
        var shown: [String] = []
        for match in page.body.matches(of: /href="\/item\/[a-z-]+\/([^"?\/]+)"/) {
            let id = String(match.1)
            if !shown.contains(id) { shown.append(id) }
        }
        #expect(shown == backwards.compactMap { $0["id"] as? String })
    }

    @Test("The API returns the CLI's documents, valid against the published schemas")
    func api() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let (status, search) = try await web.json("/api/search?q=jack&limit=5&sort=title")
        #expect(status == 200)
        #expect(try SchemaValidator.load("search.schema.json").errors(search).isEmpty)
        #expect(search.results.count > 0)
        let (detailStatus, detail) = try await web.json("/api/items/song/1038991437")
        #expect(detailStatus == 200)
        #expect(try SchemaValidator.load("detail.schema.json").errors(detail).isEmpty)
        let (_, providers) = try await web.json("/api/providers")
        let kinds = (providers["providers"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(
            kinds == [
                "song", "movie", "audiobook", "podcast", "podcast-episode", "music-video", "album", "deezer-song",
                "deezer-album", "radio", "tv", "librivox", "musicbrainz", "musicbrainz-album", "openlibrary",
            ])
        #expect(try await web.get("/?q=jack").status == 200)  // the screen, not the API, records the history
        let (_, suggestions) = try await web.json("/api/suggest?q=ja")
        let suggested = suggestions["suggestions"] as? [String] ?? []
        #expect(Array(suggested.prefix(2)) == ["jack", "Jack Johnson"], "the history first, then the library")
        #expect(suggested.contains("Jaymie Silk"))
    }

    /// #75 item 5 over HTTP: lists made, renamed and deleted through the JSON API and the pages'
    /// forms (303 to the page, the Location in ASCII), with their codes; never by another site,
    /// not even by a form it posts as a top-level navigation, nor from an opaque origin.
    @Test func listsAreMadeRenamedAndDeletedOverHTTP() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        func said(_ answer: (status: Int, headers: [String: String], body: String)) -> String {
            let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            return "\(answer.status) \(object?["list"] as? String ?? "-") \(object?["changed"] as? Bool ?? false)"
        }
        func names() async throws -> [String] {
            let (_, lists) = try await web.json("/api/lists")
            return (lists["lists"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "") \($0["count"] ?? "")" }
        }
        #expect(said(try await web.get("/api/lists/mix", method: .PUT)) == "200 mix true")
        #expect(said(try await web.get("/api/lists/mix", method: .PUT)) == "200 mix false", "made once")
        #expect(said(try await web.get("/api/lists/mix/rename?to=tunes", method: .POST)) == "200 tunes true")
        #expect(try await web.get("/api/lists/nope/rename?to=x", method: .POST).status == 404)
        #expect(try await web.get("/api/lists/tunes/rename?to=starred", method: .POST).status == 409)
        #expect(
            try await web.get("/api/lists/starred/rename?to=x", method: .POST).status == 409,
            "the starred list keeps its name")
        #expect(try await web.get("/api/lists/tunes/rename", method: .POST).status == 400, "no new name")
        #expect(
            try await web.get("/api/lists/starred", method: .DELETE).status == 409, "the starred list is always there")
        #expect(try await names() == ["starred 0", "tunes 0"])
        // The pages' forms: a list made, renamed and deleted, each answered with a 303 to its page
        // (sent by hand: the HTTP client would follow the redirect).
        let form = ["Content-Type": "application/x-www-form-urlencoded", "Origin": web.base]
        func post(_ path: String, _ body: String) async throws -> (status: Int, location: String?) {
            let host = web.base.dropFirst("http://".count)
            let (status, text) = try await web.raw(
                "POST \(path) HTTP/1.1\r\nHost: \(host)\r\nOrigin: \(web.base)\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)")
            let location = text.firstMatch(of: /\r\n[Ll]ocation: ([^\r]*)\r\n/).map { String($0.1) }
            return (status, location)
        }
        let made = try await post("/lists", "name=%D0%BC%D0%B8%D0%BA%D1%81")
        #expect(made.status == 303 && made.location == "/lists/%D0%BC%D0%B8%D0%BA%D1%81", "\(made)")
        let renamed = try await post("/lists/%D0%BC%D0%B8%D0%BA%D1%81/rename", "to=road+trip")
        #expect(renamed.status == 303 && renamed.location == "/lists/road%20trip", "\(renamed)")
        let ask = try await web.get("/lists/road%20trip/delete")
        #expect(ask.status == 200 && ask.body.contains("name=\"holding\" value=\"0\""))
        // Another site's form, even as a navigation, and a form from an opaque origin: refused.
        let navigation = [
            "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site",
            "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document",
        ]
        #expect(try await web.get("/lists/road%20trip/delete", method: .POST, headers: navigation).status == 403)
        let opaque = ["Content-Type": "application/x-www-form-urlencoded", "Origin": "null"]
        #expect(try await web.get("/lists/road%20trip/delete", method: .POST, headers: opaque).status == 403)
        #expect(try await web.get("/lists", method: .POST, headers: opaque, body: "name=evil").status == 403)
        #expect(try await names() == ["starred 0", "road trip 0", "tunes 0"], "the refused posts changed nothing")
        // A list the page showed empty that holds an item since is not deleted by that page's button.
        #expect(try await web.get("/api/lists/road%20trip/items/song/1038991437", method: .PUT).status == 200)
        let stale = try await web.get("/lists/road%20trip/delete", method: .POST, headers: form, body: "holding=0")
        #expect(stale.status == 400 && stale.body.contains("holds 1 item"))
        let deleted = try await post("/lists/road%20trip/delete", "holding=1")
        #expect(deleted.status == 303 && deleted.location == "/lists", "\(deleted)")
        #expect(said(try await web.get("/api/lists/tunes", method: .DELETE)) == "200 tunes true")
        #expect(said(try await web.get("/api/lists/tunes", method: .DELETE)) == "200 tunes false")
        #expect(try await names() == ["starred 0"], "the starred list is always there")
        let huge = try await web.get(
            "/lists", method: .POST, headers: form, body: "name=" + String(repeating: "a", count: 5000))
        #expect(huge.status == 400, "a form over 4 KiB is the request's fault")
    }

    /// The lists over HTTP (#61): an item kept and taken off through the JSON API, shown on the
    /// Lists page and its own page, downloaded; only from this site, only with PUT and DELETE.
    @Test func listsAreKeptThroughTheAPIAndShownOnTheirPages() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let item = "/api/lists/starred/items/song/1038991437"
        func state(_ answer: (status: Int, headers: [String: String], body: String)) -> String {
            let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            return
                "\(answer.status) listed \(object?["listed"] as? Bool ?? false) changed \(object?["changed"] as? Bool ?? false)"
        }
        #expect(try await web.get(item).status == 404, "not in the list yet")
        let put = try await web.get(item, method: .PUT)
        #expect(state(put) == "200 listed true changed true")
        let again = try await web.get(item, method: .PUT)
        #expect(state(again) == "200 listed true changed false", "kept once")
        #expect(try await web.get("/api/lists/to%20hear/items/song/1469577741", method: .PUT).status == 200)
        let (_, lists) = try await web.json("/api/lists")
        let summaries = (lists["lists"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "") \($0["count"] ?? "")" }
        #expect(summaries == ["starred 1", "to hear 1"])
        let (_, starred) = try await web.json("/api/lists/starred")
        #expect(starred.results.compactMap { $0["title"] as? String } == ["Angel of Death"])
        let schema = try SchemaValidator.load("search.schema.json")
        #expect(starred.results.allSatisfy { schema.errors($0, definition: "result").isEmpty })
        let csv = try await web.get("/api/lists/starred?format=csv")
        #expect(csv.headers["content-disposition"] == "attachment; filename=\"mediasearch-list-starred.csv\"")
        #expect(csv.body.components(separatedBy: "\r\n").count == 3)
        let page = try await web.get("/lists")
        #expect(page.status == 200 && page.body.contains("<a href=\"/lists/to%20hear\" translate=\"no\">to hear</a>"))
        let listPage = try await web.get("/lists/starred")
        #expect(listPage.body.contains("<h1>Starred</h1>") && listPage.body.contains("Angel of Death"))
        #expect(listPage.body.contains("aria-pressed=\"true\" data-kind=\"song\" data-id=\"1038991437\""))
        // Refused: another site's script, another method, a bad name, an unknown kind or id.
        let crossSite = try await web.get(
            item, method: .PUT, headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors"])
        #expect(crossSite.status == 403)
        let post = try await web.get(item, method: .POST)
        #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD, PUT, DELETE")
        #expect(try await web.get("/api/lists/a%2Fb", method: .GET).status == 400)
        #expect(try await web.get("/api/lists/starred/items/nothing/1", method: .PUT).status == 404)
        // An item of a kind this server no longer shows is still read and taken off.
        let gone = MediaItem(id: "g1", title: "Gone", kind: "song")
        #expect(
            try await ListFile(path: web.paths.listsFile, payloadTypes: .none).add(
                gone, kind: "gone", to: "starred", at: Date()))
        #expect(try await web.get("/api/lists/starred/items/gone/g1").status == 200)
        #expect(
            state(try await web.get("/api/lists/starred/items/gone/g1", method: .DELETE))
                == "200 listed false changed true")
        for method in [HTTPMethod.PUT, .DELETE, .GET] {
            #expect(try await web.get("/api/lists/starred/items/song/bad%20id", method: method).status == 400)
        }
        let delete = try await web.get(item, method: .DELETE)
        #expect(state(delete) == "200 listed false changed true")
        #expect(try await web.get(item).status == 404, "taken off, it is gone")
        let (_, after) = try await web.json("/api/lists")
        // The starred list, emptied, stays (#75 item 5).
        #expect(
            (after["lists"] as? [[String: Any]])?.compactMap { "\($0["name"] ?? "") \($0["count"] ?? "")" } == [
                "starred 0", "to hear 1",
            ])
    }

    /// A section of several tracks offers to play them all; every page lists the keyboard's keys
    /// in its language, and the script answers them (#61). The buttons need the script, which
    /// shows them: without it, no page offers what cannot work.
    @Test func tracksPlayAllAndEveryPageListsItsKeys() async throws {
        let web = try await WebHarness.start(kinds: ["song", "deezer"])
        TestLifetime.stopAtEnd { await web.stop() }
        let album = try await web.get("/item/deezer-album/deezer:album:302127")
        #expect(album.status == 200)
        // One Play all, among the main actions (the album has no preview of its own), for the
        // tracks' list, which it names.
        let bar = "<p class=\"play-all\" hidden><button type=\"button\" data-queue=\"tracks-1\">Play all</button></p>"
        #expect(album.body.components(separatedBy: bar).count == 2, "one Play all, for the tracks")
        #expect(album.body.contains("<div class=\"actions\">\(bar)"), "among the main actions")
        #expect(album.body.contains("<ol class=\"tracks\" id=\"tracks-1\">"))
        #expect(album.body.contains("<dialog id=\"keys\" aria-labelledby=\"keys-title\">"))
        #expect(
            album.body.contains("<button type=\"button\" class=\"keys-open\" hidden>Keyboard shortcuts <kbd>?</kbd>"))
        // A song has one preview: nothing to play one after another.
        let song = try await web.get("/item/song/1038991437")
        #expect(song.status == 200 && !song.body.contains("class=\"play-all\""))
        let russian = try await web.get("/item/deezer-album/deezer:album:302127?ui=ru")
        #expect(russian.body.contains("<button type=\"button\" data-queue=\"tracks-1\">Играть всё</button>"))
        #expect(russian.body.contains("<section class=\"now-playing\" hidden aria-label=\"Сейчас играет\""))
        #expect(russian.body.contains("<dd>Перейти к строке поиска</dd>"))
        let script = try await web.get("/assets/app.js")
        #expect(script.body.contains("window.MediaSearchPlayer") && script.body.contains("case \"?\": help(); break;"))
    }

    /// Typed facts in the page's language (#60 item 1): a book's count of editions with its unit
    /// and its language by name, in Russian, with no ISBN on its tile; a release's country and
    /// count of tracks in its detail, its barcode there only, and once.
    @Test func factsAreWrittenInThePagesLanguage() async throws {
        let web = try await WebHarness.start(kinds: ["openlibrary", "musicbrainz-album", "radio"])
        TestLifetime.stopAtEnd { await web.stop() }
        // A station's country, by its code: named in the page's language (it was the source's English).
        let stations = try await web.get("/?q=klara&kind=radio&ui=ru")
        #expect(stations.body.contains("<li>Бельгия</li>") && !stations.body.contains("Belgium"))
        let english = try await web.get("/?q=time+war&kind=openlibrary")
        #expect(english.body.contains("<li>1 edition</li>") && english.body.contains("<li>English</li>"))
        #expect(!english.body.contains("9781534431003"), "a standard id is not on a tile")
        let russian = try await web.get("/?q=time+war&kind=openlibrary&ui=ru")
        #expect(russian.body.contains("<li>1 издание</li>") && russian.body.contains("<li>Английский</li>"))
        let release = try await web.get("/item/musicbrainz-album/94ad3a58-a1cc-46a3-acf4-9cb6c1d6f032?ui=ru")
        #expect(release.status == 200)
        #expect(release.body.contains("<dd>Европа</dd>") && release.body.contains("<dd>12</dd>"))
        // A track's number in a release's list, translated as a season's is.
        #expect(release.body.contains("Трек 1") && !release.body.contains("Track 1"), "\(release.body)")
        // The barcode once: the label's catalog number is the same number.
        #expect(release.body.components(separatedBy: "5052498646524").count == 2, "\(release.body)")
    }

    /// Podcast episodes on the web (#74 item 4): a tile names the show and plays the whole
    /// episode; the episode's detail links to its podcast's detail, where a song links to its album.
    @Test func anEpisodeLeadsToItsPodcast() async throws {
        let web = try await WebHarness.start(kinds: ["podcast", "podcast-episode"])
        TestLifetime.stopAtEnd { await web.stop() }
        let page = try await web.get("/?q=budden&kind=podcast-episode&sort=date&reverse=on")
        #expect(page.status == 200)
        let first = try #require(page.body.firstRange(of: "<li class=\"tile\" data-kind=\"podcast-episode\""))
        let tile = String(page.body[first.lowerBound...].prefix { $0 != "\n" }.prefix(2_000))
        #expect(tile.contains("data-id=\"1000654145267\""), "the newest first: \(tile)")
        #expect(tile.contains("<span class=\"creator\">The Joe Budden Podcast</span>"))
        #expect(tile.contains("<a class=\"play\" href=\""), "it plays: \(tile)")
        let detail = try await web.get("/item/podcast-episode/1000654145267")
        #expect(detail.status == 200)
        #expect(
            detail.body.contains(
                "<p class=\"creator\"><a class=\"album\" href=\"/item/podcast/1535809341\">The Joe Budden Podcast</a></p>"
            ),
            "\(detail.body)")
        let podcast = try await web.get("/item/podcast/1535809341")
        #expect(podcast.status == 200 && podcast.body.contains("<h1>The Joe Budden Podcast</h1>"))
    }

    /// The config's `notice:` is atop every page, in every language, as text (#60 item 8: the
    /// demo's "demo data").
    @Test func theConfigsNoticeIsAtopEveryPage() async throws {
        let web = try await WebHarness.start(
            kinds: ["song"], extraConfig: "notice: \"Demo data: <b>recorded</b>\"\n")
        TestLifetime.stopAtEnd { await web.stop() }
        let line = "<aside class=\"site-notice\" translate=\"no\"><p>Demo data: &lt;b&gt;recorded&lt;/b&gt;</p></aside>"
        for path in ["/", "/?q=jack+johnson", "/item/song/1038991437", "/lists", "/?q=jack&ui=ru", "/no/such/page"] {
            let page = try await web.get(path)
            #expect(page.body.contains(line), "\(path)")
        }
        let plain = try await WebHarness.start(kinds: ["song"])
        TestLifetime.stopAtEnd { await plain.stop() }
        #expect(!(try await plain.get("/")).body.contains("site-notice"))
    }

    /// The results page offers itself as a table and a playlist, from the JSON API: the CLI's
    /// `--format csv` and `--format m3u`, as files named after the search (#61).
    @Test func theResultsDownloadAsATableAndAPlaylist() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let page = try await web.get("/?q=jack+johnson&kind=song")
        let csvLink = "/api/search?q=jack%20johnson&amp;kind=song&amp;explicit=on&amp;format=csv"
        #expect(page.body.contains("<a href=\"\(csvLink)\" download>"), "\(page.body)")
        #expect(
            page.body.contains("Download page 1: <a href=")
                && page.body.contains("format=m3u\" download>Playlist (M3U)</a>"))
        let csv = try await web.get("/api/search?q=jack+johnson&kind=song&explicit=on&format=csv")
        #expect(csv.status == 200)
        #expect(csv.headers["content-type"]?.hasPrefix("text/csv; charset=utf-8") == true)
        #expect(csv.headers["content-disposition"] == "attachment; filename=\"mediasearch-jack-johnson-page1.csv\"")
        let rows = csv.body.components(separatedBy: "\r\n")
        #expect(rows.first == ResultsTable.columns.joined(separator: ","))
        let (_, document) = try await web.json("/api/search?q=jack+johnson&kind=song&explicit=on")
        let ids = document.results.compactMap { $0["id"] as? String }
        #expect(
            !ids.isEmpty
                && rows.dropFirst().prefix(ids.count).map { $0.split(separator: ",").first.map(String.init) } == ids)
        let m3u = try await web.get("/api/search?q=jack+johnson&kind=song&format=M3U")
        #expect(m3u.status == 200 && m3u.body.hasPrefix("#EXTM3U\n#EXTINF:"))
        #expect(m3u.headers["content-type"] == "audio/x-mpegurl; charset=utf-8")
        #expect(m3u.headers["content-disposition"] == "attachment; filename=\"mediasearch-jack-johnson-page1.m3u\"")
        let opml = try await web.get("/api/search?q=jack+johnson&format=opml")
        #expect(opml.status == 200 && opml.headers["content-type"] == "text/x-opml; charset=utf-8")
        #expect(opml.body.contains("xmlUrl=\"https://rss.art19.com/60-minutes\""))
        #expect(opml.headers["content-disposition"] == "attachment; filename=\"mediasearch-jack-johnson-page1.opml\"")
        let all = try await web.get("/?q=jack+johnson")
        #expect(all.body.contains("format=opml\" download>Podcasts (OPML)</a>"), "offered where a result has a feed")
        #expect(!page.body.contains("format=opml"), "and not where none has")
        let wrong = try await web.get("/api/search?q=jack&format=xml")
        #expect(
            wrong.status == 400 && wrong.body.contains("format must be one of json, jsonl, csv, m3u, opml, not 'xml'"))
        #expect(ResultFormat.fileName("Ünïcode & AC/DC: «Live»!") == "mediasearch-unicode-ac-dc-live")
        #expect(ResultFormat.fileName("ジャズ") == "mediasearch")
    }

    /// One policy for a limit out of 1-200 on every face: the web clamps it and says so in the
    /// document's notices, as the command line does on stderr (`limitsAreClampedWithANotice`).
    @Test(arguments: [("0", 1), ("-1", 1), ("201", 200), ("500", 200), ("99999999999999999999", 200)])
    func anOutOfRangeLimitIsClampedWithANotice(limit: String, sent: Int) async throws {
        let web = try await WebHarness.start(diskCache: false)
        TestLifetime.stopAtEnd { await web.stop() }
        let (status, object) = try await web.json("/api/search?q=x&kind=song&limit=\(limit)")
        #expect(status == 200, "\(object)")
        let notices = object["notices"] as? [String] ?? []
        // A number past what an Int holds is said as the largest one.
        #expect(
            notices.contains { $0.hasPrefix("limit ") && $0.hasSuffix(" is outside 1-200; using \(sent)") },
            "\(notices)")
        #expect(await web.fixtures.requests().first?.query["limit"] == String(sent))
    }

    @Test(
        "Bad parameters are a 400 with one sentence, never a 500",
        arguments: [
            ("/api/search?q=x&limit=abc", "limit must be a whole number (1 to 200), not 'abc'"),
            ("/api/search?q=x&limit=", "limit must be a whole number (1 to 200), not ''"),
            ("/api/search?q=x&limit=1e3", "limit must be a whole number (1 to 200), not '1e3'"),
            ("/api/search?q=x&page=99999999999999999999", "page must be a whole number from 1 to 10000"),
            ("/api/search?q=x&sort=loudness", "sort must be one of relevance, title, artist, price, date"),
            ("/api/search?q=x&kind=comet", "kind must be all or one of song, movie, audiobook, podcast"),
            ("/api/search?q=x&explicit=maybe", "explicit must be on or off, not 'maybe'"),
            ("/api/search", "q is required"),
            ("/api/search?q=%20%20", "q is required"),
            ("/api/search?q=" + String(repeating: "a", count: 501), "q is longer than 500 characters"),
            // The web names a filter as its query parameter, never as a command-line option.
            ("/api/search?q=x&year=1700&kind=movie", "year takes a whole number from 1880 to 2100, not '1700'"),
            ("/api/items/song/%E2%80%AEabc", "an item id is 1 to 64 letters, digits"),
        ])
    func badParameters(path: String, message: String) async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let (status, object) = try await web.json(path)
        #expect(status == 400)
        #expect((object["error"] as? String)?.contains(message) == true, "\(object)")
        #expect((object["error"] as? String)?.contains("--") == false, "\(object)")
        let page = try await web.get(path.replacingOccurrences(of: "/api/search", with: "/"))
        if path.hasPrefix("/api/search?") && !path.contains("q=%20") {
            #expect(page.status == 400 && page.body.contains("Bad request"))
        }
    }

    /// CONNECT is refused like any method but GET and HEAD, and the connection ends with the
    /// answer: a client is never left waiting for a body that is not framed.
    @Test func connectIsRefusedAndTheConnectionEnds() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let port = try #require(web.base.split(separator: ":").last)
        let fd = try web.openConnection()
        defer { close(fd) }
        let request = "CONNECT 127.0.0.1:\(port) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        _ = request.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
        let (text, seconds) = await WebHarness.readUntilClosed(fd)
        #expect(text.hasPrefix("HTTP/1.1 405"), "\(text)")
        #expect(text.lowercased().contains("allow: get, head"))
        #expect(seconds < 5, "the connection stayed open \(seconds) s")
    }

    /// An id of another kind is said with the web's own words: a path to open, not a command.
    @Test func anIdOfAnotherKindPointsAtItsPage() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let (status, object) = try await web.json("/api/items/movie/1469577741")
        #expect(status == 404)
        let error = try #require(object["error"] as? String)
        #expect(error.contains("it is a song (/item/song/1469577741)"), "\(error)")
        #expect(!error.contains("mediasearch show"))
    }

    /// A link names any kind and id: only the kinds a search here could show are asked (#39).
    /// Radio and Deezer are off in this config, so neither is asked, whatever the link says.
    @Test func detailLinksAskOnlyEnabledSources() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        for path in [
            "/item/radio/960594a6-0601-11e8-ae97-52543be04c81", "/api/items/radio/x",
            "/api/items/deezer-song/deezer:track:3135556", "/item/deezer-album/deezer:album:302127",
        ] {
            let (status, _, _) = try await web.get(path)
            #expect(status == 404, "\(path)")
        }
        let asked = await web.fixtures.requests().map(\.path)
        #expect(asked.isEmpty, "\(asked)")
        // An enabled kind is still looked up.
        #expect(try await web.json("/api/items/song/1469577741").status == 200)
        #expect(await !web.fixtures.requests().isEmpty)
    }

    /// The language switch of any page, a 404 included, leads only inside this site (#39): for
    /// `//evil.example/x` it used to lead to evil.example.
    @Test func languageLinksStayOnThisSite() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let host = try #require(web.base.split(separator: "/").last.map(String.init))
        for path in ["//evil.example/x", "///evil.example"] {
            let (status, text) = try await web.raw(
                "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(status == 404, "\(path)")
            let links = text.matches(of: /href="([^"]*)" hreflang=/).map { String($0.output.1) }
            #expect(!links.isEmpty, "\(path): no language link")
            for link in links {
                #expect(link.hasPrefix("/") && !link.hasPrefix("//") && !link.hasPrefix("/\\"), "\(path) -> \(link)")
            }
        }
        #expect(HTML.sameOrigin("//evil.example/x?ui=ru") == "/evil.example/x?ui=ru")
        #expect(HTML.sameOrigin("javascript:alert(1)") == "/")
        #expect(HTML.sameOrigin("/?q=jack") == "/?q=jack")
    }

    @Test("A failing provider and a hanging one never stall the page: the others' results show beside them")
    func faults() async throws {
        // Each request has 4 s (and one retry): the hanging movie search gives up after about 8 s,
        // while the healthy kinds, answered from loopback, cannot miss that on a loaded machine.
        let web = try await WebHarness.start(timeout: 4)
        TestLifetime.stopAtEnd { await web.stop() }
        // A 400 is not retried, so its message stays the same however slow the machine is.
        await web.fixtures.inject(FaultRule(path: "/search", query: ["media": "podcast"], fault: .status(400)))
        await web.fixtures.inject(FaultRule(path: "/search", query: ["media": "movie"], fault: .delay(.seconds(30))))
        let started = ContinuousClock.now
        let (status, _, page) = try await web.get("/?q=jack")
        #expect(
            ContinuousClock.now - started < .seconds(20),
            "a speed bound, wide: the page went at the 4 s time-out, not at the movies' 30 s")
        #expect(status == 200)
        // Among the messages, or where its placeholder was when it failed after the first results (#59).
        #expect(
            page.contains(
                "<li class=\"error\" data-kinds=\"podcast\"><strong>Podcasts</strong>: iTunes rejected the request")
                || page.contains(
                    "<li class=\"failed-source\" data-kind=\"podcast\"><p><strong>Podcasts</strong>: iTunes rejected the request"
                ))
        // The hanging kind has its own error line, whichever other kinds share it: among the
        // page's messages, or where its placeholder was when the page filled in as it answered.
        let failedKinds =
            page.matches(of: /<li class="error" data-kinds="([a-z ]+)">/).flatMap {
                $0.1.split(separator: " ").map(String.init)
            } + page.matches(of: /<li class="failed-source" data-kind="([a-z-]+)">/).map { String($0.1) }
        #expect(failedKinds.contains("movie"), "\(failedKinds)")
        #expect(!failedKinds.contains("song"), "\(failedKinds)")
        #expect(page.contains("data-kind=\"song\" data-id="))
        await web.fixtures.clearFaults()
        let again = try await web.get("/?q=jack&limit=10")
        #expect(again.status == 200 && !again.body.contains("class=\"error\""))
    }

    @Test("With explicit content off, names are censored and each tile can reveal its own")
    func censoredNames() async throws {
        var routes = FixtureRoutes.default
        routes.hostileMedia = "audiobook"
        let web = try await WebHarness.start(routes: routes)
        TestLifetime.stopAtEnd { await web.stop() }
        let (_, _, page) = try await web.get("/?q=book&kind=audiobook&explicit=off")
        #expect(page.contains("<span class=\"title\">&lt;script&gt;window.__pwned=&#39;censored&#39;"))
        #expect(
            page.contains(
                "<details class=\"reveal\"><summary>Reveal</summary><span>&lt;script&gt;window.__pwned=&#39;script&#39;"
            ))
        let (_, _, shown) = try await web.get("/?q=book&kind=audiobook&explicit=on")
        #expect(!shown.contains("class=\"reveal\""))

        // A censored tile's detail censors the same names; an uncensored one does not.
        let (_, _, songs) = try await web.get("/?q=jack&kind=song&explicit=off")
        #expect(songs.contains("href=\"/item/song/1540774502?explicit=off\""))
        let (_, _, censoredDetail) = try await web.get("/item/song/1540774502?explicit=off")
        #expect(censoredDetail.contains("Jack Johnson (Byron The Aquarius Remix)"))
        // Each censored name can be revealed on its own, in place.
        #expect(
            censoredDetail.contains(
                "<details class=\"reveal\"><summary>Reveal the title</summary><span>Jack Johnson</span></details>"))
        let (_, _, plainDetail) = try await web.get("/item/song/1540774502?explicit=on")
        #expect(!plainDetail.contains("class=\"reveal\""))
        let (_, detail) = try await web.json("/api/items/song/1540774502?explicit=on")
        #expect(detail["title"] as? String == "Jack Johnson")
        #expect(try await web.get("/item/song/1540774502?explicit=maybe").status == 400)
    }

    @Test("The page shares the request budget and never waits for it: a kind past it says so")
    func budget() async throws {
        let web = try await WebHarness.start(rateLimit: 3)
        TestLifetime.stopAtEnd { await web.stop() }
        let started = ContinuousClock.now
        let (status, _, page) = try await web.get("/?q=jack")
        // A page that waited for the budget would take most of its minute.
        #expect(
            ContinuousClock.now - started < .seconds(40),
            "a speed bound, wide: a page that waited for the budget would take most of its minute")
        #expect(status == 200)
        #expect(await web.fixtures.requests().count == 3)
        #expect(page.contains("the request budget is spent; next request possible in"))
        #expect(!page.contains("--no-wait"), "no command-line advice on a web page")
        #expect(page.contains("wait a minute"))
        // A kind failed: a way to try again, and no spelling advice for a search that did run.
        #expect(page.contains("class=\"retry\""))
        #expect(!page.contains("Check the spelling"))
    }

    /// The controls show what is in force: counts per tab and in all, filters as removable chips
    /// and as fields on a kind's tab, one explicit choice (never `explicit=on&explicit=off`).
    /// The CSP allows artwork and media only from the hosts the enabled sources declare, and any
    /// http(s) host only when an enabled source may use any.
    @Test func thePolicyNamesTheEnabledSourcesHosts() async throws {
        for (kinds, image, media) in [
            (["song", "deezer"], "*.mzstatic.com *.dzcdn.net", "*.apple.com *.mzstatic.com *.dzcdn.net"),
            // A podcast's episodes come from any publisher's host.
            (["movie", "podcast"], "*.mzstatic.com", nil),
        ] {
            let web = try await WebHarness.start(kinds: kinds)
            TestLifetime.stopAtEnd { await web.stop() }
            let policy = try await web.get("/").headers["content-security-policy"] ?? ""
            let origin = " " + web.fixtures.baseURL
            #expect(policy.contains("img-src 'self' data: \(image)\(origin);"), "\(kinds): \(policy)")
            #expect(policy.contains("media-src \(media.map { $0 + origin } ?? "https: http:");"), "\(kinds): \(policy)")
        }
    }

    /// The page speaks the reader's language: Accept-Language picks it, the switch on the page
    /// changes it and a cookie remembers; the words come from one catalog per language.
    @Test func thePageSpeaksEnglishOrRussian() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let english = try await web.get("/?q=jack")
        #expect(english.body.contains("<html lang=\"en\">") && english.body.contains(">Search</button>"))
        #expect(english.body.contains("href=\"/?q=jack&amp;ui=ru\" hreflang=\"ru\""), "the switch keeps the query")
        #expect(english.headers["vary"] == "Accept-Language, Cookie")

        let russian = try await web.get("/?q=jack", headers: ["Accept-Language": "de-DE, ru;q=0.8, en;q=0.5"])
        #expect(russian.body.contains("<html lang=\"ru\">"), "the best language there is a catalog for")
        #expect(russian.body.contains(">Найти</button>") && russian.body.contains(">Все<span class=\"count\">"))
        #expect(russian.body.contains("data-back-for=\"← Назад к результатам по запросу «{term}»\""))
        let german = try await web.get("/?q=jack", headers: ["Accept-Language": "de"])
        #expect(german.body.contains("<html lang=\"en\">"))

        let switched = try await web.get("/?q=jack&ui=ru")
        #expect(switched.body.contains("<html lang=\"ru\">"))
        #expect(switched.headers["set-cookie"]?.hasPrefix("ui=ru;") == true)
        let remembered = try await web.get("/item/song/1469577741", headers: ["Cookie": "ui=ru"])
        #expect(remembered.body.contains("<html lang=\"ru\">"))
        let missing = try await web.get("/item/song/1", headers: ["Cookie": "theme=dark; ui=ru"])
        #expect(missing.status == 404 && missing.body.contains("Вернуться к поиску"), "error pages too")
        let back = try await web.get("/?q=jack&ui=en", headers: ["Cookie": "ui=ru"])
        #expect(back.body.contains("<html lang=\"en\">") && back.headers["set-cookie"]?.hasPrefix("ui=en;") == true)
    }

    /// A station's tags are a list on its page, in its own words (not translated).
    @Test func aStationsTagsAreAListOnItsPage() async throws {
        let web = try await WebHarness.start(kinds: ["radio"])
        TestLifetime.stopAtEnd { await web.stop() }
        let (status, _, page) = try await web.get("/item/radio/960ef421-0601-11e8-ae97-52543be04c81?ui=ru")
        #expect(status == 200)
        #expect(
            page.contains(
                "<ul class=\"tags\" translate=\"no\"><li>classical</li><li>cultural</li><li>jazz</li><li>vrt</li></ul>"
            ), "\(page)")
    }

    /// Tabs are kinds of media, whatever the sources: Songs holds iTunes' and Deezer's songs, there
    /// is no tab per source, and the numbers stay the same on every tab of one search.
    /// A tile's badge and a detail's name the kind of media, never the source's provider key:
    /// a Deezer song is a Song, a TVmaze show a TV show, in the page's language (#60).
    @Test func badgesNameTheKindOfMediaWhateverTheSource() async throws {
        let web = try await WebHarness.start(kinds: ["song", "deezer", "radio", "tv", "openlibrary"])
        TestLifetime.stopAtEnd { await web.stop() }
        for (query, expected) in [
            ("daft+punk", ["Song", "Album"]), ("klara&kind=radio", ["Radio station"]),
            ("silicon+valley&kind=tv", ["TV show"]), ("time+war&kind=openlibrary", ["Book"]),
        ] {
            let (_, _, page) = try await web.get("/?q=\(query)")
            let badges = Set(page.matches(of: /<span class="badge">([^<]*)<\/span>/).map { String($0.1) })
            #expect(badges == Set(expected), "\(query): \(badges)")
        }
        let (_, _, russian) = try await web.get("/?q=daft+punk&ui=ru")
        let badges = Set(russian.matches(of: /<span class="badge">([^<]*)<\/span>/).map { String($0.1) })
        #expect(badges == ["Песня", "Альбом"], "\(badges)")
        let (_, _, detail) = try await web.get("/item/deezer-song/deezer:track:3135556")
        #expect(detail.contains("<span class=\"badge\">Song</span>"))
    }

    /// A show's detail: its cast, then its episodes a season a fold, the last season open, the
    /// seasons and episodes named in the page's language (#60).
    @Test func aShowsSeasonsFoldTheLastOpen() async throws {
        let web = try await WebHarness.start(kinds: ["tv"])
        TestLifetime.stopAtEnd { await web.stop() }
        let (status, _, page) = try await web.get("/item/tv/143")
        #expect(status == 200)
        let folds = page.matches(of: /<section class="section part" data-title="([^"]+)"><details( open)?>/)
        let titles = folds.map { String($0.1) }
        #expect(titles.count > 1 && titles == (1...titles.count).map { "Season \($0)" }, "\(titles)")
        #expect(folds.map { $0.2 != nil } == titles.indices.map { $0 == titles.count - 1 }, "the last open alone")
        let cast = try #require(page.range(of: "data-title=\"Cast\""))
        #expect(cast.lowerBound < page.range(of: "data-title=\"Season 1\"")!.lowerBound, "the cast first")
        let (_, _, russian) = try await web.get("/item/tv/143?ui=ru")
        #expect(russian.contains("<h2>Сезон 1</h2>") && russian.contains("Эпизод 1"), "in Russian")
        #expect(!russian.contains("<h2>Season 1</h2>"))
    }

    @Test func tabsAreKindsOfMediaWithTheSameNumbersOnEveryTab() async throws {
        let web = try await WebHarness.start(kinds: ["song", "deezer", "movie", "radio"])
        TestLifetime.stopAtEnd { await web.stop() }
        let (_, _, all) = try await web.get("/?q=daft+punk")
        // The tabs as they stand at the end: the last of a page that filled in as its sources answered.
        let tabs = try #require(all.matches(of: /<nav class="tabs"[^>]*>(.*?)<\/nav>/).last).1
        let names = tabs.matches(of: /data-kind="([^"]+)"/).map { String($0.1) }
        #expect(names == ["song", "movie", "album", "radio-station"], "one tab per kind of media: \(names)")
        #expect(!tabs.contains("Deezer"), "no tab names a source")
        func number(_ page: Substring, _ tab: String) -> Int? {
            let pattern = tab == "all" ? ">All<" : "data-kind=\"\(tab)\""
            guard let start = page.range(of: pattern) else { return nil }
            let rest = page[start.upperBound...].prefix(200)
            guard let end = rest.firstIndex(of: "/"), let count = rest[..<end].firstMatch(of: /count">([\d,]+)</) else {
                return nil
            }
            return Int(count.1.replacingOccurrences(of: ",", with: ""))
        }
        let total = try #require(number(tabs, "all"))
        #expect(total == all.matches(of: /<li class="tile/).count)
        let songs = try #require(number(tabs, "song"))
        let songTiles = all.matches(of: /<li class="tile" data-kind="(song|deezer-song)"/).count
        #expect(songs == songTiles && songs > 0, "Songs counts iTunes' and Deezer's songs: \(songs) of \(songTiles)")

        let (_, _, onSongs) = try await web.get("/?q=daft+punk&kind=song")
        // The last tabs again: the first of a page that streamed may still say "pending" (the
        // test review's finding 4.3).
        let songTabs = try #require(onSongs.matches(of: /<nav class="tabs"[^>]*>(.*?)<\/nav>/).last).1
        #expect(songTabs.contains("data-kind=\"song\" aria-current=\"page\""))
        #expect(number(songTabs, "all") == total, "All keeps its number on the Songs tab")
        #expect(number(songTabs, "movie") == number(tabs, "movie"), "and so does Movies")
        #expect(number(songTabs, "song") == onSongs.matches(of: /<li class="tile"/).count)
        let kinds = Set(onSongs.matches(of: /<li class="tile" data-kind="([^"]+)"/).map { String($0.1) })
        #expect(kinds == ["song", "deezer-song"], "the Songs tab shows every source's songs: \(kinds)")

        // A source's name is no tab's: none is current, and no number is borrowed.
        let (_, _, deezer) = try await web.get("/?q=daft+punk&kind=deezer")
        let deezerTabs = try #require(deezer.matches(of: /<nav class="tabs"[^>]*>(.*?)<\/nav>/).last).1
        #expect(!deezerTabs.contains("aria-current"), "\(deezerTabs)")
        #expect(number(deezerTabs, "all") == nil && number(deezerTabs, "movie") == nil)
    }

    @Test func controlsShowWhatIsInForce() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let (_, _, all) = try await web.get("/?q=jack")
        let songs = try #require(all.firstMatch(of: /data-kind="song"[^>]*>Songs<span class="count">(\d+)<\/span>/))
        #expect(Int(songs.1) ?? 0 > 0)
        let total = try #require(all.firstMatch(of: />All<span class="count">(\d+)<\/span>/))
        #expect(Int(total.1) == all.matches(of: /<li class="tile/).count)
        #expect(all.matches(of: /name="explicit"/).count == 1)
        #expect(!all.contains("type=\"hidden\" name=\"explicit\""))

        let (_, _, movies) = try await web.get("/?q=star&kind=movie&director=lucas")
        #expect(movies.contains("<details class=\"filters\" open>"))
        #expect(movies.contains("name=\"director\" value=\"lucas\""))
        #expect(movies.contains("name=\"year\""))
        let chip = try #require(movies.firstMatch(of: /<ul class="chips active-filters"[^>]*><li><a href="([^"]+)"/))
        let removal = String(chip.1).replacingOccurrences(of: "&amp;", with: "&")
        #expect(removal.contains("q=star") && removal.contains("kind=movie") && !removal.contains("director"))
        // A kind of media's tab offers its sources' filters: TVmaze's shows are kind=tv-show.
        let shows = try await WebHarness.start(kinds: ["tv"])
        TestLifetime.stopAtEnd { await shows.stop() }
        let (_, _, tv) = try await shows.get("/?q=silicon+valley&kind=tv-show")
        #expect(tv.contains("<details class=\"filters\">"), "no filters on the TV shows' tab")
        #expect(tv.contains("name=\"language\""))

        // The storefront and the language: controls, sent to the source, kept by links.
        #expect(all.contains("name=\"country\" value=\"US\""))
        let (status, _, british) = try await web.get("/?q=love&country=gb&lang=ja_jp&kind=song")
        #expect(status == 200)
        #expect(british.contains("name=\"country\" value=\"GB\""))
        #expect(british.contains("<option value=\"ja_jp\" selected>"))
        let asked = await web.fixtures.requests().filter { $0.query["term"] == "love" }
        #expect(asked.map(\.query["country"]) == ["GB"] && asked.map(\.query["lang"]) == ["ja_jp"])
        #expect(british.contains("country=GB&amp;lang=ja_jp"), "the tabs and pages keep them")
        #expect(try await web.get("/?q=love&country=gbr").status == 400)
        #expect(try await web.get("/api/search?q=love&lang=fr").status == 400)
    }

    /// A target in absolute form (`GET http://other.example/ HTTP/1.1`, the form browsers send
    /// only to proxies) is answered as its `Host` header names it, and that header is checked
    /// (docs/web.md, "Safety"; #58): a foreign Host is a 421 and runs no search, this server's is served.
    @Test func anAbsoluteFormTargetIsAnsweredAsItsCheckedHostSays() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        let host = String(web.base.dropFirst("http://".count))
        let before = await web.fixtures.requests().count
        for target in ["http://other.example/?q=jack", "http://other.example/api/search?q=jack"] {
            let (status, text) = try await web.raw(
                "GET \(target) HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n")
            #expect(status == 421, "\(target): \(text.prefix(200))")
        }
        #expect(await web.fixtures.requests().count == before, "no search ran")
        let (own, _) = try await web.raw(
            "GET http://other.example/api/search?q=jack HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        #expect(own == 200, "answered as its Host (this server) names it")
    }

    /// The answer cache keeps complete answers only (#58): a page or an API answer with a failed
    /// source is asked again at the same address, and once the source is back, it is whole. The
    /// page with a late failing source (which fills in as it answers) is not kept either.
    @Test func onlyCompleteAnswersAreKept() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        // A 400 is not tried again, so the failure is the source's whole answer.
        await web.fixtures.inject(FaultRule(path: "/search", query: ["media": "podcast"], fault: .status(400)))
        for path in ["/?q=jack", "/api/search?q=jack"] {
            let failed = try await web.get(path)
            #expect(failed.body.contains("podcast"), "\(path)")
        }
        let failedPage = try await web.get("/?q=jack")
        #expect(
            failedPage.body.contains("class=\"error\" data-kinds=\"podcast\"")
                || failedPage.body.contains("class=\"failed-source\" data-kind=\"podcast\""))
        await web.fixtures.clearFaults()
        let page = try await web.get("/?q=jack")
        // No error line (a page that streamed has the podcasts' arrival marker, `data-kinds` too:
        // on a busy machine they came last, which is no failure).
        #expect(
            !page.body.contains("class=\"error\" data-kinds=\"podcast\"") && !page.body.contains("failed-source"),
            "\(page.body.components(separatedBy: "class=\"error\"").dropFirst().first?.prefix(600) ?? "")")
        #expect(page.body.contains("data-kind=\"podcast\" data-id="), "the podcasts are there now")
        let api = try await web.get("/api/search?q=jack")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: Any])
        #expect(document.kinds.contains("podcast"), "the API's answer is whole now")
        // And the whole answer is kept: asked again, the sources are not.
        let before = await web.fixtures.requests().count
        _ = try await web.get("/?q=jack")
        _ = try await web.get("/api/search?q=jack")
        #expect(await web.fixtures.requests().count == before)
    }

    /// When a kind failed and the others found nothing, the page says so with a way to try
    /// again, in plain words: no spelling advice for a search that could not run everywhere.
    @Test func aFailedKindIsNotASpellingMistake() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        await web.fixtures.inject(FaultRule(query: ["media": "podcast"], fault: .status(503)))
        let (status, _, page) = try await web.get("/?q=jack&genre=nosuchgenre")
        #expect(status == 200)
        #expect(
            page.contains(
                "<strong>Podcasts</strong>: iTunes answered HTTP 503 — the source is having trouble for now."),
            "\(page)")
        #expect(page.contains("class=\"retry\""))
        #expect(page.contains("Nothing found by the sources that answered."))
        #expect(!page.contains("Check the spelling"))
        let (_, _, healthy) = try await web.get("/?q=jack&genre=nosuchgenre&kind=song")
        #expect(healthy.contains("Check the spelling"))
        #expect(!healthy.contains("class=\"retry\""))
    }

    /// A kind whose one source failed reads as that source's trouble, once: one line naming the
    /// kind's tab and the source, one Try again (no second "try again" in the words), and its tab
    /// says failed where a count would be, never 0; on the All page too (#60).
    @Test func oneSourcesFailureIsSaidOnceAndItsTabSaysFailed() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        await web.fixtures.inject(FaultRule(query: ["media": "podcast"], fault: .status(503)))
        for path in ["/?q=jack&kind=podcast", "/?q=jack"] {
            let (status, _, page) = try await web.get(path)
            // The kind's tab had one source, and it failed: a 502 (its page says why).
            #expect(status == (path.contains("kind=") ? 502 : 200))
            let main = try #require(page.firstRange(of: "<main").map { String(page[$0.lowerBound...]) })
            #expect(main.lowercased().ranges(of: "try again").count == 1, "\(path): \(main)")
            let line = try #require(main.firstMatch(of: /<strong>Podcasts<\/strong>: ([^<]*)/)?.output.1)
            #expect(line == "iTunes answered HTTP 503 — the source is having trouble for now.", "\(path)")
            #expect(!main.contains("every source"), "\(path)")
            // The tabs as they end: a streamed page's last update of them, or its only ones.
            let tab = try #require(
                page.matches(of: /data-kind="podcast"[^>]*>Podcasts(<span[^>]*>[^<]*<\/span>)?<\/a>/).last)
            #expect(tab.output.1 == "<span class=\"count failed\">failed</span>", "\(path): \(tab.output.0)")
        }
        let (_, _, russian) = try await web.get("/?q=jack&kind=podcast&ui=ru")
        #expect(russian.contains("<span class=\"count failed\">сбой</span>"))
    }

    /// A kind whose source failed, on its own tab, after earlier searches filled the library: its
    /// failure and Try again, what the library found said plainly, and no spelling advice.
    @Test func aFailedKindsTabSaysItFailedNotThatNothingMatched() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        _ = try await web.get("/?q=news&kind=podcast")
        await web.fixtures.inject(FaultRule(query: ["media": "podcast"], fault: .status(503)))
        let (_, _, page) = try await web.get("/?q=zzqx&kind=podcast")
        #expect(page.contains("503"), "the failure is said")
        #expect(page.contains("class=\"retry\""), "with Try again")
        #expect(!page.contains("Check the spelling"), "no spelling advice for a search that failed")
        #expect(!page.contains("0 of "), "no '0 of 21 results', which reads as if 21 existed")
        #expect(!page.contains("sources that answered"), "no source answered: the library did")
        #expect(
            page.contains("no result kept on this computer from earlier searches matches (kept: 1)"), "said plainly")
    }

    /// A Russian page says the engine's failures and a request's problems in Russian (the source's
    /// name and its own words stay as they are); the JSON API says them in English, as the CLI's
    /// documents do.
    @Test func failuresAndProblemsAreSaidInThePagesLanguage() async throws {
        let web = try await WebHarness.start()
        TestLifetime.stopAtEnd { await web.stop() }
        await web.fixtures.inject(FaultRule(query: ["media": "podcast"], fault: .status(503)))
        let (_, _, failed) = try await web.get("/?q=news&kind=podcast&ui=ru")
        #expect(failed.contains("iTunes ответил HTTP 503 — у источника временные неполадки."), "\(failed)")
        #expect(!failed.contains("answered"))
        // Fallen back to the library, the reason is said in Russian too.
        await web.fixtures.clearFaults()
        _ = try await web.get("/?q=news&kind=podcast")
        await web.fixtures.inject(FaultRule(query: ["media": "podcast"], fault: .status(503)))
        let (_, _, fallback) = try await web.get("/?q=zzqx&kind=podcast&ui=ru")
        #expect(fallback.contains("iTunes ответил HTTP 503"), "\(fallback)")
        #expect(!fallback.contains("answered"))

        let missing = try await web.get("/item/song/0?ui=ru")
        #expect(missing.status == 404 && missing.body.contains("ничего не найдено по id 0"), "\(missing.body)")
        let bad = try await web.get("/?q=jack&limit=many&ui=ru")
        #expect(bad.status == 400 && bad.body.contains("limit: нужно целое число (от 1 до 200), а не «many»"))
        // A value that looks like a placeholder is shown as typed, never filled.
        let braces = try await web.get("/?q=jack&sort=%7Blist%7D&ui=ru")
        #expect(braces.body.contains("а не «{list}»"), "\(braces.body)")
        let api = try await web.json("/api/search?q=jack&limit=many")
        #expect(api.status == 400)
        #expect(api.object["error"] as? String == "limit must be a whole number (1 to 200), not 'many'")
    }

    @Test("Paging links keep the query; an empty search suggests what to try")
    func pagingAndEmpty() async throws {
        var routes = FixtureRoutes.default
        routes.fillToLimit = true
        let web = try await WebHarness.start(routes: routes)
        TestLifetime.stopAtEnd { await web.stop() }
        let (_, _, first) = try await web.get("/?q=love&kind=song&limit=10")
        #expect(first.contains("rel=\"next\" href=\"/?q=love&amp;kind=song&amp;limit=10&amp;explicit=on&amp;page=2\""))
        let (_, _, second) = try await web.get("/?q=love&kind=song&limit=10&page=2")
        #expect(second.contains("rel=\"prev\""))
        await web.fixtures.setRoutes(FixtureRoutes(search: [:]))
        let (_, _, empty) = try await web.get("/?q=zzzz&kind=song&explicit=off")
        #expect(empty.contains("Nothing found for “zzzz”"))
        #expect(empty.contains("Search every kind"))
        #expect(empty.contains("Include explicit content"))
    }
}

@Suite("mediasearch serve, end to end", .slots, .tags(.e2e))
struct ServeCommandTests {
    /// Starts `mediasearch serve` with these arguments and returns its first stdout line and the
    /// process (to stop), or its whole output when it exits at once.
    func serve(
        _ arguments: [String], api: String = "http://127.0.0.1:9"
    ) async throws -> (first: String, process: ChildProcess, errors: Pipe) {
        let runner = try CommandRunner()
        let process = ChildProcess()
        process.executableURL = runner.executable
        process.arguments = ["serve"] + arguments
        process.environment = runner.environment(["MEDIASEARCH_ITUNES_URL": api])
        let out = Pipe()
        let errors = Pipe()
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        // A server that never announces itself is killed, which ends the read below.
        let announced = Mutex(false)
        process.watchdog(seconds: 60) { !announced.withLock { $0 } }
        defer { announced.withLock { $0 = true } }
        let first = await out.firstLine()
        return (first, process, errors)
    }

    @Test("serve listens on loopback, announces its URL and answers there; Ctrl-C stops it")
    func loopback() async throws {
        let (first, process, _) = try await serve(["--port", "0"])
        process.endsWithTheTest(signal: SIGTERM)
        let url = try #require(first.firstMatch(of: /on (http:\/\/127\.0\.0\.1:\d+\/)/)?.1)
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "\(url)api/providers"), timeout: .seconds(10))
        #expect(response.status.code == 200)
        kill(process.processIdentifier, SIGINT)
        #expect(try await process.exits(within: 30))
        #expect(process.terminationStatus == 130)
    }

    /// SIGTERM (and Ctrl-C) stop `serve` gracefully (#39): a request in flight is answered, then
    /// the process exits (0 for SIGTERM).
    @Test(arguments: [SIGTERM, SIGINT])
    func aStopAnswersTheRequestsInFlight(signal: Int32) async throws {
        let fixtures = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await fixtures.stop() }
        await fixtures.inject(FaultRule(path: "/search", fault: .delay(.seconds(2))))
        let (first, process, _) = try await serve(["--port", "0"], api: fixtures.baseURL)
        process.endsWithTheTest(signal: SIGTERM)
        let url = try #require(first.firstMatch(of: /on (http:\/\/127\.0\.0\.1:\d+\/)/)?.1)
        let pending = Task {
            try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "\(url)api/search?q=jack&kind=song"), timeout: .seconds(60))
        }
        // The request has reached the source (and is waiting on its delay) when the signal comes.
        for _ in 0..<600 where await fixtures.requests().isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        #expect(await !fixtures.requests().isEmpty)
        kill(process.processIdentifier, signal)
        let response = try await pending.value
        #expect(response.status.code == 200, "the request in flight was dropped")
        #expect(try await process.exits(within: 30))
        #expect(process.terminationStatus == (signal == SIGTERM ? 0 : 130))
    }

    @Test("Another host warns that others can reach it; 0 and 0.0.0.0 say they bind every interface")
    func otherHost() async throws {
        for host in ["0.0.0.0", "0"] {
            let (first, process, errors) = try await serve(["--host", host, "--port", "0"])
            process.endsWithTheTest(signal: SIGTERM)
            #expect(first.contains("Serving MediaSearch on http://\(host):"))
            process.terminate()
            #expect(try await process.exits(within: 30))
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(
                said.contains(
                    "warning: listening on \(host), every interface of this machine: anyone who can reach it under any"
                        + " name can search with your request budget and read your search history and offline library"),
                "\(said)")
        }
    }

    @Test("A bad port or host is a usage error; a port in use is one clear line")
    func badArguments() async throws {
        let runner = try CommandRunner()
        let bad = try await runner.run(["serve", "--port", "70000"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--port takes 0 to 65535"))
        let host = try await runner.run(["serve", "--host", "a b"])
        #expect(host.status == 64)
        let (first, process, _) = try await serve(["--port", "0"])
        process.endsWithTheTest(signal: SIGTERM)
        let port = try #require(first.firstMatch(of: /127\.0\.0\.1:(\d+)/)?.1)
        let busy = try await runner.run(["serve", "--port", String(port)], timeout: 20)
        #expect(busy.status == 69)
        #expect(
            busy.stderr.hasPrefix(
                "mediasearch: cannot serve on 127.0.0.1:\(port): port \(port) is taken (by another server, or another"
                    + " mediasearch serve); choose another with --port, or --port 0 for any free one"), "\(busy.stderr)"
        )
        #expect(!busy.stderr.contains("errno"))
        #expect(busy.stderr.split(separator: "\n").count == 1, "\(busy.stderr)")
    }
}
