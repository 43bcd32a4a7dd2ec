#if PostgreSQL
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

    /// What a rename did.
    private enum Renamed: Sendable { case renamed, missing, taken }

    public func rename(_ list: String, to name: String) async throws(MediaSearchError) -> Bool {
        let (from, to) = (PostgresStore.text(list), PostgresStore.text(name))
        // One statement: the list's row takes the new name (its made date kept) unless the name
        // is taken, and its items follow only when it did. Two renames of one list at once: the
        // second waits for the first's row, then finds no list of the old name, and does nothing
        // (no stray empty list); a name another instance takes a moment before is its unique key's
        // refusal, said as taken.
        let answer = await store.perform { client -> Renamed in
            do {
                let rows = try await client.query(
                    """
                    WITH taken AS (SELECT EXISTS (SELECT 1 FROM mediasearch_list_names WHERE name = \(to)) AS yes),
                    renamed AS (
                        UPDATE mediasearch_list_names SET name = \(to)
                        WHERE name = \(from) AND NOT (SELECT yes FROM taken) RETURNING 1),
                    moved AS (
                        UPDATE mediasearch_lists SET list = \(to)
                        WHERE list = \(from) AND EXISTS (SELECT 1 FROM renamed))
                    SELECT (SELECT yes FROM taken), (SELECT count(*) FROM renamed)::bigint
                    """, logger: PostgresStore.quiet)
                var state = (false, 0)
                for try await value in rows.decode((Bool, Int).self) { state = value }
                return state.1 > 0 ? .renamed : state.0 ? .taken : .missing
            } catch let error as PSQLError where error.code == .server && error.serverInfo?[.sqlState] == "23505" {
                return .taken
            }
        }
        switch answer {
        case nil: throw down
        case .taken?: throw .listExists(name)
        case .renamed?: return true
        case .missing?: return false
        }
    }

    public func delete(_ list: String, ifEmpty: Bool) async throws(MediaSearchError) -> ListDeletion {
        let name = PostgresStore.text(list)
        // One statement: the count and the deletes read one snapshot, so a list found holding
        // items is not deleted when only an empty one may be.
        let answer = await store.perform { client -> (Int, Int) in
            let rows = try await client.query(
                """
                WITH held AS (SELECT count(*) AS n FROM mediasearch_lists WHERE list = \(name)),
                allowed AS (SELECT NOT \(ifEmpty) OR n = 0 AS yes FROM held),
                named AS (
                    DELETE FROM mediasearch_list_names WHERE name = \(name) AND (SELECT yes FROM allowed) RETURNING 1),
                items AS (
                    DELETE FROM mediasearch_lists WHERE list = \(name) AND (SELECT yes FROM allowed) RETURNING 1)
                SELECT (SELECT n FROM held)::bigint, ((SELECT count(*) FROM named) + (SELECT count(*) FROM items))::bigint
                """, logger: PostgresStore.quiet)
            var state = (0, 0)
            for try await value in rows.decode((Int, Int).self) { state = value }
            return state
        }
        guard let (held, gone) = answer else { throw down }
        if ifEmpty, held > 0 { return .holds(held) }
        return gone > 0 ? .deleted(held) : .missing
    }
}
#endif
