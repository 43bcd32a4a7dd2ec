import Foundation
import MediaSearchFixtures
import TestSlots
import Testing

/// The JSON documents match the schemas checked into `Schemas/`.
@Suite("JSON documents against their schemas", .slots, .tags(.e2e))
struct SchemaTests {
    @Test func searchDocumentsAndJSONLinesMatchTheSearchSchema() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let schema = try SchemaValidator.load("search.schema.json")
        await harness.server.inject(FaultRule(path: "/search", query: ["media": "podcast"], fault: .status(503)))
        let config = try harness.runner.write("kinds: [song, movie, audiobook, podcast, album]\n", to: "all.yaml")
        let (result, document) = try await harness.searchJSON(["jack", "--config", config])
        #expect(result.status == 3)
        #expect(document.results.count > 10)
        #expect(schema.errors(document) == [])
        let lines = try await harness.run(["search", "jack", "--format", "jsonl", "--config", config])
        for line in lines.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(schema.errors(object, definition: "result") == [])
        }
        // `kind` names the provider, `media` the kind of media, alike for every source (#60).
        let songs = try harness.runner.write("kinds: [song, deezer-song]\n", to: "songs.yaml")
        let deezer = try await harness.searchJSON(
            ["daft punk", "--config", songs],
            environment: ["MEDIASEARCH_DEEZER_URL": harness.server.baseURL + "/deezer"]
        ).1
        let pairs = Set(deezer.results.map { "\($0["kind"] as? String ?? "")=\($0["media"] as? String ?? "")" })
        #expect(pairs == ["song=song", "deezer-song=song"], "\(pairs)")
        #expect(schema.errors(deezer) == [])
        // The validator itself can fail: a result without its price is refused.
        var broken = try #require(document.results.first)
        broken.removeValue(forKey: "price")
        broken["year"] = "2004"
        #expect(schema.errors(broken, definition: "result").count == 2)
    }

    @Test func detailDocumentsMatchTheDetailSchema() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let schema = try SchemaValidator.load("detail.schema.json")
        for id in ["1038991437", "1078111961", "438363284", "1535809341", "1038991417", "1000654145267"] {
            let result = try await harness.run(["show", id, "--format", "json"])
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            #expect(schema.errors(object) == [], "\(id)")
        }
    }
}
