import Foundation

/// Every record of every recorded response, so lookups can be answered from real data.
///
/// The recordings hold search answers and a few lookups; a `/lookup` is answered by picking the
/// recorded records with the asked-for id (and, with `entity`, the records that belong to it),
/// the way the API assembles its answer.
struct RecordIndex: Sendable {
    /// Records as JSON objects, re-serialised, in file order; duplicates dropped.
    private(set) var records: [Record] = []

    struct Record: Sendable {
        var wrapperType: String?
        var kind: String?
        var trackId: Int?
        var collectionId: Int?
        var artistId: Int?
        var json: Data
    }

    /// Built once per process: every server answers lookups from the same recordings.
    static let shared = RecordIndex(paths: Fixtures.allPaths())

    init(paths: [String]) {
        var seen: Set<String> = []
        for path in paths where !path.contains("allorigins") {
            guard let data = try? Fixtures.data(path),
                let object = try? JSONSerialization.jsonObject(with: data)
            else { continue }
            let list = (object as? [String: Any])?["results"] as? [[String: Any]] ?? object as? [[String: Any]] ?? []
            for raw in list {
                let record = Record(
                    wrapperType: raw["wrapperType"] as? String, kind: raw["kind"] as? String,
                    trackId: raw["trackId"] as? Int, collectionId: raw["collectionId"] as? Int,
                    artistId: raw["artistId"] as? Int ?? (raw["artistIds"] as? [Int])?.first,
                    json: (try? JSONSerialization.data(withJSONObject: raw)) ?? Data())
                let key =
                    "\(record.wrapperType ?? "")/\(record.kind ?? "")/\(record.trackId ?? 0)/"
                    + "\(record.collectionId ?? 0)/\(record.artistId ?? 0)"
                if seen.insert(key).inserted { records.append(record) }
            }
        }
    }

    /// The records a lookup of `id` returns: the item itself, then up to `limit` related records.
    func lookup(id: Int, entity: String?, limit: Int?) -> [Record] {
        let parent =
            records.first { $0.wrapperType == "artist" && $0.artistId == id }
            ?? records.first { $0.trackId == id && $0.wrapperType != "podcastEpisode" }
            ?? records.first { $0.trackId == id }
            ?? records.first {
                $0.collectionId == id && ($0.wrapperType == "collection" || $0.wrapperType == "audiobook")
            }
            ?? records.first { $0.collectionId == id }
        guard let parent else { return [] }
        guard let entity else { return [parent] }
        let children = records.filter { record in
            guard record.json != parent.json else { return false }
            switch entity {
            case "album": return record.wrapperType == "collection" && record.artistId == id
            case "song": return record.kind == "song" && (record.artistId == id || record.collectionId == id)
            case "movie": return record.kind == "feature-movie" && record.artistId == id
            case "audiobook": return record.wrapperType == "audiobook" && record.artistId == id
            case "podcast": return record.kind == "podcast" && record.artistId == id
            case "podcastEpisode": return record.wrapperType == "podcastEpisode" && record.collectionId == id
            case "musicVideo": return record.kind == "music-video" && record.artistId == id
            case "ebook": return record.kind == "ebook" && record.artistId == id
            default: return false
            }
        }
        return [parent] + children.prefix(limit ?? 50)
    }
}
