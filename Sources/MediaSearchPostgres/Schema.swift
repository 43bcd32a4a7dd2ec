#if PostgreSQL
import Foundation
import Logging
import MediaSearchCore
import NIOCore
import PostgresNIO

/// The store's tables, created and migrated by the program (``PostgresStore/schemaVersion``).
///
/// `mediasearch_schema` holds the version. Every instance checks it on start under an advisory
/// lock, so instances starting together create or migrate the tables once; a database of a
/// newer version is left alone (exit 78: this program would not understand it).
enum Schema {
    struct Problem: Error {
        var message: String
    }

    /// The lock every instance takes while it creates or migrates (any number would do; this one is ours).
    static let lockKey: Int64 = 0x6D65_6469_6173_6561

    /// Version 1: the response cache, the budgets, the instances that count in them, and the library.
    static let version1 = [
        """
        CREATE TABLE mediasearch_responses (
            key text PRIMARY KEY, stored_at double precision NOT NULL, content_type text,
            body bytea NOT NULL)
        """,
        "CREATE INDEX mediasearch_responses_by_age ON mediasearch_responses (stored_at)",
        """
        CREATE TABLE mediasearch_budgets (
            name text PRIMARY KEY, sent double precision[] NOT NULL DEFAULT '{}',
            cool_down_until double precision NOT NULL DEFAULT 0)
        """,
        """
        CREATE TABLE mediasearch_instances (
            id text PRIMARY KEY, egress text NOT NULL, seen_at double precision NOT NULL)
        """,
        """
        CREATE TABLE mediasearch_records (
            kind text NOT NULL, id text NOT NULL, title text, creator text, collection text, genre text,
            explicit boolean NOT NULL, first_seen double precision NOT NULL, last_seen double precision NOT NULL,
            added bigserial NOT NULL, body bytea NOT NULL, words tsvector NOT NULL,
            PRIMARY KEY (kind, id))
        """,
        "CREATE INDEX mediasearch_records_words ON mediasearch_records USING gin (words)",
        "CREATE INDEX mediasearch_records_by_added ON mediasearch_records (added)",
        "CREATE INDEX mediasearch_records_by_last_seen ON mediasearch_records (last_seen)",
        "CREATE INDEX mediasearch_records_by_id ON mediasearch_records (id)",
        "CREATE TABLE mediasearch_counts (name text PRIMARY KEY, value bigint NOT NULL)",
        "INSERT INTO mediasearch_counts VALUES ('records', 0)",
    ]

    /// Version 2: the lists people keep (#61), with their whole records.
    static let version2 = [
        """
        CREATE TABLE mediasearch_lists (
            list text NOT NULL, kind text NOT NULL, id text NOT NULL, added_at double precision NOT NULL,
            seq bigserial NOT NULL, record bytea NOT NULL, PRIMARY KEY (list, kind, id))
        """
    ]

    /// Version 3: the lists themselves (#75 item 5), so that a list is there until it is deleted,
    /// empty or not; each list version 2 holds is named, made when its first item was added.
    static let version3 = [
        "CREATE TABLE mediasearch_list_names (name text PRIMARY KEY, created_at double precision NOT NULL)",
        """
        INSERT INTO mediasearch_list_names (name, created_at)
        SELECT list, min(added_at) FROM mediasearch_lists GROUP BY list
        """,
    ]

    /// Connects once with `url`, then creates the tables or migrates them to the current version.
    /// - Throws: ``Problem`` for a schema this program cannot use; PostgresNIO's errors otherwise.
    static func prepare(url: StoreURL, logger: Logger) async throws {
        let connection = try await connect(url, logger: logger)
        do {
            try await migrate(connection, logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// One connection of its own (not the pool's): it fails at once when the server refuses,
    /// where the pool would keep trying.
    static func connect(_ url: StoreURL, logger: Logger) async throws -> PostgresConnection {
        let configuration: PostgresConnection.Configuration
        if let socket = url.socketPath {
            configuration = .init(
                unixSocketPath: socket, username: url.user, password: url.password, database: url.database)
        } else {
            configuration = .init(
                host: url.host ?? "localhost", port: url.port, username: url.user, password: url.password,
                database: url.database,
                tls: url.tls == .disable
                    ? .disable
                    : url.tls == .require
                        ? .require(try .init(configuration: .makeClientConfiguration()))
                        : .prefer(try .init(configuration: .makeClientConfiguration())))
        }
        return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    private static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_lock(\(lockKey))", logger: logger)
        // The lock is the session's: closing the connection (``prepare(url:logger:)``) lets it go.
        try await connection.query(
            "CREATE TABLE IF NOT EXISTS mediasearch_schema (version integer NOT NULL)", logger: logger)
        var version = 0
        for try await (value) in try await connection.query("SELECT version FROM mediasearch_schema", logger: logger)
            .decode(Int.self)
        {
            version = max(version, value)
        }
        if version > PostgresStore.schemaVersion {
            throw Problem(
                message:
                    "its tables are of a newer mediasearch (schema \(version), this one knows \(PostgresStore.schemaVersion)); left alone"
            )
        }
        guard version < PostgresStore.schemaVersion else { return }
        try await connection.query("BEGIN", logger: logger)
        do {
            if version < 1 {
                for statement in version1 {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
            for (number, statements) in [(2, version2), (3, version3)] where version < number {
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
            try await connection.query("DELETE FROM mediasearch_schema", logger: logger)
            try await connection.query(
                "INSERT INTO mediasearch_schema VALUES (\(PostgresStore.schemaVersion))", logger: logger)
            try await connection.query("COMMIT", logger: logger)
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }
}
#endif
