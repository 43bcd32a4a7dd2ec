#if PostgreSQL
import Foundation
import Logging
import MediaSearchCore
import MediaSearchKit
import NIOCore
import PostgresNIO
import Synchronization

/// The shared store in PostgreSQL (#26): one connection pool per process, the schema, and the
/// store's health.
///
/// Every operation is bounded (``operationTimeout``). One that fails marks the store down: for
/// the next ``retryAfter`` seconds nothing is asked of it, so a stopped server costs a search one
/// time-out, not one per request; then the next operation tries again, and when it succeeds the
/// store is back. While it is down the cache misses and keeps nothing, the library is not
/// written or read, and budgets count in this process's memory (``PostgresBudget``): the
/// instance answers from the network and says so in one line (``downNotice``).
public final class PostgresStore: Sendable {
    /// Where the store is; its description never shows the password.
    public let url: StoreURL
    /// This process's id among the instances that share the store.
    public let instance: String
    /// The egress group whose budgets this process counts in.
    public let egressGroup: String
    /// Seconds one operation may take before the store is taken for down.
    public let operationTimeout: Double
    /// Seconds a down store is left alone before it is tried again.
    public let retryAfter: Double

    /// The connection pool in use: made anew when a store that was down is tried again, so
    /// that neither its dead connections nor its back-off from failed attempts delay the return.
    package var client: PostgresClient { pool.withLock { $0.client } }
    private let pool: Mutex<Pool>
    private let clientConfiguration: PostgresClient.Configuration

    /// A pool and the task that runs it.
    struct Pool: Sendable {
        let client: PostgresClient
        let runner: Task<Void, Never>

        init(_ configuration: PostgresClient.Configuration) {
            let client = PostgresClient(configuration: configuration, backgroundLogger: PostgresStore.quiet)
            self.client = client
            runner = Task.detached { await client.run() }
        }
    }
    /// What this process knows of each budget, by name (``PostgresBudget``).
    let budgets = Mutex<[String: PostgresBudget.Mirror]>([:])
    private let health = Mutex(Health())
    private let report: @Sendable (String) -> Void

    struct Health {
        var downSince: Date?
        var reason = ""
        var retryAt = Date.distantPast
    }

    /// The version of the tables this program writes (``Schema``).
    public static let schemaVersion = 3

    /// Opens the store: checks the URL with one connection, creates or migrates the tables, and
    /// starts the pool.
    ///
    /// A URL that can never work (no such host, a refused password, no such database, a schema
    /// of a newer version) is ``MediaSearchError/invalidConfig(file:line:key:message:)``, exit 78,
    /// in one line without the password. A server that is not answering yet is not: the store
    /// starts down and is tried again, as when it stops later.
    /// - Parameters:
    ///   - origin: where the URL came from, for the message (`config.yaml`, `--store`...).
    ///   - report: told when the store goes down and comes back (a server's log).
    public static func open(
        _ url: StoreURL, origin: String, egressGroup: String = "default", operationTimeout: Double = 2,
        retryAfter: Double = 3, report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(MediaSearchError) -> PostgresStore {
        // `config.yaml:12: store: ...`, but `--store: ...`: a flag or a variable is its own key.
        let key = origin.hasPrefix("-") || origin.hasPrefix("$") ? nil : "store"
        let store = PostgresStore(
            url: url, egressGroup: egressGroup, operationTimeout: operationTimeout, retryAfter: retryAfter,
            report: report)
        do {
            try await Deadline.run(seconds: max(operationTimeout, 5)) {
                try await Schema.prepare(url: url, logger: Self.quiet)
            }
        } catch let problem as Schema.Problem {
            store.close()
            throw .invalidConfig(file: origin, line: nil, key: key, message: "\(url): \(problem.message)")
        } catch {
            if let wrong = Self.wrongURL(error) {
                store.close()
                throw .invalidConfig(file: origin, line: nil, key: key, message: "\(url): \(wrong)")
            }
            store.markDown(Self.reason(error))
        }
        // Learns how many instances share its group; only a server (``keepAlive()``) is one of
        // them: a one-shot command is over long before its row would age out, and counting it
        // for two minutes shrank every server's share of the budget.
        if !store.isDown { await store.sayAlive() }
        return store
    }

    private init(
        url: StoreURL, egressGroup: String, operationTimeout: Double, retryAfter: Double,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.url = url
        self.instance = UUID().uuidString.lowercased()
        self.egressGroup = egressGroup
        self.operationTimeout = operationTimeout
        self.retryAfter = retryAfter
        self.report = report
        var configuration = Self.configuration(url)
        configuration.options.connectTimeout = .milliseconds(Int64(operationTimeout * 1000))
        configuration.options.maximumConnections = 8
        clientConfiguration = configuration
        pool = Mutex(Pool(configuration))
    }

    /// Stops the pool.
    public func close() {
        pool.withLock { $0.runner.cancel() }
        heartbeat.withLock { $0?.cancel() }
    }

    private let heartbeat = Mutex<Task<Void, Never>?>(nil)

    /// Whether this process counts among its group's instances: a server that keeps alive does.
    let isInstance = Mutex(false)
    var countsAsInstance: Bool { isInstance.withLock { $0 } }

    /// Says every ``heartbeatInterval`` seconds, until the process ends, that this instance is
    /// alive in its egress group (``PostgresBudget`` counts the instances alive).
    public func keepAlive() {
        isInstance.withLock { $0 = true }
        let interval = Self.heartbeatInterval
        let task = Task.detached { [weak self] in
            while !Task.isCancelled {
                await self?.sayAlive()
                try? await Task.sleep(for: .seconds(interval))
            }
        }
        heartbeat.withLock { old in
            old?.cancel()
            old = task
        }
    }

    /// Instances of this egress group alive at the last contact, this one included; `nil` before any.
    package var instancesAlive: Int? { alive.withLock { $0 } }
    private let alive = Mutex<Int?>(nil)

    /// Records that this instance is alive and learns how many of its group are.
    package func sayAlive() async {
        let (id, group, register) = (instance, egressGroup, countsAsInstance)
        let count = await perform { client in
            try await client.withConnection { connection in
                try await Self.sayAlive(id: id, group: group, register: register, on: connection)
            }
        }
        if let count { noteAlive(count) }
    }

    func noteAlive(_ count: Int) { alive.withLock { $0 = max(count, 1) } }

    /// Upserts an instance's row (when `register`) and counts its group's instances seen in the
    /// last ``PostgresBudget/aliveFor`` seconds, at least 1: both by the store's clock, so that an
    /// instance whose clock is off neither looks dead to the others nor counts them dead.
    static func sayAlive(
        id: String, group: String, register: Bool, on connection: PostgresConnection
    ) async throws -> Int {
        if register {
            try await connection.query(
                """
                INSERT INTO mediasearch_instances (id, egress, seen_at)
                VALUES (\(id), \(group), extract(epoch FROM clock_timestamp())::float8)
                ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at, egress = excluded.egress
                """, logger: quiet)
        }
        var count = 1
        let rows = try await connection.query(
            """
            SELECT count(*)::bigint FROM mediasearch_instances
            WHERE egress = \(group) AND seen_at > extract(epoch FROM clock_timestamp())::float8 - \(PostgresBudget.aliveFor)
            """, logger: quiet)
        for try await value in rows.decode(Int.self) { count = max(value, 1) }
        return count
    }

    /// Seconds between two heartbeats: well within ``PostgresBudget``'s two minutes of life.
    static let heartbeatInterval = 30.0

    /// The line every answer carries while the store is down; `nil` while it is up.
    public var downNotice: String? {
        health.withLock { state in
            state.downSince == nil
                ? nil
                : "the shared store \(url) is down (\(state.reason)); answering from the network without the "
                    + "shared cache and library, within this instance's share of the budget"
        }
    }

    /// Whether the store is taken for down now.
    public var isDown: Bool { health.withLock { $0.downSince != nil } }

    /// The result of `body` on a pooled connection, or `nil` when the store is down or the
    /// operation failed or took longer than ``operationTimeout`` (which marks it down).
    package func perform<T: Sendable>(_ body: @escaping @Sendable (PostgresClient) async throws -> T) async -> T? {
        let now = Date()
        // While down, one operation per ``retryAfter`` tries again, on a new pool; the others skip.
        let (skip, renew) = health.withLock { state -> (Bool, Bool) in
            guard state.downSince != nil else { return (false, false) }
            guard now >= state.retryAt else { return (true, false) }
            state.retryAt = now.addingTimeInterval(retryAfter + operationTimeout)
            return (false, true)
        }
        if skip { return nil }
        if renew {
            // One connection first: a server that still refuses fails it at once, where the pool
            // would keep trying until the time-out.
            let url = self.url
            do {
                try await Deadline.run(seconds: operationTimeout) {
                    try await Schema.connect(url, logger: Self.quiet).close()
                }
            } catch {
                markDown(Self.reason(error))
                return nil
            }
            let fresh = Pool(clientConfiguration)
            pool.withLock { current in
                current.runner.cancel()
                current = fresh
            }
        }
        let client = self.client
        do {
            let value = try await Deadline.run(seconds: operationTimeout) { try await body(client) }
            markUp()
            return value
        } catch is CancellationError {
            return nil
        } catch {
            if Task.isCancelled { return nil }
            // A statement the server refused costs that operation and a notice; only a store that
            // cannot be reached or cannot work is taken for down (S9).
            if let refusal = Self.refusal(error) {
                report("shared store \(url): \(refusal); that operation was skipped")
                return nil
            }
            markDown(Self.reason(error))
            return nil
        }
    }

    /// What the server said when it refused a statement that another may pass (bad data, a
    /// conflict, a constraint): `nil` for the errors that say the store itself cannot answer (no
    /// connection, shut down, out of resources, broken), which mark it down.
    static func refusal(_ error: any Error) -> String? {
        // A transaction's error wraps its statement's; one whose rollback failed too is not a refusal.
        if let transaction = error as? PostgresTransactionError {
            guard transaction.rollbackError == nil, let inner = transaction.closureError ?? transaction.commitError
            else { return nil }
            return refusal(inner)
        }
        guard let error = error as? PSQLError, error.code == .server, let state = error.serverInfo?[.sqlState]
        else { return nil }
        // SQLSTATE classes: 08 connection, 53 insufficient resources, 57 operator intervention,
        // 58 system error, XX internal error.
        guard !["08", "53", "57", "58", "XX"].contains(String(state.prefix(2))) else { return nil }
        return "the server refused a statement (\(state): \(TextSanitizer.line(error.serverInfo?[.message] ?? "")))"
    }

    /// Text as a `text` column holds it: PostgreSQL's have no U+0000.
    static func text(_ value: String) -> String {
        value.contains("\u{0}") ? value.replacingOccurrences(of: "\u{0}", with: "") : value
    }

    private func markDown(_ reason: String) {
        let first = health.withLock { state -> Bool in
            let first = state.downSince == nil
            if first { state.downSince = Date() }
            state.reason = reason
            state.retryAt = Date().addingTimeInterval(retryAfter)
            return first
        }
        if first { report("shared store \(url) is down (\(reason)); answering from the network until it is back") }
    }

    private func markUp() {
        let since = health.withLock { state -> Date? in
            defer { state.downSince = nil }
            return state.downSince
        }
        if let since {
            report("shared store \(url) is back after \(Int(Date().timeIntervalSince(since).rounded())) s")
        }
    }

    /// A logger that says nothing: the store reports in its own words, once per change.
    package static let quiet = Logger(label: "mediasearch.store", factory: { _ in SwiftLogNoOpLogHandler() })

    static func configuration(_ url: StoreURL) -> PostgresClient.Configuration {
        if let socket = url.socketPath {
            return PostgresClient.Configuration(
                unixSocketPath: socket, username: url.user, password: url.password, database: url.database)
        }
        let tls: PostgresClient.Configuration.TLS =
            switch url.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        return PostgresClient.Configuration(
            host: url.host ?? "localhost", port: url.port, username: url.user, password: url.password,
            database: url.database, tls: tls)
    }

    /// Why a connection can never work with this URL, or `nil` when trying again later may.
    static func wrongURL(_ error: any Error) -> String? {
        if let error = error as? PSQLError {
            if error.code == .server, let state = error.serverInfo?[.sqlState] {
                let message = error.serverInfo?[.message] ?? "refused"
                switch state {
                case "28P01", "28000": return "the server refused the user or password (\(message))"
                case "3D000": return "no such database (\(message))"
                case "42501": return "not allowed (\(message))"
                default: return nil
                }
            }
            if error.code == .authMechanismRequiresPassword {
                return "the server asks for a password; the URL has none"
            }
            if error.code == .sslUnsupported { return "the server does not offer TLS (sslmode=require)" }
            if let underlying = error.underlying, Self.isUnknownHost(underlying) { return "no such host" }
        }
        return Self.isUnknownHost(error) ? "no such host" : nil
    }

    /// Whether an error says the host name does not resolve (NIO's `SocketAddressError.unknown`).
    package static func isUnknownHost(_ error: any Error) -> Bool {
        let text = String(describing: error)
        return text.contains("UnknownHost") || text.contains("Name or service not known")
            || text.contains("nodename nor servname")
    }

    /// One short reason for a failure, never with the password.
    static func reason(_ error: any Error) -> String {
        if error is MediaSearchError { return "no answer within the time-out" }
        if let transaction = error as? PostgresTransactionError,
            let inner = transaction.closureError ?? transaction.beginError ?? transaction.commitError
                ?? transaction.rollbackError
        {
            return reason(inner)
        }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying {
                let text = "\(underlying)"
                if text.contains("refused") { return "connection refused" }
                return text.count > 120 ? String(text.prefix(120)) + "..." : text
            }
            return "\(error.code)"
        }
        let text = String(describing: error)
        return text.count > 120 ? String(text.prefix(120)) + "..." : text
    }
}
#endif
