import Foundation
import MediaSearchFixtures
import TestSlots
import Testing

/// Results are data (#72): every built-in provider's recorded tiles and details read on a Russian
/// page with no English fact word left, and every kind's JSON facts read back into their types.
@Suite("Typed facts on every face", .slots, .tags(.e2e))
struct TypedFactsTests {
    /// Every provider the executable builds in, by a term its recordings answer.
    static let kinds = [
        "song", "movie", "audiobook", "podcast", "podcast-episode", "music-video", "album", "deezer-song",
        "deezer-album",
        "radio", "tv", "librivox", "musicbrainz", "musicbrainz-album", "openlibrary",
    ]

    /// The term a kind's recordings answer.
    static func term(_ kind: String) -> String {
        [
            "radio": "klara", "tv": "silicon valley", "openlibrary": "time war", "librivox": "allan",
            "musicbrainz-album": "ed sheeran", "podcast-episode": "budden",
        ][kind] ?? "daft punk"
    }

    /// Words the engine writes in English for values: units, durations, prices, statuses, places,
    /// phrases. None may be left on a Russian page where a typed value or a phrase is shown.
    static let englishWords: Set<String> = [
        "track", "tracks", "episode", "episodes", "edition", "editions", "page", "pages", "section", "sections",
        "min", "h", "free", "explicit", "cleaned", "preview", "latest", "of", "also", "other", "season", "yes", "no",
        "english", "europe", "belgium", "united", "states", "single", "ep", "running", "ended", "works", "albums",
        "films", "shows", "book", "audiobook",
    ]

    /// The words of what a page shows as typed values and phrases: a tile's facts, a detail's
    /// rows and headings, leaving out what is marked as a source's own words (`translate="no"`).
    static func shownWords(_ page: String) -> [String] {
        var texts: [String] = []
        for list in page.matches(of: /<ul class="facts">(.*?)<\/ul>/) {
            texts += String(list.1).matches(of: /<li( data-also)?>(.*?)<\/li>/).map { String($0.2) }
        }
        texts += page.matches(of: /<dd>(.*?)<\/dd>/).map { String($0.1) }
        texts += page.matches(of: /<h2>(.*?)<\/h2>/).map { String($0.1) }
        texts += page.matches(of: /<span class="price">(.*?)<\/span>/).map { String($0.1) }
        return texts.flatMap { text in
            text.replacing(/<[^>]*>/, with: " ").split { !$0.isLetter }.map { $0.lowercased() }
        }
    }

    @Test func everyProvidersTilesAndDetailsOnARussianPageSayNoEnglishFactWord() async throws {
        let web = try await WebHarness.start(kinds: Self.kinds)
        TestLifetime.stopAtEnd { await web.stop() }
        var details = 0
        for kind in Self.kinds {
            let (status, _, page) = try await web.get(
                "/?q=\(Self.term(kind).replacingOccurrences(of: " ", with: "+"))&kind=\(kind)&ui=ru")
            #expect(status == 200, "\(kind)")
            #expect(page.contains("<ul class=\"facts\">"), "\(kind) has tiles with facts")
            let left = Set(Self.shownWords(page)).intersection(Self.englishWords)
            #expect(left.isEmpty, "\(kind)'s tiles: \(left.sorted())")
            let links = page.matches(of: /href="(\/item\/[^"?]+)[^"]*"/).map { String($0.1) }
            for link in Array(NSOrderedSet(array: links).array.compactMap { $0 as? String }.prefix(2)) {
                let (status, _, detail) = try await web.get(link + "?ui=ru")
                #expect(status == 200, "\(link)")
                let left = Set(Self.shownWords(detail)).intersection(Self.englishWords)
                #expect(left.isEmpty, "\(link): \(left.sorted())")
                details += 1
            }
        }
        #expect(details >= Self.kinds.count, "a detail of every kind was read: \(details)")
    }

    /// Each type's fields, as the schema says them: a count's whole value and unit, a duration's
    /// seconds, money's amount and currency, and so on; and its text is the tile's summary.
    static func readBack(_ fact: [String: Any]) -> Bool {
        guard let type = fact["type"] as? String, fact["label"] is String, let text = fact["text"] as? String,
            !text.isEmpty
        else { return false }
        switch type {
        case "count": return (fact["value"] as? Int).map { $0 > 0 } == true && fact["unit"] is String
        case "duration": return (fact["seconds"] as? Double).map { $0 > 0 } == true
        case "money": return (fact["amount"] as? Double).map { $0 >= 0 } == true
        case "year": return (fact["value"] as? Int).map { (1...9999).contains($0) } == true
        case "rating": return fact["value"] is Double && fact["scale"] is Double
        case "id": return fact["value"] is String && fact["scheme"] is String
        case "list": return (fact["values"] as? [String])?.isEmpty == false
        case "position": return fact["value"] is Int
        case "date", "text", "status", "language", "country": return fact["value"] is String
        default: return false
        }
    }

    @Test func everyKindsJSONFactsReadBackIntoTheirTypes() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        var types: Set<String> = []
        for kind in Self.kinds {
            let config = try harness.runner.write("kinds: [\(kind)]\n", to: "\(kind).yaml")
            let (result, document) = try await harness.searchJSON([Self.term(kind), "--kind", kind, "--config", config])
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            #expect(!document.results.isEmpty, "\(kind)")
            for record in document.results {
                let facts = record["facts"] as? [[String: Any]] ?? []
                let summary = record["summary"] as? [String] ?? []
                #expect(facts.allSatisfy(Self.readBack), "\(kind): \(facts)")
                // The summary is the tile's facts in English, in order; the source's others follow.
                #expect(Array(facts.prefix(summary.count)).map { $0["text"] as? String } == summary, "\(kind)")
                types.formUnion(facts.compactMap { $0["type"] as? String })
                if case let artwork as [String: Any] = record["artwork"] {
                    #expect(artwork["thumbnail"] is String && artwork["large"] is String, "\(kind): \(artwork)")
                }
            }
        }
        // The types the built-in sources give, each met at least once.
        for type in ["count", "duration", "money", "year", "rating", "language", "country", "status", "text"] {
            #expect(types.contains(type), "no \(type) fact in any kind's results: \(types.sorted())")
        }
    }
}
