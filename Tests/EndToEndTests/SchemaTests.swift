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

    /// The validator checks every keyword the schemas use, and refuses one it does not know, so a
    /// check cannot pass by being skipped (each rule below fails the value beside it).
    @Test func theValidatorChecksEveryKeywordItMeets() {
        let validator = SchemaValidator(root: [
            "type": "object",
            "properties": [
                "count": ["type": "integer", "minimum": 1, "maximum": 10],
                "name": ["type": "string", "minLength": 1, "maxLength": 3, "pattern": "^[a-z]+$"],
                "link": ["type": "string", "format": "uri"],
            ],
        ])
        #expect(validator.errors(["count": 5, "name": "abc", "link": "https://example.com/x"]) == [])
        #expect(validator.errors(["count": 0]) == ["$.count: 0.0 is below 1.0"])
        #expect(validator.errors(["count": 11]) == ["$.count: 11.0 is above 10.0"])
        #expect(validator.errors(["name": ""]).contains("$.name: shorter than 1"))
        #expect(validator.errors(["name": "abcd"]) == ["$.name: longer than 3"])
        #expect(validator.errors(["name": "Ab"]) == ["$.name: 'Ab' does not match ^[a-z]+$"])
        #expect(validator.errors(["link": "not a link"]) == ["$.link: 'not a link' is not a URI"])
        let unknown = SchemaValidator(root: ["type": "string", "uniqueItems": true])
        #expect(unknown.errors("x") == ["$: the validator does not know 'uniqueItems'"])
    }
}
