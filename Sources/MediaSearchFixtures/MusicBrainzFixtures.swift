import Foundation

/// MusicBrainz's recording search and lookup from its recordings (`Fixtures/musicbrainz/PROVENANCE.md`),
/// under `/musicbrainz` on the fixture server.
enum MusicBrainzFixtures {
    struct Recordings: @unchecked Sendable {
        let all: [[String: Any]]
    }

    /// The recordings, parsed once.
    static let recordings: Recordings = {
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/musicbrainz")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".json") && $0.contains("recording")
        }.sorted()
        return Recordings(
            all: names.compactMap { name in
                (try? Data(contentsOf: folder.appendingPathComponent(name)))
                    .flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
            })
    }()

    /// The words of a text, lower case, punctuation aside.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The answer to a path below `/musicbrainz`.
    static func answer(path: String, query: [String: String]) -> Answer {
        if path.hasPrefix("/ws/2/recording/") {
            let id = String(path.dropFirst("/ws/2/recording/".count))
            guard let recording = recordings.all.first(where: { $0["id"] as? String == id }) else { return notFound }
            return json(recording)
        }
        guard path == "/ws/2/recording" else { return notFound }
        let wanted = words(query["query"] ?? "")
        let found = recordings.all.filter { recording in
            let artists = (recording["artist-credit"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let text = Set(words(([recording["title"] as? String ?? ""] + artists).joined(separator: " ")))
            return !wanted.isEmpty && wanted.allSatisfy(text.contains)
        }
        let offset = min(max(query["offset"].flatMap { Int($0) } ?? 0, 0), found.count)
        let end = offset + min(max(query["limit"].flatMap { Int($0) } ?? 25, 0), found.count - offset)
        return json([
            "created": "2026-11-25T00:00:00.000Z", "count": found.count, "offset": offset,
            "recordings": Array(found[offset..<end]),
        ])
    }

    static var notFound: Answer { Answer(fault: .status(404, body: #"{"error":"Not Found","help":""}"#)) }

    static func json(_ value: Any) -> Answer {
        Answer(status: 200, body: (try? JSONSerialization.data(withJSONObject: value)) ?? Data())
    }
}
