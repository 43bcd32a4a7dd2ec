import AudiobookProvider
import Foundation
import MediaSearchCLI
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import MovieProvider
import PodcastProvider
import SongProvider

// In-process benchmarks for Scripts/bench: decoding and tiling 200 records per kind, and the text
// layout of 800 tiles. Prints one JSON object per figure: name, median, min and max in ms.

func measure(_ name: String, runs: Int, _ body: () throws -> Void) rethrows {
    var samples: [Double] = []
    try body()  // warm-up
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        samples.append((ContinuousClock.now - start).seconds * 1000)
    }
    samples.sort()
    let figure: [String: Any] = [
        "name": name, "median": samples[samples.count / 2], "min": samples[0], "max": samples[samples.count - 1],
        "runs": runs,
    ]
    let data = try! JSONSerialization.data(withJSONObject: figure, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

let runs = Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? 50
let kinds: [(any MediaProvider, String)] = [
    (SongProvider(), "songs/glennposadas-star-songs-raw.json"),
    (MovieProvider(), "movies/anndoko-search-carol-songs-movies-tv.json"),
    (AudiobookProvider(), "audiobooks/erickrodr-search-audiobook-javascript.json"),
    (PodcastProvider(), "podcasts/erickrodr-search-podcast.json"),
]
var allTiles: [Tile] = []
for (provider, path) in kinds {
    // 200 records of the provider's own kind, repeated from the recording.
    let recorded = try ITunesResponse.decode(try Fixtures.data(path)).filter(provider.accepts)
    let body = FixtureServer.page(try Fixtures.data(path), limit: 200 * 50, offset: 0, fill: true)
    let items = try ITunesResponse.decode(Data(body.utf8)).filter(provider.accepts)
    precondition(!recorded.isEmpty && items.count >= 200, "not enough \(provider.kind) records")
    let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: Any]
    let own = (object["results"] as! [[String: Any]]).filter { record in
        let data = try! JSONSerialization.data(withJSONObject: record)
        return (try? JSONDecoder().decode(ITunesRecord.self, from: data)).map {
            provider.accepts(MediaItem(itunes: $0))
        } ?? false
    }
    // '/' unescaped, as iTunes sends it.
    let page = try JSONSerialization.data(
        withJSONObject: ["resultCount": 200, "results": Array(own.prefix(200))], options: .withoutEscapingSlashes)
    try measure("decode+tile 200 \(provider.kind)", runs: runs) {
        let decoded = try ITunesResponse.decode(page)
        precondition(decoded.count == 200)
        let tiles = decoded.map(provider.tile(for:))
        precondition(tiles.count == 200)
    }
    allTiles += try ITunesResponse.decode(page).map(provider.tile(for:))
}
measure("layout 800 tiles at width 120", runs: runs) {
    let text = TileLayout(width: 120).render(allTiles)
    precondition(text.count > 800)
}

// A four-kind search that the response cache answers, as `serve` runs one that is not in its
// answer cache: the session's whole path (cache reads, decoding, merging, ordering, the library's
// check) and the JSON document, with no network and no HTTP. Measured as the same search again.
let fixtures = try await FixtureServer.start()
let home = FileManager.default.temporaryDirectory.appendingPathComponent("bench-session-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: home) }
var configuration = Configuration()
configuration.sourceURLs["itunes"] = URL(string: fixtures.baseURL)!
configuration.sourceRates["itunes"] = RequestRate(1000, per: 60)
var session = SearchSession(
    providers: [SongProvider(), MovieProvider(), AudiobookProvider(), PodcastProvider()],
    configuration: configuration,
    paths: StoragePaths(
        stateDirectory: home.appendingPathComponent("state").path,
        cacheDirectory: home.appendingPathComponent("cache").path,
        dataDirectory: home.appendingPathComponent("data").path))
session.recordsHistory = false
session.savesLastResults = false
let request = SearchRequest(term: "jack johnson")
_ = try await session.search(request)
var samples: [Double] = []
for _ in 0..<(runs * 4) {
    let start = ContinuousClock.now
    let page = try await session.search(request)
    let text = JSONOutput.text(page.document().json)
    precondition(!page.outcome.hasFailures && text.utf8.count > 1000)
    samples.append((ContinuousClock.now - start).seconds * 1000)
}
samples.sort()
let figure: [String: Any] = [
    "name": "four-kind search answered by the response cache, as JSON",
    "median": samples[samples.count / 2], "min": samples[0], "max": samples[samples.count - 1], "runs": samples.count,
]
print(String(decoding: try JSONSerialization.data(withJSONObject: figure, options: [.sortedKeys]), as: UTF8.self))
await fixtures.stop()
