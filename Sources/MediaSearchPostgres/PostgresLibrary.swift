#if PostgreSQL
import Foundation
import MediaSearchCore
import MediaSearchKit
import NIOCore
import PostgresNIO

/// The offline library in the shared store: what ``MediaLibrary`` keeps in SQLite, in one table
/// every instance reads and writes, ranked by PostgreSQL's full-text search.
///
/// Rows hold the same compressed body as SQLite's (``MediaLibrary/compressedRows(_:types:)``). Their
/// `words` are a `tsvector` of the title (weight A), creator (B), collection (C) and genre (D),
/// with case and accents folded in Swift and the `simple` configuration (no stemming, as the
/// SQLite index does), under a GIN index. A query is a prefix match of every word, ranks
/// (`ts_rank`) the 1,000 most recently added matches of its kind, as the SQLite library does, so
/// a common word costs no more than a rare one. A page is written in one statement (`unnest`).
/// Past `maxRecords`, the records seen longest ago go, down to ``MediaLibrary/kept(after:)``.
///
/// While the store is down, records are not kept (the searches that saw them are answered
/// anyway), and reads fail with one line that says so.
public struct PostgresLibrary: LibraryStore {
    public let store: PostgresStore
    public let maxRecords: Int
    /// The payload types its items are read with, and may be written in their short form with.
    public let payloadTypes: PayloadTypes

    /// The library of a store.
    public init(store: PostgresStore, maxRecords: Int, payloadTypes: PayloadTypes) {
        self.store = store
        self.maxRecords = max(1, maxRecords)
        self.payloadTypes = payloadTypes
    }

    private var down: MediaSearchError {
        .unavailable(store.downNotice ?? "the shared store \(store.url) did not answer")
    }

    public func store(_ records: [(kind: String, item: MediaItem)], seenAt: Date) async throws(MediaSearchError) {
        guard !records.isEmpty else { return }
        let rows = MediaLibrary.compressedRows(records, types: payloadTypes)
        var columns = Columns()
        for row in rows { columns.append(row) }
        let time = seenAt.timeIntervalSince1970
        let limit = maxRecords
        let columnsValue = columns
        _ = await store.perform { client in
            try await client.withTransaction(logger: PostgresStore.quiet) { connection in
                let inserted = try await connection.query(
                    """
                    WITH upserted AS (
                        INSERT INTO mediasearch_records AS r (kind, id, title, creator, collection, genre, explicit,
                            first_seen, last_seen, body, words)
                        SELECT kind, id, NULLIF(title, ''), NULLIF(creator, ''), NULLIF(collection, ''),
                            NULLIF(genre, ''), explicit, \(time), \(time), body,
                            setweight(to_tsvector('simple', ftitle), 'A') || setweight(to_tsvector('simple', fcreator), 'B')
                            || setweight(to_tsvector('simple', fcollection), 'C')
                            || setweight(to_tsvector('simple', fgenre), 'D')
                            || array_to_tsvector(CASE WHEN explicit THEN ARRAY[\(Self.kindTagPrefix) || kind, \(Self.explicitTag)]
                                ELSE ARRAY[\(Self.kindTagPrefix) || kind] END)
                        FROM unnest(\(columnsValue.kinds)::text[], \(columnsValue.ids)::text[], \(columnsValue.titles)::text[],
                            \(columnsValue.creators)::text[], \(columnsValue.collections)::text[], \(columnsValue.genres)::text[],
                            \(columnsValue.explicit)::boolean[], \(columnsValue.bodies)::bytea[],
                            \(columnsValue.foldedTitles)::text[], \(columnsValue.foldedCreators)::text[],
                            \(columnsValue.foldedCollections)::text[], \(columnsValue.foldedGenres)::text[])
                            AS t(kind, id, title, creator, collection, genre, explicit, body, ftitle, fcreator,
                                fcollection, fgenre)
                        ON CONFLICT (kind, id) DO UPDATE SET title = excluded.title, creator = excluded.creator,
                            collection = excluded.collection, genre = excluded.genre, explicit = excluded.explicit,
                            last_seen = excluded.last_seen, body = excluded.body, words = excluded.words
                        RETURNING (xmax = 0) AS inserted)
                    UPDATE mediasearch_counts SET value = value + (SELECT count(*) FROM upserted WHERE inserted)
                    WHERE name = 'records' RETURNING value
                    """, logger: PostgresStore.quiet)
                var count = 0
                for try await value in inserted.decode(Int.self) { count = value }
                if count > limit {
                    // As in SQLite: the records seen longest ago go, in a batch.
                    let remove = count - MediaLibrary.kept(after: limit)
                    try await connection.query(
                        """
                        WITH gone AS (
                            DELETE FROM mediasearch_records WHERE ctid IN (
                                SELECT ctid FROM mediasearch_records ORDER BY last_seen, added LIMIT \(remove))
                            RETURNING 1)
                        UPDATE mediasearch_counts SET value = value - (SELECT count(*) FROM gone) WHERE name = 'records'
                        """, logger: PostgresStore.quiet)
                }
            }
        }
    }

    public func storeMissing(_ records: [(kind: String, item: MediaItem)], seenAt: Date)
        async throws(MediaSearchError)
    {
        guard !records.isEmpty else { return }
        let kinds = records.map(\.kind)
        let ids = records.map(\.item.id)
        let known = await store.perform { client -> Set<String> in
            var known: Set<String> = []
            let rows = try await client.query(
                """
                SELECT r.kind || '/' || r.id FROM mediasearch_records r
                JOIN unnest(\(kinds)::text[], \(ids)::text[]) AS t(kind, id) ON r.kind = t.kind AND r.id = t.id
                """, logger: PostgresStore.quiet)
            for try await key in rows.decode(String.self) { known.insert(key) }
            return known
        }
        guard let known else { return }
        try await store(records.filter { !known.contains("\($0.kind)/\($0.item.id)") }, seenAt: seenAt)
    }

    public func search(kind: String, query: SearchQuery, filters: [FilterSpec]) async throws(MediaSearchError)
        -> [MediaItem]
    {
        guard let match = Self.tsquery(query.term), query.limit > 0 else { return [] }
        let window = MediaLibrary.window(for: query)
        let filtering = !query.filters.isEmpty
        let limit = filtering ? window : query.limit
        let offset = filtering ? 0 : query.offset
        let explicit = query.explicit
        let bodies = await store.perform { client -> [Data] in
            let rows = try await client.query(
                """
                SELECT body FROM (
                    SELECT body, words FROM mediasearch_records
                    WHERE words @@ (\(Self.tagQuery(kind: kind, explicit: explicit))::tsquery && to_tsquery('simple', \(match)))
                    ORDER BY added DESC LIMIT \(window)
                ) AS m
                ORDER BY ts_rank('{0.1, 0.2, 0.6, 1.0}', words, to_tsquery('simple', \(match))) DESC
                LIMIT \(limit) OFFSET \(offset)
                """, logger: PostgresStore.quiet)
            var bodies: [Data] = []
            for try await body in rows.decode(ByteBuffer.self) { bodies.append(Data(body.readableBytesView)) }
            return bodies
        }
        guard let bodies else { throw down }
        let decoder = payloadTypes.decoder()
        let items = bodies.compactMap { MediaLibrary.item(fromBody: $0, decoder: decoder) }
        return MediaLibrary.page(items, query: query, filters: filters, paged: true)
    }

    public func item(id: String, kind: String?) async throws(MediaSearchError) -> (kind: String, item: MediaItem)? {
        let row = await store.perform { client -> (String, Data)? in
            let rows = try await client.query(
                """
                SELECT kind, body FROM mediasearch_records WHERE id = \(id) AND (\(kind)::text IS NULL OR kind = \(kind))
                ORDER BY last_seen DESC LIMIT 1
                """, logger: PostgresStore.quiet)
            for try await (kind, body) in rows.decode((String, ByteBuffer).self) {
                return (kind, Data(body.readableBytesView))
            }
            return nil
        }
        guard let row else { throw down }
        guard let (kind, body) = row, let item = MediaLibrary.item(fromBody: body, decoder: payloadTypes.decoder())
        else { return nil }
        return (kind, item)
    }

    public func suggestions(for text: String, limit: Int) async throws(MediaSearchError) -> [String] {
        guard let match = Self.tsquery(text), limit > 0 else { return [] }
        let rows = await store.perform { client -> [(String?, String?)] in
            // Title and creator only: the weights A and B.
            let rows = try await client.query(
                """
                SELECT title, creator FROM (
                    SELECT title, creator, words FROM mediasearch_records
                    WHERE ts_filter(words, '{a,b}') @@ to_tsquery('simple', \(match))
                    ORDER BY added DESC LIMIT \(MediaLibrary.candidates)
                ) AS m
                ORDER BY ts_rank('{0.1, 0.2, 0.6, 1.0}', words, to_tsquery('simple', \(match))) DESC
                LIMIT \(limit * 8)
                """, logger: PostgresStore.quiet)
            var found: [(String?, String?)] = []
            for try await (title, creator) in rows.decode((String?, String?).self) { found.append((title, creator)) }
            return found
        }
        guard let rows else { throw down }
        return MediaLibrary.suggestions(from: rows, for: text, limit: limit)
    }

    public func count() async throws(MediaSearchError) -> Int {
        let count = await store.perform { client -> Int in
            let rows = try await client.query(
                "SELECT value FROM mediasearch_counts WHERE name = 'records'", logger: PostgresStore.quiet)
            for try await value in rows.decode(Int.self) { return value }
            return 0
        }
        guard let count else { throw down }
        return count
    }

    public func statistics() async throws(MediaSearchError) -> LibraryStatistics {
        let found = await store.perform { client -> ([LibraryStatistics.KindCount], Int) in
            var kinds: [LibraryStatistics.KindCount] = []
            let rows = try await client.query(
                "SELECT kind, count(*)::bigint FROM mediasearch_records GROUP BY kind ORDER BY kind",
                logger: PostgresStore.quiet)
            for try await (kind, records) in rows.decode((String, Int).self) {
                kinds.append(.init(kind: kind, records: records))
            }
            var bytes = 0
            let size = try await client.query(
                "SELECT pg_total_relation_size('mediasearch_records')", logger: PostgresStore.quiet)
            for try await value in size.decode(Int.self) { bytes = value }
            return (kinds, bytes)
        }
        guard let (kinds, bytes) = found else { throw down }
        return LibraryStatistics(
            path: store.url.description, records: kinds.reduce(0) { $0 + $1.records }, bytes: bytes, kinds: kinds,
            maxRecords: maxRecords)
    }

    public func clear() async throws(MediaSearchError) -> Int {
        let removed = await store.perform { client -> Int in
            try await client.withTransaction(logger: PostgresStore.quiet) { connection in
                var removed = 0
                let rows = try await connection.query(
                    "SELECT value FROM mediasearch_counts WHERE name = 'records' FOR UPDATE",
                    logger: PostgresStore.quiet)
                for try await value in rows.decode(Int.self) { removed = value }
                try await connection.query("TRUNCATE mediasearch_records", logger: PostgresStore.quiet)
                try await connection.query(
                    "UPDATE mediasearch_counts SET value = 0 WHERE name = 'records'", logger: PostgresStore.quiet)
                return removed
            }
        }
        guard let removed else { throw down }
        return removed
    }

    /// Refreshes the planner's statistics of the table (`ANALYZE`), as autovacuum does on its own
    /// a minute or so after many rows change: after a bulk load, so that the next queries are
    /// planned for the table as it is (a common word scans the newest rows, a rare one the index).
    public func refreshStatistics() async {
        _ = await store.perform { client in
            try await client.query("ANALYZE mediasearch_records", logger: PostgresStore.quiet)
        }
    }

    /// While the store is down, the one line that says so.
    public func takeNotices() -> [String] { store.downNotice.map { [$0] } ?? [] }

    /// Lexemes that mark a row's kind and explicitness in `words`, so that one GIN lookup finds
    /// the words of a kind (as SQLite's `tags` column does). They hold `@` and `:`, which the
    /// parser never leaves in a word, so nothing a user types can match them; ranking uses the
    /// typed words only.
    static let kindTagPrefix = "@kind:"
    static let explicitTag = "@explicit"

    /// The tsquery text that keeps the rows of a kind (and, unless `explicit`, no explicit ones).
    static func tagQuery(kind: String, explicit: Bool) -> String {
        let quoted = (kindTagPrefix + kind).replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "'", with: "''")
        return explicit ? "'\(quoted)'" : "'\(quoted)' & !'\(explicitTag)'"
    }

    /// The `to_tsquery` text for what a user typed: every folded word as a prefix, all required;
    /// `nil` when there is no word. Words hold only letters, digits and marks (``LibraryQuery``),
    /// each quoted, so nothing typed is ever a query operator.
    static func tsquery(_ text: String) -> String? {
        let words = LibraryQuery.foldedWords(text)
        guard !words.isEmpty else { return nil }
        return words.map { "'\($0)':*" }.joined(separator: " & ")
    }

    /// A page of rows as the columns of one `unnest`.
    struct Columns: Sendable {
        var kinds: [String] = [], ids: [String] = [], titles: [String] = [], creators: [String] = []
        var collections: [String] = [], genres: [String] = [], explicit: [Bool] = [], bodies: [ByteBuffer] = []
        var foldedTitles: [String] = [], foldedCreators: [String] = [], foldedCollections: [String] = []
        var foldedGenres: [String] = []

        mutating func append(_ row: (kind: String, item: MediaItem, body: Data)) {
            // PostgreSQL's `text` holds no U+0000, which JSON may carry: the columns go without
            // it, the record (`bytea`) keeps the text as the source sent it (S9).
            let text = PostgresStore.text
            kinds.append(text(row.kind))
            ids.append(text(row.item.id))
            titles.append(text(row.item.title ?? ""))
            creators.append(text(row.item.creator ?? ""))
            collections.append(text(row.item.collection ?? ""))
            genres.append(text(row.item.genre ?? ""))
            explicit.append(row.item.isExplicit == true)
            bodies.append(ByteBuffer(bytes: row.body))
            foldedTitles.append(text(Self.indexed(row.item.title)))
            foldedCreators.append(text(Self.indexed(row.item.creator)))
            foldedCollections.append(text(Self.indexed(row.item.collection)))
            foldedGenres.append(text(Self.indexed(row.item.genre)))
        }

        /// The words of a field as the index keeps them: folded, split as queries split them.
        static func indexed(_ text: String?) -> String {
            text.map { LibraryQuery.words(LibraryQuery.fold($0)).joined(separator: " ") } ?? ""
        }
    }
}
#endif
