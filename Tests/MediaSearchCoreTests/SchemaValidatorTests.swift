import MediaSearchFixtures
import TestSlots
import Testing

/// The JSON Schema validator the schema checks use (MediaSearchFixtures), in process.
@Suite("The schema validator", .slots)
struct SchemaValidatorTests {
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
