import Foundation

/// TVmaze's API from its recordings (`Fixtures/tvmaze/PROVENANCE.md`), under `/tvmaze` on the
/// fixture server: a show search, a show by id with its episodes and cast, and the single search
/// with its episodes.
enum TVmazeFixtures {
    /// The answer to a path below `/tvmaze`.
    static func answer(path: String, query: [String: String]) -> Answer {
        let words = (query["q"] ?? "").lowercased()
        let known = words.contains("silicon") || words.contains("valley")
        switch path {
        case "/search/shows" where words.contains("veep"):
            // Constructed: another HBO show, so that a show's detail has another of its network.
            guard let data = try? file("constructed-search-shows-veep.json") else { return .json("[]") }
            return .json(String(decoding: data, as: UTF8.self))
        case "/search/shows":
            guard known, let data = try? file("search-shows-silicon-valley-2017.json") else { return .json("[]") }
            return .json(String(decoding: data, as: UTF8.self))
        case "/singlesearch/shows":
            guard known, let data = try? file("singlesearch-shows-silicon-valley-embed-episodes-2017.json") else {
                return notFound
            }
            return .json(String(decoding: data, as: UTF8.self))
        case "/shows/143":
            guard let data = try? file("singlesearch-shows-silicon-valley-embed-episodes-2017.json"),
                var show = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else { return Answer(fault: .status(500)) }
            show["_embedded"] = nil
            let body = (try? JSONSerialization.data(withJSONObject: show)) ?? Data()
            return .json(String(decoding: body, as: UTF8.self))
        case "/shows/143/episodes", "/shows/143/cast":
            let name = path.hasSuffix("episodes") ? "show-143-episodes-2017.json" : "show-143-cast-2017.json"
            guard let data = try? file(name) else { return Answer(fault: .status(500)) }
            return .json(String(decoding: data, as: UTF8.self))
        default:
            return notFound
        }
    }

    /// TVmaze's answer for a show (or a path) it does not have.
    static var notFound: Answer {
        Answer(fault: .status(404, body: #"{"name":"Not Found","message":"","code":0,"status":404}"#))
    }

    static func file(_ name: String) throws -> Data {
        try Data(
            contentsOf: Bundle.module.resourceURL!.appendingPathComponent("Fixtures/tvmaze").appendingPathComponent(
                name))
    }
}
