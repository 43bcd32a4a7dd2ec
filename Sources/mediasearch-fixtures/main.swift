import Foundation
import MediaSearchFixtures
import MediaSearchSpawn
import Synchronization

// Serves the recorded iTunes responses on 127.0.0.1, for offline demos and benchmarks:
//   mediasearch-fixtures [--port N] [--latency-ms N] [--fill] [--distinct-ids] [--ignore-offset]
//                        [--log FILE] [--remote-artwork] [--hostile MEDIA] [--fail MEDIA=STATUS]
//                        [--slow PATH=MS] [--hold PATH] [--answer PATH=FILE] [--demo FILE]
// --demo FILE is the offline demo: it writes FILE, a config that points every source here and
// enables them all, and prints the one line that points a shell at it (`export
// MEDIASEARCH_CONFIG=FILE`, or `--config FILE` on a command); a search's answer keeps only the
// recorded results that have its words (a term no recording has finds nothing).
// --slow /json/stations/search=3000 answers that path 3 s late (one slow source among fast ones);
// --hold PATH holds its answers until the server gets SIGUSR1 (which lets those held so far go:
// a browser test's slow source that answers when the test says, whatever the machine's speed);
// --answer /search=FILE answers the paths under /search with FILE as it is at each request (a
// fuzz rewrites it between runs).
// Artwork is served locally (generated pictures) so the demo shows images with no network;
// --remote-artwork keeps the recorded links to Apple's servers.
// --port 0 picks a free port; the first line printed names it.
// Two modes that serve nothing, so the Python suites share the Swift tests' code rather than keep
// their own copies:
//   mediasearch-fixtures --private-home DIR   prints, as a JSON object, the environment of a
//                                             private home at DIR (HOME, the four XDG folders,
//                                             PATH), as every Swift test's run of the program has
//   mediasearch-fixtures --validate NAME      validates the JSON document on stdin against
//                                             Schemas/NAME.schema.json: each error on a line, exit 1
if CommandLine.arguments.count == 3, ["--private-home", "--validate"].contains(CommandLine.arguments[1]) {
    let value = CommandLine.arguments[2]
    if CommandLine.arguments[1] == "--private-home" {
        let home = URL(fileURLWithPath: value)
        do {
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let text = try JSONSerialization.data(withJSONObject: CommandRunner.privateHome(home), options: .sortedKeys)
            FileHandle.standardOutput.write(text + Data("\n".utf8))
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("mediasearch-fixtures: cannot make \(value): \(error)\n".utf8))
            exit(73)
        }
    }
    guard let validator = try? SchemaValidator.load("\(value).schema.json") else {
        FileHandle.standardError.write(Data("mediasearch-fixtures: no schema Schemas/\(value).schema.json\n".utf8))
        exit(66)
    }
    guard
        let document = try? JSONSerialization.jsonObject(
            with: FileHandle.standardInput.readDataToEndOfFile(), options: .fragmentsAllowed)
    else {
        FileHandle.standardError.write(Data("mediasearch-fixtures: the document on stdin is not JSON\n".utf8))
        exit(65)
    }
    let errors = validator.errors(document)
    FileHandle.standardOutput.write(Data(errors.map { $0 + "\n" }.joined().utf8))
    exit(errors.isEmpty ? 0 : 1)
}

var port: UInt16 = 8765
var latency = 0
var routes = FixtureRoutes.default
routes.localArtwork = true
var logPath: String?
var configPath: String?
var failures: [(String, Int)] = []
var slow: [(String, Int)] = []
var held: [String] = []
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--port":
        guard let value = arguments.next().flatMap(UInt16.init) else {
            FileHandle.standardError.write(Data("mediasearch-fixtures: --port takes a number\n".utf8))
            exit(64)
        }
        port = value
    case "--latency-ms":
        guard let value = arguments.next().flatMap(Int.init), value >= 0 else {
            FileHandle.standardError.write(Data("mediasearch-fixtures: --latency-ms takes a number\n".utf8))
            exit(64)
        }
        latency = value
    case "--fill":
        routes.fillToLimit = true
    case "--distinct-ids":
        routes.distinctIDsPerTerm = true
    case "--ignore-offset":
        routes.honorsOffset = false
    case "--local-artwork":
        routes.localArtwork = true  // the default; kept for scripts that still say so
    case "--remote-artwork":
        routes.localArtwork = false
    case "--hostile":
        guard let value = arguments.next() else {
            FileHandle.standardError.write(Data("mediasearch-fixtures: --hostile takes a media, e.g. audiobook\n".utf8))
            exit(64)
        }
        routes.hostileMedia = value
    case "--fail":
        let parts = arguments.next()?.split(separator: "=") ?? []
        guard parts.count == 2, let status = Int(parts[1]) else {
            FileHandle.standardError.write(
                Data("mediasearch-fixtures: --fail takes MEDIA=STATUS, e.g. podcast=503\n".utf8))
            exit(64)
        }
        failures.append((String(parts[0]), status))
    case "--slow":
        let parts = arguments.next()?.split(separator: "=") ?? []
        guard parts.count == 2, parts[0].hasPrefix("/"), let milliseconds = Int(parts[1]), milliseconds >= 0 else {
            FileHandle.standardError.write(
                Data("mediasearch-fixtures: --slow takes PATH=MS, e.g. /json/stations/search=3000\n".utf8))
            exit(64)
        }
        slow.append((String(parts[0]), milliseconds))
    case "--answer":
        let parts = arguments.next()?.split(separator: "=", maxSplits: 1) ?? []
        guard parts.count == 2, parts[0].hasPrefix("/") else {
            FileHandle.standardError.write(
                Data("mediasearch-fixtures: --answer takes PATH=FILE, e.g. /search=answer.json\n".utf8))
            exit(64)
        }
        routes.answerFiles[String(parts[0])] = String(parts[1])
    case "--hold":
        guard let value = arguments.next(), value.hasPrefix("/") else {
            FileHandle.standardError.write(
                Data("mediasearch-fixtures: --hold takes a path, e.g. /json/stations/search\n".utf8))
            exit(64)
        }
        held.append(value)
    case "--demo":
        guard let value = arguments.next() else {
            FileHandle.standardError.write(Data("mediasearch-fixtures: --demo takes the config file to write\n".utf8))
            exit(64)
        }
        configPath = value
        routes.followTerms = true
    case "--log":
        guard let value = arguments.next() else {
            FileHandle.standardError.write(Data("mediasearch-fixtures: --log takes a file\n".utf8))
            exit(64)
        }
        logPath = value
    default:
        let usage =
            "usage: mediasearch-fixtures [--port N] [--latency-ms N] [--fill] [--distinct-ids] [--ignore-offset]"
            + " [--log FILE] [--demo FILE]"
            + " [--remote-artwork] [--hostile MEDIA] [--fail MEDIA=STATUS] [--slow PATH=MS] [--hold PATH]"
            + " [--answer PATH=FILE]\n"
            + "       mediasearch-fixtures --private-home DIR | --validate SCHEMA-NAME < DOCUMENT\n"
        FileHandle.standardError.write(Data(usage.utf8))
        exit(argument == "--help" ? 0 : 64)
    }
}
do {
    let server = try await FixtureServer.start(port: port, routes: routes, latency: .milliseconds(latency))
    if let logPath { try await server.logRequests(to: logPath) }
    /// The rules, with the gate of the held paths: delays and holds first, so that a slow path
    /// that also fails answers its failure after the wait.
    let (slow, held, failures) = (slow, held, failures)
    @Sendable func install(_ gate: FaultGate) async {
        await server.clearFaults()
        for (path, milliseconds) in slow {
            await server.inject(FaultRule(path: path, fault: .delay(.milliseconds(milliseconds))))
        }
        for path in held { await server.inject(FaultRule(path: path, fault: .hold(gate))) }
        for (media, status) in failures {
            // `--fail /json/stations/search=503`: a path of its own; `--fail podcast=503`: an iTunes media.
            let rule =
                media.hasPrefix("/")
                ? FaultRule(path: media, fault: .status(status))
                : FaultRule(path: "/search", query: ["media": media], fault: .status(status))
            await server.inject(rule)
        }
    }
    let gates = Mutex(FaultGate())
    await install(gates.withLock { $0 })
    // SIGUSR1 lets the answers held so far go; the next ones wait for the next signal.
    signal(SIGUSR1, SIG_IGN)
    let releases = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
    // Run on a dispatch queue, not the main actor this top-level code is on: hence @Sendable.
    releases.setEventHandler { @Sendable in
        let next = FaultGate()
        let released = gates.withLock { gates in
            defer { gates = next }
            return gates
        }
        Task.detached {
            await install(next)
            released.open()
        }
    }
    releases.resume()
    // The demo's config: every source at this server, for any shell. Its banner is the one line
    // to paste (docs/demo.md); without --demo, the variables that move each source (the tests').
    let banner: String
    if let configPath {
        let path = URL(fileURLWithPath: configPath).path
        do {
            try SourceVariables.configuration(base: server.baseURL).write(
                toFile: path, atomically: true, encoding: .utf8)
        } catch {
            FileHandle.standardError.write(Data("mediasearch-fixtures: cannot write \(configPath): \(error)\n".utf8))
            exit(73)
        }
        banner = """
            Serving the recorded answers of every source on \(server.baseURL) (Ctrl-C to stop)
            Demo data: a search finds the recorded results that have its words. In any shell:
            export MEDIASEARCH_CONFIG=\(ShellWord.quoted(path))

            """
    } else {
        banner = """
            Serving recorded responses of every source on \(server.baseURL) (Ctrl-C to stop)
            Point every source at it, in each shell that runs mediasearch:
            \(SourceVariables.exportLine(base: server.baseURL))
            Then try: swift run mediasearch search jack johnson

            """
    }
    FileHandle.standardOutput.write(Data(banner.utf8))
    while true { try await Task.sleep(for: .seconds(3600)) }
} catch {
    // A port another program holds is the likely case (a demo server already running): say so
    // in words, not in the socket call's.
    let inUse = "\(error)".contains("Address already in use")
    let reason =
        inUse
        ? "port \(port) is in use (is a demo server already running?); try --port 0 for a free one"
        : "cannot start on port \(port): \(error)"
    FileHandle.standardError.write(Data("mediasearch-fixtures: \(reason)\n".utf8))
    exit(69)
}
