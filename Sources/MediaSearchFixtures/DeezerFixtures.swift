import Foundation

/// Deezer's API (`/search`, `/search/album`, `/track/{id}`, `/album/{id}`) answered from the
/// recordings in `Fixtures/deezer`, under `/deezer` on the fixture server: point
/// `MEDIASEARCH_DEEZER_URL` at `<server>/deezer`.
///
/// A search with a recording of its own (`Soliloquy`, `Billie Jean`, `artist:"Lou Doillon"`,
/// albums of `Daft Punk`) gets it; any other gets every recorded track (album) whose title,
/// artist or album holds all the words of the term, paged by `index` and `limit` as Deezer pages.
/// An id with no recording gets Deezer's own "no data" error as HTTP 200, `/album/0` its 404.
enum DeezerFixtures {
    static func answer(path: String, query: [String: String]) -> Answer {
        let term = (query["q"] ?? "").lowercased()
        switch path {
        case "/search":
            let recorded = [
                "soliloquy": "search-track-soliloquy.json", "billie jean": "search-track-billy-jean-limit4-index1.json",
                "billy jean": "search-track-billy-jean-limit4-index1.json",
                "artist:\"lou doillon\"": "search-track-advanced-artist-lou-doillon.json",
            ]
            return page(recorded[term].map(list) ?? matching(recordings.tracks, term), query: query)
        case "/search/album":
            if term == "daft punk" { return page(list("search-album-daft-punk.json"), query: query) }
            return page(matching(recordings.albums, term), query: query)
        case _ where path.hasPrefix("/track/"):
            let id = Int(path.dropFirst("/track/".count))
            guard let track = recordings.tracks.first(where: { $0["id"] as? Int == id }) else { return noData }
            return json(track)
        case "/album/0":
            return Answer(status: 404, body: (try? Fixtures.deezer("error-album-0-http404.json")) ?? Data())
        case _ where path.hasPrefix("/album/"):
            let id = Int(path.dropFirst("/album/".count))
            guard id == 302127, let data = try? Fixtures.deezer("album-302127-discovery.json") else { return noData }
            return Answer(status: 200, body: data)
        default:
            return Answer(fault: .status(404))
        }
    }

    /// Deezer's "no data" error, sent with HTTP 200 as Deezer sends it.
    static var noData: Answer {
        Answer(status: 200, body: (try? Fixtures.deezer("error-album-minus1-http200.json")) ?? Data())
    }

    /// The recordings, read and parsed once: the demo server carries load tests, and parsing
    /// every file on every request held its Deezer search to about 56 answers a second.
    struct Recordings: @unchecked Sendable {
        /// Each file's top-level object, by name.
        let objects: [String: [String: Any]]
        let tracks: [[String: Any]]
        let albums: [[String: Any]]
    }

    static let recordings: Recordings = {
        var objects: [String: [String: Any]] = [:]
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/deezer")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".json") {
            if let data = try? Fixtures.deezer(name), let object = try? JSONSerialization.jsonObject(with: data) {
                objects[name] = object as? [String: Any]
            }
        }
        let list = { (file: String) in objects[file]?["data"] as? [[String: Any]] ?? [] }
        return Recordings(
            objects: objects, tracks: tracks(objects),
            albums: unique(list("search-album-daft-punk.json") + list("artist-27-albums-recorded-2026.json")))
    }()

    /// Every recorded track, the richest recording of each first; the album's tracks carry the album.
    static func tracks(_ objects: [String: [String: Any]]) -> [[String: Any]] {
        let list = { (file: String) in objects[file]?["data"] as? [[String: Any]] ?? [] }
        let object = { (file: String) in objects[file] }
        var all: [[String: Any]] = []
        if let track = object("track-3135556.json") { all.append(track) }
        all += list("artist-27-top.json")
        if let album = object("album-302127-discovery.json"),
            let listed = (album["tracks"] as? [String: Any])?["data"] as? [[String: Any]]
        {
            let short = album.filter {
                ["id", "title", "link", "cover_small", "cover_medium", "cover_big", "cover_xl", "release_date"]
                    .contains($0.key)
            }
            all += listed.map {
                var track = $0; track["album"] = short; return track
            }
        }
        for file in [
            "search-track-soliloquy.json", "search-track-billy-jean-limit4-index1.json",
            "search-track-advanced-artist-lou-doillon.json",
        ] {
            all += list(file)
        }
        return unique(all)
    }

    static func matching(_ items: [[String: Any]], _ term: String) -> [[String: Any]] {
        let words = term.replacingOccurrences(of: "artist:", with: " ").replacingOccurrences(of: "album:", with: " ")
            .replacingOccurrences(of: "\"", with: " ").split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        return items.filter { item in
            let text = [
                item["title"] as? String, (item["artist"] as? [String: Any])?["name"] as? String,
                (item["album"] as? [String: Any])?["title"] as? String,
            ].compactMap { $0 }.joined(separator: " ").lowercased()
            return words.allSatisfy(text.contains)
        }
    }

    /// One page of a list, as Deezer answers it: `data`, `total`, and `next` when there is more.
    static func page(_ items: [[String: Any]], query: [String: String]) -> Answer {
        let start = min(max(query["index"].flatMap { Int($0) } ?? 0, 0), items.count)
        let end = start + min(max(query["limit"].flatMap { Int($0) } ?? 25, 0), items.count - start)
        var body: [String: Any] = ["data": Array(items[start..<end]), "total": items.count]
        if end < items.count { body["next"] = "https://api.deezer.com/search?index=\(end)" }
        return json(body)
    }

    static func unique(_ items: [[String: Any]]) -> [[String: Any]] {
        var seen: Set<Int> = []
        return items.filter { seen.insert($0["id"] as? Int ?? -1).inserted }
    }

    static func list(_ file: String) -> [[String: Any]] {
        recordings.objects[file]?["data"] as? [[String: Any]] ?? []
    }

    static func json(_ value: Any) -> Answer {
        Answer(status: 200, body: (try? JSONSerialization.data(withJSONObject: value)) ?? Data())
    }
}
