import Foundation
import MediaSearchKit
import Testing

@testable import MediaSearchCore

@Suite("JSON text written without JSONEncoder")
struct JSONTextTests {
    static let value: JSONValue = .object([
        "title": .string("Say \"hi\" \\ to C:/path\n\ttab \u{1}\u{1F} é 桜 🎸"),
        "price": .number(1.29), "whole": .number(15), "negative": .number(-3), "small": .number(0.00001),
        "large": .number(1e20), "flag": .bool(true), "none": .null,
        "list": .array([.string("a"), .number(2), .object(["b": .string("c")])]),
        "100": .string("sorted as text"), "30": .string("before 60"), "60": .string("after 30"),
    ])

    @Test func prettyTextIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(Self.value), as: UTF8.self)
        #expect(Self.value.text(pretty: true) == expected)
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(Self.value.text(pretty: false) == String(decoding: try encoder.encode(Self.value), as: UTF8.self))
    }

    @Test func theTextReadsBackAsTheSameValue() throws {
        for pretty in [true, false] {
            let text = Self.value.text(pretty: pretty)
            #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == Self.value)
        }
    }

    @Test func emptyContainersAndNumbersJSONCannotHold() {
        #expect(JSONValue.object([:]).text(pretty: true) == "{}")
        #expect(JSONValue.array([]).text(pretty: true) == "[]")
        #expect(JSONValue.array([.number(.nan), .number(.infinity)]).text(pretty: false) == "[null,null]")
    }
}
