import Foundation
import MediaSearchCore
import MediaSearchKit
import TestSlots
import Testing

@Suite("JSON text written without JSONEncoder", .slots)
struct JSONTextTests {
    static let value: JSONValue = .object([
        "title": .string("Say \"hi\" \\ to C:/path\n\ttab \u{1}\u{1F} é 桜 🎸"),
        "price": .number(1.29), "whole": .number(15), "negative": .number(-3), "small": .number(0.00001),
        "large": .number(1e20), "flag": .bool(true), "none": .null,
        "list": .array([.string("a"), .number(2), .object(["b": .string("c")])]),
        "100": .string("sorted as text"), "30": .string("before 60"), "60": .string("after 30"),
        // Keys alike in their first eight bytes and more, sorted by the rest.
        "artworkUrl600": .number(-999_999_999_999_999), "artworkUrl60": .number(0), "artworkUrl100": .number(7),
        "artworkUrl30": .bool(false), "artworkU": .null, "collectionCensoredName": .string("c"),
        "collectionExplicitness": .string("e"),
        // Escapes in long texts, before, inside and after runs of eight clean bytes, and at the end.
        "description": .string(
            "0123456789abcdef\"0123456789\\abcdefgh\u{7}xyz 01234567 é\u{1F}89abcdefg\n"
                + String(repeating: "plain text ", count: 12) + "\""),
    ])

    @Test func prettyTextIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(Self.value), as: UTF8.self)
        #expect(Self.value.text(pretty: true) == expected)
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(Self.value.text(pretty: false) == String(decoding: try encoder.encode(Self.value), as: UTF8.self))
    }

    /// Keys are in the order of texts (`String`'s `<`), whatever their bytes: a letter followed by
    /// a combining accent sorts as the accented letter, and keys alike in their first eight bytes
    /// by the rest.
    @Test func keysAreInTheOrderOfTexts() throws {
        let keys = [
            "A\u{30A}", "B", "é", "e\u{301}x", "f", "abcdefgA\u{30A}", "abcdefgB", "abcdefgh", "abcdefghi", "a", "ab",
            "a\u{0}b", "Z", "桜", "🎸", "artworkUrl600", "artworkUrl60", "\u{7F}",
        ]
        let value = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.null) }))
        let written = try #require(
            try JSONSerialization.jsonObject(with: Data(value.utf8(pretty: false))) as? [String: Any])
        #expect(written.count == keys.count)
        // The keys as written, read back in order from the text itself.
        var order: [String] = []
        var rest = Substring(value.text(pretty: false).dropFirst())
        while let quote = rest.firstIndex(of: "\"") {
            let after = rest[rest.index(after: quote)...]
            guard let end = after.firstIndex(of: "\"") else { break }
            order.append(String(after[..<end]).replacingOccurrences(of: "\\u0000", with: "\u{0}"))
            rest = after[after.index(after: end)...].drop { $0 != "," }.dropFirst()
        }
        #expect(order == keys.sorted())
    }

    @Test func theBytesAreTheText() {
        for pretty in [true, false] {
            #expect(Self.value.utf8(pretty: pretty) == Array(Self.value.text(pretty: pretty).utf8))
        }
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

    /// A large document is printed in pieces as it is written; together they are the same text,
    /// and no piece ends inside a character (a console that takes text decodes each on its own).
    @Test(arguments: [1, 16, 64, 100_000])
    func piecesAreTheWholeTextCutBetweenValues(chunk: Int) {
        let document: JSONValue = .object([
            "results": .array((0..<40).map { _ in Self.value }), "count": .number(40),
        ])
        var pieces: [[UInt8]] = []
        JSONOutput.write(document, chunk: chunk) { pieces.append($0) }
        #expect(pieces.flatMap { $0 } == Array(JSONOutput.text(document).utf8))
        #expect(pieces.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
        // Every piece but the last two (the rest of the text, the closing newline) is at least
        // `chunk` bytes: the document is not handed over whole unless it is small.
        #expect(pieces.dropLast(2).allSatisfy { $0.count >= chunk })
        #expect((pieces.count > 2) == (chunk < 100_000))
    }
}
