import Foundation
import MediaSearchCore
import MediaSearchKit
import NIOCore
import PostgresNIO

/// The lists in the shared store (#61): what ``ListFile`` keeps in SQLite, in one table every
/// instance reads and writes. Each change is one statement (an upsert, a delete), so changes from
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
            let rows = try await client.query(
                "SELECT list, count(*)::bigint FROM mediasearch_lists GROUP BY list ORDER BY list",
                logger: PostgresStore.quiet)
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
}
