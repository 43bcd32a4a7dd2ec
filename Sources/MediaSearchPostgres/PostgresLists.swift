import Foundation
import MediaSearchCore
import MediaSearchKit
import NIOCore
import PostgresNIO

/// The lists in the shared store (#61): what ``ListFile`` keeps in SQLite, in two tables every
/// instance reads and writes (the lists, and their items). Each change is one statement (an
/// upsert, a delete, with the other table's part as a data-modifying `WITH`), so changes from
/// several instances at once all land; the records are JSON, as in the file. While the store is
/// down, lists can be neither read nor changed, and say so in one line.
public struct PostgresLists: ListStore {
    public let store: PostgresStore
    /// The payload types its items are read with.
    public let payloadTypes: PayloadTypes

    /// The lists of a store.
    public init(store: PostgresStore, payloadTypes: PayloadTypes) {
        self.store = store
        self.payloadTypes = payloadTypes
    }

    private var down: MediaSearchError {
        .unavailable(store.downNotice ?? "the shared store \(store.url) did not answer")
    }

    public func add(
        _ item: MediaItem, kind: String, to list: String, at date: Date
    ) async throws(MediaSearchError) -> Bool {
        let record: ByteBuffer
        do {
            record = ByteBuffer(data: try JSONEncoder().encode(item))
        } catch {
            throw .storage(path: "\(store.url)", message: "the item cannot be kept (\(error))")
        }
        let (id, kind, list, time) = (
            PostgresStore.text(item.id), PostgresStore.text(kind), PostgresStore.text(list), date.timeIntervalSince1970
        )
        let added = await store.perform { client -> Bool in
            let rows = try await client.query(
                """
                WITH named AS (
                    INSERT INTO mediasearch_list_names (name, created_at) VALUES (\(list), \(time))
                    ON CONFLICT (name) DO NOTHING)
                INSERT INTO mediasearch_lists AS l (list, kind, id, added_at, record)
                VALUES (\(list), \(kind), \(id), \(time), \(record))
                ON CONFLICT (list, kind, id) DO UPDATE SET record = excluded.record
                RETURNING (xmax = 0)
                """, logger: PostgresStore.quiet)
            var inserted = false
            for try await value in rows.decode(Bool.self) { inserted = value }
            return inserted
        }
        guard let added else { throw down }
        return added
    }

    public func remove(id: String, kind: String, from list: String) async throws(MediaSearchError) -> Bool {
        let (id, kind, list) = (PostgresStore.text(id), PostgresStore.text(kind), PostgresStore.text(list))
        let removed = await store.perform { client -> Bool in
            let rows = try await client.query(
                "DELETE FROM mediasearch_lists WHERE list = \(list) AND kind = \(kind) AND id = \(id) RETURNING 1",
                logger: PostgresStore.quiet)
            var any = false
            for try await _ in rows.decode(Int.self) { any = true }
            return any
        }
        guard let removed else { throw down }
        return removed
    }

    public func lists() async throws(MediaSearchError) -> [ListSummary] {
        let found = await store.perform { client -> [ListSummary] in
            // A list named by its items alone (written by an instance of schema 2) counts too.
            let rows = try await client.query(
                """
                SELECT n.name, (SELECT count(*) FROM mediasearch_lists WHERE list = n.name)::bigint
                FROM (SELECT name FROM mediasearch_list_names UNION SELECT list FROM mediasearch_lists) AS n (name)
                ORDER BY n.name
                """, logger: PostgresStore.quiet)
            var lists: [ListSummary] = []
            for try await (name, count) in rows.decode((String, Int).self) {
                lists.append(ListSummary(name: name, count: count))
            }
            return lists
        }
        guard let found else { throw down }
        return found
    }

    public func items(in list: String) async throws(MediaSearchError) -> [ListedItem] {
        let rows = await store.perform { client -> [(String, Double, Data)] in
            let rows = try await client.query(
                "SELECT kind, added_at, record FROM mediasearch_lists WHERE list = \(list) ORDER BY added_at DESC, seq DESC",
                logger: PostgresStore.quiet)
            var found: [(String, Double, Data)] = []
            for try await (kind, added, record) in rows.decode((String, Double, ByteBuffer).self) {
                found.append((kind, added, Data(record.readableBytesView)))
            }
            return found
        }
        guard let rows else { throw down }
        let decoder = payloadTypes.decoder()
        return rows.compactMap { kind, added, record in
            (try? decoder.decode(MediaItem.self, from: record)).map {
                ListedItem(kind: kind, item: $0, addedAt: Date(timeIntervalSince1970: added))
            }
        }
    }

    public func create(_ list: String, at date: Date) async throws(MediaSearchError) -> Bool {
        let (name, time) = (PostgresStore.text(list), date.timeIntervalSince1970)
        let made = await store.perform { client -> Bool in
            let rows = try await client.query(
                """
                INSERT INTO mediasearch_list_names (name, created_at)
                SELECT \(name), \(time) WHERE NOT EXISTS (SELECT 1 FROM mediasearch_lists WHERE list = \(name))
                ON CONFLICT (name) DO NOTHING RETURNING 1
                """, logger: PostgresStore.quiet)
            var any = false
            for try await _ in rows.decode(Int.self) { any = true }
            return any
        }
        guard let made else { throw down }
        return made
    }

    public func rename(_ list: String, to name: String) async throws(MediaSearchError) -> Bool {
        let (from, to, time) = (PostgresStore.text(list), PostgresStore.text(name), Date().timeIntervalSince1970)
        // One statement: whether the old name is there and the new one taken, read in one
        // snapshot, then both tables moved, only when the one is and the other is not.
        let answer = await store.perform { client -> (Bool, Bool) in
            let rows = try await client.query(
                """
                WITH state AS (
                    SELECT EXISTS (SELECT 1 FROM mediasearch_list_names WHERE name = \(from))
                        OR EXISTS (SELECT 1 FROM mediasearch_lists WHERE list = \(from)) AS there,
                    EXISTS (SELECT 1 FROM mediasearch_list_names WHERE name = \(to))
                        OR EXISTS (SELECT 1 FROM mediasearch_lists WHERE list = \(to)) AS taken),
                gone AS (
                    DELETE FROM mediasearch_list_names WHERE name = \(from)
                    AND (SELECT there AND NOT taken FROM state)),
                named AS (
                    INSERT INTO mediasearch_list_names (name, created_at)
                    SELECT \(to), \(time) FROM state WHERE there AND NOT taken),
                moved AS (
                    UPDATE mediasearch_lists SET list = \(to) WHERE list = \(from)
                    AND (SELECT there AND NOT taken FROM state))
                SELECT there, taken FROM state
                """, logger: PostgresStore.quiet)
            var state = (false, false)
            for try await value in rows.decode((Bool, Bool).self) { state = value }
            return state
        }
        guard let (there, taken) = answer else { throw down }
        if there, taken { throw .listExists(name) }
        return there
    }

    public func delete(_ list: String) async throws(MediaSearchError) -> Bool {
        let name = PostgresStore.text(list)
        let deleted = await store.perform { client -> Bool in
            let rows = try await client.query(
                """
                WITH named AS (DELETE FROM mediasearch_list_names WHERE name = \(name) RETURNING 1),
                items AS (DELETE FROM mediasearch_lists WHERE list = \(name) RETURNING 1)
                SELECT (SELECT count(*) FROM named) + (SELECT count(*) FROM items)
                """, logger: PostgresStore.quiet)
            var count = 0
            for try await value in rows.decode(Int.self) { count = value }
            return count > 0
        }
        guard let deleted else { throw down }
        return deleted
    }
}
