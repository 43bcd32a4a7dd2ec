import ArgumentParser
import Foundation
import MediaSearchCLI
import MediaSearchCore
import MediaSearchKit
import MediaSearchWeb

/// `mediasearch serve`: the web UI and JSON API on a local port.
public struct ServeCommand: ParsableCommand, ProviderCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the search and detail screens in a browser, and a JSON API.",
        usage: "mediasearch serve [--host <host>] [--port <port>] [--open] [<options>]",
        discussion: HelpText.paragraphs(
            """
            Binds to 127.0.0.1 unless told otherwise: another host makes the UI and the API (and your
            request budget) reachable by others, and prints a warning. The server shares the CLI's
            request budget, cool-down, cache, history and offline library; a page never waits for the
            budget (a kind past it says how long is left). API: /api/search,
            /api/items/<kind>/<id>, /api/providers, /api/suggest; its OpenAPI document is served
            at /openapi.json. MCP for AI assistants: /mcp (as `mediasearch mcp`).

            Examples:
              mediasearch serve                      # http://127.0.0.1:8080
              mediasearch serve --port 0 --open      # any free port, opened in the browser
              curl 'http://127.0.0.1:8080/api/search?q=jack+johnson&kind=song'
            """))

    @Option(help: "Address to listen on; anything but loopback is reachable by others.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "Also answer to this name (a load balancer's; port 80 unless given).",
            valueName: "host[:port]"))
    var allowedHosts: [String] = []

    @Flag(help: "Open the search screen in the browser once the server is up.")
    var open = false

    @OptionGroup var common: ConfigOption

    @OptionGroup var storeOption: StoreOption
    @OptionGroup var network: NetworkOptions

    public init() {}

    public func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".:-".contains($0) }) else {
            throw ValidationError("--host takes a host name or an IP address, not '\(host)'")
        }
        for name in allowedHosts
        where name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || ".:-[]".contains($0) }) {
            throw ValidationError("--allow-host takes a host name or an address, with an optional :port, not '\(name)'")
        }
    }

    public func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let console = environment.console
        let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
        let server = try await Self.server(
            in: environment, configuration: configuration, network: network, allowedHosts: allowedHosts)
        if !["127.0.0.1", "localhost", "::1"].contains(host) {
            // `0`, `0.0.0.0` and `::` bind every interface of this machine.
            let everywhere = ["0", "0.0.0.0", "::", "0:0:0:0:0:0:0:0"].contains(host)
            let names = everywhere ? "under any name" : "as \(host)"
            let where_ = everywhere ? "\(host), every interface of this machine" : host
            console.notice(
                "warning: listening on \(where_): anyone who can reach it \(names) can search with your request"
                    + " budget and read your search history and offline library")
        }
        let launcher = Launcher(variables: environment.variables)
        let open = self.open
        let host = self.host
        // Ctrl-C or SIGTERM: no new connections, the requests in flight answered, then exit.
        let stop = WebServer.GracefulStop()
        MediaSearchCLI.gracefulStop.withLock { $0 = { stop.request() } }
        defer { MediaSearchCLI.gracefulStop.withLock { $0 = nil } }
        do {
            try await server.run(host: host, port: port, stop: stop) { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                let url = "http://\(shown):\(port)/"
                console.out("Serving MediaSearch on \(url) (Ctrl-C to stop)\n")
                if open {
                    // One line when no browser opens, as `open` says it; the opener's own noise is not ours.
                    if let words = launcher.opener(for: url) {
                        do {
                            try launcher.run(words, quiet: true)
                        } catch {
                            console.notice(
                                "could not open \(url) (\(MediaSearchError.wrap(error).description)): set $BROWSER (e.g. BROWSER=firefox)"
                                    + " or open it yourself")
                        }
                    } else {
                        console.notice(
                            "nothing can open \(url): set $BROWSER (e.g. BROWSER=firefox) or open it yourself")
                    }
                }
            }
        } catch is CancellationError {
            return ExitStatus.interrupted
        } catch {
            if Task.isCancelled { return ExitStatus.interrupted }
            let reason = (error as? WebServer.ListenError)?.description ?? "\(error)"
            throw MediaSearchError.cannotOpen("cannot serve on \(host):\(port): \(reason)")
        }
        return Task.isCancelled ? ExitStatus.interrupted : ExitStatus.success
    }

    /// The server `serve` runs and its session, wired as the command wires them: the CLI's
    /// storage paths, budget, cache, history, library and store. The web tests run this same
    /// wiring under `swift test`.
    public static func server(
        in environment: CommandEnvironment, configuration: Configuration, network: NetworkOptions,
        allowedHosts: [String]
    ) async throws(MediaSearchError) -> WebServer {
        let console = environment.console
        // A page never waits for the request budget: a kind whose request would cross it says so
        // (with the seconds left) beside the others' results.
        var options = network
        options.noWait = true
        let session = try await environment.session(
            configuration, network: options, storeLog: { line in console.notice(line) })
        // A server counts among the instances that share its budgets for as long as it runs.
        session.shared?.keepAlive()
        var server = WebServer(session: session)
        server.allowedHosts = allowedHosts
        return server
    }
}
