import Foundation

/// Open Library's search and works from its recordings (`Fixtures/open-library/PROVENANCE.md`),
/// under `/openlibrary` on the fixture server.
enum OpenLibraryFixtures {
    struct Recordings: @unchecked Sendable {
        let works: [[String: Any]]
        let docs: [[String: Any]]
        /// A work's editions, by the work's key.
        let editions: [String: [String: Any]]
    }

    /// The recordings, parsed once.
    static let recordings: Recordings = {
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/open-library")
        func object(_ name: String) -> [String: Any] {
            (try? Data(contentsOf: folder.appendingPathComponent(name)))
                .flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any] ?? [:]
        }
        let searches = [
            "search-this-is-how-you-lose-the-time-war-2020.json", "constructed-search-sabriel.json",
            "constructed-search-allan-quatermain.json",
        ]
        return Recordings(
            works: [object("works-OL15832982W-2020.json")],
            docs: searches.flatMap { object($0)["docs"] as? [[String: Any]] ?? [] },
            editions: ["/works/OL15832982W": object("works-OL15832982W-editions-2020.json")])
    }()

    /// A work's record in Open Library's shape, from what its search result says (title, first
    /// publication, cover, subjects); a work record names no author, only references.
    static func work(from doc: [String: Any]) -> [String: Any] {
        var work: [String: Any] = ["key": doc["key"] ?? "", "title": doc["title"] ?? "", "type": ["key": "/type/work"]]
        if let year = doc["first_publish_year"] as? Int { work["first_publish_date"] = String(year) }
        if let cover = doc["cover_i"] as? Int { work["covers"] = [cover] }
        if let subjects = doc["subject"] { work["subjects"] = subjects }
        return work
    }

    /// The answer to a path below `/openlibrary`.
    static func answer(path: String, query: [String: String]) -> Answer {
        if path.hasPrefix("/works/"), path.hasSuffix("/editions.json") {
            let key = String(path.dropLast("/editions.json".count))
            guard let editions = recordings.editions[key] else {
                return Answer(fault: .status(404, body: #"{"error": "notfound", "key": "\#(key)"}"#))
            }
            return MusicBrainzFixtures.json(editions)
        }
        if path.hasPrefix("/works/"), path.hasSuffix(".json") {
            let key = String(path.dropLast(".json".count))
            if let work = recordings.works.first(where: { $0["key"] as? String == key }) {
                return MusicBrainzFixtures.json(work)
            }
            // A listed work no recording holds: the work as its search result tells it.
            guard let doc = recordings.docs.first(where: { $0["key"] as? String == key }) else {
                return Answer(fault: .status(404, body: #"{"error": "notfound", "key": "\#(key)"}"#))
            }
            return MusicBrainzFixtures.json(work(from: doc))
        }
        guard path == "/search.json" else { return Answer(fault: .status(404, body: "<html>Not found</html>")) }
        let q = query["q"] ?? ""
        let found: [[String: Any]]
        if q.lowercased().hasPrefix("isbn:") {
            let isbn = String(q.dropFirst("isbn:".count))
            found = recordings.docs.filter { ($0["isbn"] as? [String] ?? []).contains(isbn) }
        } else {
            let wanted = MusicBrainzFixtures.words(q)
            found = recordings.docs.filter { doc in
                let text = [doc["title"] as? String ?? ""] + (doc["author_name"] as? [String] ?? [])
                let words = Set(MusicBrainzFixtures.words(text.joined(separator: " ")))
                return !wanted.isEmpty && wanted.allSatisfy(words.contains)
            }
        }
        let offset = min(max(query["offset"].flatMap { Int($0) } ?? 0, 0), found.count)
        let end = offset + min(max(query["limit"].flatMap { Int($0) } ?? 100, 0), found.count - offset)
        return MusicBrainzFixtures.json([
            "start": offset, "num_found": found.count, "numFound": found.count, "docs": Array(found[offset..<end]),
        ])
    }
}
