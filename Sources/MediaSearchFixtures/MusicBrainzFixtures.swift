import Foundation

/// MusicBrainz's recording and release searches and lookups from its recordings
/// (`Fixtures/musicbrainz/PROVENANCE.md`), under `/musicbrainz` on the fixture server.
enum MusicBrainzFixtures {
    struct Recordings: @unchecked Sendable {
        let all: [[String: Any]]
    }

    /// The recordings, parsed once.
    static let recordings = entities { $0.contains("recording") }

    /// The releases (the lookups, and the releases of the recorded search), parsed once.
    static let releases: Recordings = {
        let found = entities { $0.hasPrefix("release-") || $0.hasPrefix("search-release") }
        return Recordings(all: found.all.flatMap { $0["releases"] as? [[String: Any]] ?? [$0] })
    }()

    /// The recorded answers whose file names are wanted, sorted by name.
    static func entities(_ wanted: (String) -> Bool) -> Recordings {
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/musicbrainz")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".json") && wanted($0)
        }.sorted()
        return Recordings(
            all: names.compactMap { name in
                (try? Data(contentsOf: folder.appendingPathComponent(name)))
                    .flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
            })
    }

    /// A release as a search lists it: its media without their tracks, its track count.
    static func listed(_ release: [String: Any]) -> [String: Any] {
        var release = release
        let media = release["media"] as? [[String: Any]] ?? []
        release["media"] = media.map { medium in
            var medium = medium
            medium["tracks"] = nil
            return medium
        }
        release["track-count"] = release["track-count"] ?? media.reduce(0) { $0 + ($1["track-count"] as? Int ?? 0) }
        release["score"] = release["score"] ?? 100
        return release
    }

    /// The words of a text, lower case, punctuation aside.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The answer to a path below `/musicbrainz`.
    static func answer(path: String, query: [String: String]) -> Answer {
        for (entity, known) in [("recording", recordings), ("release", releases)]
        where path.hasPrefix("/ws/2/\(entity)/") {
            let id = String(path.dropFirst("/ws/2/\(entity)/".count))
            guard let found = known.all.first(where: { $0["id"] as? String == id }) else { return notFound }
            return json(found)
        }
        let entity: String
        let known: Recordings
        switch path {
        case "/ws/2/recording": (entity, known) = ("recording", recordings)
        case "/ws/2/release": (entity, known) = ("release", releases)
        default: return notFound
        }
        let wanted = words(query["query"] ?? "")
        let found = known.all.filter { recording in
            let artists = (recording["artist-credit"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let text = Set(words(([recording["title"] as? String ?? ""] + artists).joined(separator: " ")))
            return !wanted.isEmpty && wanted.allSatisfy(text.contains)
        }
        let offset = min(max(query["offset"].flatMap { Int($0) } ?? 0, 0), found.count)
        let end = offset + min(max(query["limit"].flatMap { Int($0) } ?? 25, 0), found.count - offset)
        return json([
            "created": "2026-11-25T00:00:00.000Z", "count": found.count, "offset": offset,
            entity + "s": entity == "release" ? found[offset..<end].map(listed) : Array(found[offset..<end]),
        ])
    }

    static var notFound: Answer { Answer(fault: .status(404, body: #"{"error":"Not Found","help":""}"#)) }

    static func json(_ value: Any) -> Answer {
        Answer(status: 200, body: (try? JSONSerialization.data(withJSONObject: value)) ?? Data())
    }
}
