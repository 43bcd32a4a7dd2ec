#if PostgreSQL
import Foundation
import MediaSearchCore
import MediaSearchFixtures
import TestSlots
import Testing

/// A throw-away PostgreSQL cluster of the test's own (`Scripts/pg-cluster`): initdb in a
/// temporary folder, a free loopback port, stopped and removed by ``stop()``.
final class PostgresCluster: Sendable {
    let directory: String
    /// The superuser's URL, password included.
    let url: String

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/pg-cluster").path

    private init(directory: String, url: String) {
        self.directory = directory
        self.url = url
    }

    /// Starts a cluster. initdb takes a core for a second or two: it runs on a thread of its own,
    /// never on the cooperative pool, where it would hold up every other test's async work.
    static func start() async throws -> PostgresCluster {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pg-\(UUID().uuidString)").path
        let url = try await run("start", directory).trimmingCharacters(in: .whitespacesAndNewlines)
        return PostgresCluster(directory: directory, url: url)
    }

    var storeURL: StoreURL { get throws { try StoreURL(parsing: url) } }

    /// Whether PostgreSQL's server programs are here. Without them the suites that need a server
    /// are skipped, saying so, unless `$MEDIASEARCH_REQUIRE_POSTGRES` is set (CI sets it), so a
    /// machine without PostgreSQL still runs every other test.
    static let available: Bool = {
        let found =
            ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .contains { FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb") }
            || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/initdb")
            }
        return found || ProcessInfo.processInfo.environment["MEDIASEARCH_REQUIRE_POSTGRES"] != nil
    }()

    func stop() async throws { try await Self.run("stop", directory) }
    func restart() async throws { try await Self.run("restart", directory) }
    func pause() async throws { try await Self.run("pause", directory) }
    func resume() async throws { try await Self.run("resume", directory) }

    /// Stops the server and removes its files when the test case ends (``TestLifetime``), on a
    /// thread of its own: `pg_ctl stop` takes a second or more on a busy machine, and the
    /// cooperative pool's two threads are the other tests' servers' and deadlines'. The case's
    /// slot is given back once the server is gone, so no server outlives its test.
    func removeAtEnd() {
        let directory = self.directory
        TestLifetime.stopAtEnd {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    _ = try? Self.runBlocking("stop", directory)
                    try? FileManager.default.removeItem(atPath: directory)
                    done.resume()
                }
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @discardableResult
    static func run(_ verb: String, _ directory: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try runBlocking(verb, directory) }) }
        }
    }

    static func runBlocking(_ verb: String, _ directory: String) throws -> String {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, verb, directory]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw Failure(description: "pg-cluster \(verb): \(text)") }
        return text
    }
}
#endif
