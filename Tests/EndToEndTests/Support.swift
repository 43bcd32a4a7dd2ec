import Foundation
import MediaSearchFixtures
import TestSlots
import Testing

/// A fixture server and a runner of the real `mediasearch` binary pointed at it.
struct Harness {
    let server: FixtureServer
    let runner: CommandRunner

    static func start(routes: FixtureRoutes = .default) async throws -> Harness {
        Harness(server: try await FixtureServer.start(routes: routes), runner: try CommandRunner())
    }

    /// Runs `mediasearch` with the server as its API and a private home.
    func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Double = 60
    ) async throws -> CommandRunner.Result {
        try await runner.run(arguments, environment: variables(environment), timeout: timeout)
    }

    /// The variables that point every source at the server, with `environment` over them.
    func variables(_ environment: [String: String] = [:]) -> [String: String] {
        var variables = SourceVariables.variables(base: server.baseURL)
        variables.merge(environment) { _, new in new }
        return variables
    }

    /// Runs a search with `--format json` and decodes the document.
    func searchJSON(_ arguments: [String], environment: [String: String] = [:]) async throws -> (
        CommandRunner.Result, [String: Any]
    ) {
        let result = try await run(["search"] + arguments + ["--format", "json"], environment: environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, try #require(object, "stdout: \(result.stdout) stderr: \(result.stderr)"))
    }

    /// Stops the server and removes the private home, so that test runs leave nothing in /tmp.
    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: runner.home)
    }
}

extension Dictionary where Key == String, Value == Any {
    var results: [[String: Any]] { self["results"] as? [[String: Any]] ?? [] }
    var providers: [[String: Any]] { self["providers"] as? [[String: Any]] ?? [] }
    var kinds: Set<String> { Set(results.compactMap { $0["kind"] as? String }) }
}

extension ChildProcess {
    /// Waits for the process to exit, at most `seconds`; a process still running then is killed
    /// and `false` returned, so a test that waits fails instead of hanging the suite.
    func exits(within seconds: Double) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        guard isRunning else { return true }
        kill(processIdentifier, SIGKILL)
        waitUntilExit()
        return false
    }

    /// Kills the process if it is still running after `seconds` and `pending()` still holds: a
    /// watchdog for a blocking read of its output that would otherwise wait forever. The watchdog
    /// ends with the test case (``TestLifetime``): it never fires after the case is over.
    func watchdog(seconds: Double, while pending: @escaping @Sendable () -> Bool) {
        let process = RunningProcess(self)
        let dog = Task {
            try await Task.sleep(for: .seconds(seconds))
            if pending() { process.signal(SIGKILL) }
        }
        TestLifetime.stopAtEnd { dog.cancel() }
    }

    /// Ends the process when the test case ends (``TestLifetime``): `signal` if it still runs, a
    /// kill if it has not exited 10 s later, and its exit awaited, so that the next case never
    /// shares the machine with it.
    func endsWithTheTest(signal: Int32 = SIGKILL) {
        let process = RunningProcess(self)
        TestLifetime.stopAtEnd { await process.end(signal: signal) }
    }
}

/// A started ``ChildProcess`` handed to the test's stops. The handle only
/// signals it while it runs (never a PID that may have been reused) and waits for its exit.
private struct RunningProcess: @unchecked Sendable {
    let process: ChildProcess

    init(_ process: ChildProcess) { self.process = process }

    func signal(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    func end(signal: Int32) async {
        self.signal(signal)
        var waited = 0
        while process.isRunning && waited < 500 {
            try? await Task.sleep(for: .milliseconds(20))
            waited += 1
        }
        self.signal(SIGKILL)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                process.waitUntilExit()
                done.resume()
            }
        }
    }
}

extension Pipe {
    /// The first line written to the pipe (without its newline), read on a thread of its own: a
    /// blocking read on the cooperative pool would starve the servers the tests run.
    func firstLine() async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var line = Data()
                while let byte = try? self.fileHandleForReading.read(upToCount: 1), let value = byte.first,
                    value != UInt8(ascii: "\n")
                {
                    line.append(value)
                }
                continuation.resume(returning: String(decoding: line, as: UTF8.self))
            }
        }
    }
}
