import AudiobookProvider
import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import MovieProvider
import PodcastProvider
import SongProvider

#if PostgreSQL
    import MediaSearchPostgres
#endif

// The offline library at 1,000, 10,000 and 100,000 records, for Scripts/bench. The records are
// every recorded fixture record of the four built-in kinds, repeated with new ids. Prints one JSON
// object per figure (name, records, p50, p99, min, max in ms; or a size in bytes).
//   mediasearch-library-bench [--sizes 1000,10000,100000] [--keep DIRECTORY] [--store POSTGRESQL-URL]
// With --keep, the largest library is left at DIRECTORY/mediasearch/library.sqlite (a data home
// for `search --offline` timed as a whole command). With --store, the library is the shared
// store's in that PostgreSQL database (emptied first), measured the same way.

var sizes = [1_000, 10_000, 100_000]
var keep: String?
var storeURL: StoreURL?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--sizes": sizes = (arguments.next() ?? "").split(separator: ",").compactMap { Int($0) }
    case "--keep": keep = arguments.next()
    case "--store": storeURL = try StoreURL(parsing: arguments.next() ?? "")
    default:
        FileHandle.standardError.write(
            Data("usage: mediasearch-library-bench [--sizes N,N] [--keep DIR] [--store URL]\n".utf8))
        exit(64)
    }
}
#if PostgreSQL
    var sharedStore: PostgresStore?
    if let storeURL { sharedStore = try await PostgresStore.open(storeURL, origin: "--store", operationTimeout: 60) }
#else
    if storeURL != nil {
        FileHandle.standardError.write(
            Data("mediasearch-library-bench: --store needs a build with `--traits PostgreSQL`\n".utf8))
        exit(69)
    }
#endif

let providers: [any MediaProvider] = [SongProvider(), MovieProvider(), AudiobookProvider(), PodcastProvider()]
// As `mediasearch` does: the library keeps an item its record describes as the record alone.
let payloadTypes = PayloadTypes(of: providers)
/// Every distinct recorded record of the four kinds.
func recordedItems() -> [(kind: String, item: MediaItem)] {
    var recorded: [(kind: String, item: MediaItem)] = []
    var seenIDs: Set<String> = []
    for path in Fixtures.allPaths() {
        guard let items = try? ITunesResponse.decode(Fixtures.data(path)) else { continue }
        for item in items {
            guard let provider = providers.first(where: { $0.accepts(item) }),
                seenIDs.insert("\(provider.kind)/\(item.id)").inserted
            else { continue }
            recorded.append((provider.kind, item))
        }
    }
    return recorded
}
let recorded = recordedItems()

/// The `index`-th record: a recorded one, with ids no other copy has.
func copy(_ index: Int) -> (kind: String, item: MediaItem) {
    var (kind, item) = recorded[index % recorded.count]
    let shift = (index / recorded.count) * 1_000_000_000_000
    if item.isITunes {
        var record = item.itunes
        record.trackId = record.trackId.map { $0 + shift }
        record.collectionId = record.collectionId.map { $0 + shift }
        // The record's ids moved; the item's id is the record's, as a search would make it.
        item = MediaItem(itunes: record)
    } else {
        item.id = String((Int(item.id) ?? index) + shift)
    }
    return (kind, item)
}

func report(_ name: String, records: Int, samples: [Double]) {
    let sorted = samples.sorted()
    let figure: [String: Any] = [
        "name": name, "records": records, "p50": sorted[sorted.count / 2],
        "p99": sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))], "min": sorted[0],
        "max": sorted[sorted.count - 1], "runs": sorted.count,
    ]
    let data = try! JSONSerialization.data(withJSONObject: figure, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

func milliseconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    return (ContinuousClock.now - start).seconds * 1000
}

/// The library measured: SQLite's, called directly (as the engine's blocking pool does), or the
/// shared store's.
struct Subject {
    var store: ([(kind: String, item: MediaItem)]) async throws -> Void
    var search: (String, SearchQuery) async throws -> Void
    var statistics: () async throws -> LibraryStatistics
    /// Bytes of the size that are SQLite's write-ahead log (0 to about 8 MiB, wherever its
    /// checkpoint cycle stands), so that the table can tell it from the records' size.
    var log: () -> Int = { 0 }
    /// What the database does on its own after a bulk load (PostgreSQL: autovacuum's ANALYZE).
    var settle: () async -> Void = {}

    init(sqlite library: MediaLibrary) {
        store = { try library.store($0) }
        search = { _ = try library.search(kind: $0, query: $1) }
        statistics = { try library.statistics() }
        log = { ((try? FileManager.default.attributesOfItem(atPath: library.path + "-wal"))?[.size] as? Int) ?? 0 }
    }

    #if PostgreSQL
        init(shared library: PostgresLibrary) async throws {
            _ = try await library.clear()
            store = { try await library.store($0, seenAt: Date()) }
            search = { _ = try await library.search(kind: $0, query: $1, filters: []) }
            statistics = { try await library.statistics() }
            settle = { await library.refreshStatistics() }
        }
    #endif

    /// The library of `size` records measured: the shared store's when `--store` names one.
    @MainActor static func make(size: Int, in directory: URL) async throws -> Subject {
        #if PostgreSQL
            if let sharedStore {
                return try await Subject(
                    shared: PostgresLibrary(store: sharedStore, maxRecords: size, payloadTypes: payloadTypes))
            }
        #endif
        return Subject(
            sqlite: MediaLibrary(
                path: directory.appendingPathComponent("library.sqlite").path, maxRecords: size,
                payloadTypes: payloadTypes))
    }
}

// Words people type: common ones (thousands of matches at 100k), rare ones, prefixes, two words.
let terms = [
    "star", "wars", "jack johnson", "love", "the", "moby", "60 minutes", "sistar", "taylor", "trek", "st", "j",
    "coldplay", "beatles", "abbey", "john green", "daily", "slayer", "podcast", "nothing-matches-this",
]
let root = FileManager.default.temporaryDirectory.appendingPathComponent("library-bench-\(UUID().uuidString)")
for size in sizes.sorted() {
    let directory =
        size == sizes.max() && keep != nil
        ? URL(fileURLWithPath: keep!).appendingPathComponent("mediasearch") : root.appendingPathComponent("\(size)")
    try? FileManager.default.removeItem(at: directory)
    // Full at `size`: each measured store adds 200 new records and lets the 200 oldest go.
    let library = try await Subject.make(size: size, in: directory)
    var fill = 0
    while fill < size {
        let page = (fill..<min(size, fill + 200)).map(copy)
        try await library.store(page)
        fill += page.count
    }
    await library.settle()
    // Storing a page of 200 new records into the full library (the oldest 200 going).
    var stores: [Double] = []
    for round in 0..<20 {
        let page = (0..<200).map { copy(size + round * 200 + $0) }
        stores.append(try await milliseconds { try await library.store(page) })
    }
    report("store a 200-record page", records: size, samples: stores)
    if size == sizes.min() {
        let page = (0..<200).map { copy(size * 10 + $0).item }
        let encoder = JSONEncoder()
        report(
            "of which: encode 200 records", records: size,
            samples: try (0..<20).map { _ in
                let start = ContinuousClock.now
                for item in page { _ = try MediaLibrary.body(of: item, types: payloadTypes, encoder: encoder) }
                return (ContinuousClock.now - start).seconds * 1000
            })
    }

    var single: [Double] = []
    var all: [Double] = []
    for _ in 0..<10 {
        for term in terms {
            let query = SearchQuery(term: term, limit: 30)
            single.append(try await milliseconds { try await library.search("song", query) })
            all.append(
                try await milliseconds {
                    for provider in providers { try await library.search(provider.kind, query) }
                })
        }
    }
    report("text query, one kind, 30 results", records: size, samples: single)
    report("text query, four kinds, 30 results each", records: size, samples: all)
    let statistics = try await library.statistics()
    let data = try JSONSerialization.data(
        withJSONObject: [
            "name": "database size", "records": statistics.records, "bytes": statistics.bytes, "log": library.log(),
        ],
        options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}
try? FileManager.default.removeItem(at: root)
