import Foundation

/// LibriVox's audiobook feed from its recording (`Fixtures/librivox/PROVENANCE.md`), under
/// `/librivox` on the fixture server.
enum LibriVoxFixtures {
    struct Books: @unchecked Sendable {
        let all: [[String: Any]]
    }

    /// The recorded books, parsed once.
    static let books: Books = {
        let file = Bundle.module.resourceURL!.appendingPathComponent(
            "Fixtures/librivox/audiobooks-title-all-books-array-2018.json")
        let object = (try? Data(contentsOf: file)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
        return Books(all: (object as? [String: Any])?["books"] as? [[String: Any]] ?? [])
    }()

    /// Constructed sections of some books, by id (`Fixtures/librivox/PROVENANCE.md`).
    static let sections: Books = {
        let file = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/librivox/constructed-sections.json")
        let object = (try? Data(contentsOf: file)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
        return Books(all: [(object as? [String: Any]) ?? [:]])
    }()

    /// The answer to a path below `/librivox`.
    static func answer(path: String, query: [String: String]) -> Answer {
        guard path == "/api/feed/audiobooks" || path == "/api/feed/audiobooks/" else { return notFound }
        var found = books.all
        if let id = query["id"] {
            found = found.filter { $0["id"] as? String == id }
        } else if let title = query["title"]?.lowercased() {
            found = found.filter { book in
                let name = (book["title"] as? String ?? "").lowercased()
                return title.hasPrefix("^") ? name.hasPrefix(title.dropFirst()) : name == title
            }
        }
        let start = min(max(query["offset"].flatMap { Int($0) } ?? 0, 0), found.count)
        let end = start + min(max(query["limit"].flatMap { Int($0) } ?? 50, 0), found.count - start)
        guard start < end else { return notFound }
        var page = Array(found[start..<end])
        if query["extended"] == "1" {
            // `extended=1` adds each book's sections, where some were constructed.
            for index in page.indices {
                if let id = page[index]["id"] as? String, let list = sections.all.first?[id] {
                    page[index]["sections"] = list
                }
            }
        }
        let body = (try? JSONSerialization.data(withJSONObject: ["books": page])) ?? Data()
        return Answer(status: 200, body: body)
    }

    /// LibriVox's way of saying it found nothing.
    static var notFound: Answer {
        Answer(fault: .status(404, body: #"{"error":"Audiobooks could not be found"}"#))
    }
}
