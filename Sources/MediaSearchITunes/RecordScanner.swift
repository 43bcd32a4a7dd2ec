import Foundation
import MediaSearchKit

/// Reads an iTunes answer straight from its bytes into records, in one pass: what `JSONDecoder`
/// with ``ITunesRecord``'s tolerant `Decodable` conformance does, at a fraction of the cost (no
/// intermediate map of every object, no container per record, no thrown error per odd field).
///
/// It reads strict JSON (RFC 8259) of the usual shape only, `{"results": [...]}` or a bare array,
/// and each field as the `Decodable` conformance does: numbers sent as text and text sent as
/// numbers, a field of any other type left out. Anything else (an error body, a broken or odd
/// body, which `JSONDecoder` reads more leniently, field by field) it leaves to the reference
/// reader, so both give the same answer for every body; a differential test holds them to it on
/// every recorded response and thousands of mutations of them.
package struct RecordScanner {
    /// The body is not plain JSON of the usual shape: the reference reader decides.
    struct Unusual: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The records of a body (`nil` for an element that is not an object), or `nil` when the body
    /// is not plain JSON of the usual shape.
    package static func records(in body: Data) -> [ITunesRecord?]? {
        body.withUnsafeBytes { buffer in
            var scanner = RecordScanner(buffer)
            return try? scanner.top()
        }
    }

    // MARK: the document

    private mutating func top() throws(Unusual) -> [ITunesRecord?] {
        skipWhitespace()
        let records: [ITunesRecord?]
        switch peek() {
        case UInt8(ascii: "["): records = try self.records()
        case UInt8(ascii: "{"): records = try envelope()
        default: throw Unusual()
        }
        skipWhitespace()
        guard index == bytes.count else { throw Unusual() }
        return records
    }

    /// `{"resultCount": n, "results": [...]}` with no `errorMessage`.
    private mutating func envelope() throws(Unusual) -> [ITunesRecord?] {
        var results: [ITunesRecord?]?
        try object { scanner, key throws(Unusual) in
            if scanner.is(key, "results") {
                guard scanner.peek() == UInt8(ascii: "[") else { throw Unusual() }
                results = try scanner.records()
            } else if scanner.is(key, "errorMessage") {
                throw Unusual()
            } else {
                try scanner.skipValue()
            }
        }
        guard let results else { throw Unusual() }
        return results
    }

    /// An array of records; an element that is not an object is `nil` (and skipped by the caller).
    private mutating func records() throws(Unusual) -> [ITunesRecord?] {
        var records: [ITunesRecord?] = []
        try array { scanner throws(Unusual) in
            if scanner.peek() == UInt8(ascii: "{") {
                records.append(try scanner.record())
            } else {
                try scanner.skipValue()
                records.append(nil)
            }
        }
        return records
    }

    // MARK: one record

    private mutating func record() throws(Unusual) -> ITunesRecord {
        var record = ITunesRecord()
        var wrapperType: String?
        try object { scanner, key throws(Unusual) in
            guard let field = scanner.field(named: key) else { return try scanner.skipValue() }
            switch field {
            case .text(let path): record[keyPath: path] = try scanner.lenientString()
            case .whole(let path): record[keyPath: path] = try scanner.lenientInt()
            case .number(let path): record[keyPath: path] = try scanner.lenientDouble()
            case .wrapperType: wrapperType = try scanner.lenientString()
            case .kind: record.kind = try scanner.lenientString().map(RecordKind.init(apiValue:))
            case .genres: record.genres = try scanner.genres()
            }
        }
        record.wrapperType = WrapperType(apiValue: wrapperType)
        return record
    }

    private enum Field: Sendable {
        case text(WritableKeyPath<ITunesRecord, String?> & Sendable)
        case whole(WritableKeyPath<ITunesRecord, Int?> & Sendable)
        case number(WritableKeyPath<ITunesRecord, Double?> & Sendable)
        case wrapperType, kind, genres
    }

    /// Every field the record reads, by its name in the API.
    private static let fields: [String: Field] = [
        "wrapperType": .wrapperType, "kind": .kind, "genres": .genres,
        "trackId": .whole(\.trackId), "collectionId": .whole(\.collectionId), "artistId": .whole(\.artistId),
        "collectionArtistId": .whole(\.collectionArtistId), "discCount": .whole(\.discCount),
        "discNumber": .whole(\.discNumber), "trackCount": .whole(\.trackCount), "trackNumber": .whole(\.trackNumber),
        "trackTimeMillis": .whole(\.trackTimeMillis),
        "collectionPrice": .number(\.collectionPrice), "trackPrice": .number(\.trackPrice),
        "trackRentalPrice": .number(\.trackRentalPrice), "collectionHdPrice": .number(\.collectionHdPrice),
        "trackHdPrice": .number(\.trackHdPrice), "trackHdRentalPrice": .number(\.trackHdRentalPrice),
        "artistName": .text(\.artistName), "collectionName": .text(\.collectionName),
        "trackName": .text(\.trackName), "collectionCensoredName": .text(\.collectionCensoredName),
        "trackCensoredName": .text(\.trackCensoredName), "artistType": .text(\.artistType),
        "collectionType": .text(\.collectionType), "artistViewUrl": .text(\.artistViewUrl),
        "artistLinkUrl": .text(\.artistLinkUrl), "collectionViewUrl": .text(\.collectionViewUrl),
        "trackViewUrl": .text(\.trackViewUrl), "collectionArtistViewUrl": .text(\.collectionArtistViewUrl),
        "collectionArtistName": .text(\.collectionArtistName), "feedUrl": .text(\.feedUrl),
        "previewUrl": .text(\.previewUrl), "episodeUrl": .text(\.episodeUrl),
        "artworkUrl30": .text(\.artworkUrl30), "artworkUrl60": .text(\.artworkUrl60),
        "artworkUrl100": .text(\.artworkUrl100), "artworkUrl600": .text(\.artworkUrl600),
        "currency": .text(\.currency), "releaseDate": .text(\.releaseDate),
        "collectionExplicitness": .text(\.collectionExplicitness), "trackExplicitness": .text(\.trackExplicitness),
        "contentAdvisoryRating": .text(\.contentAdvisoryRating), "country": .text(\.country),
        "primaryGenreName": .text(\.primaryGenreName), "description": .text(\.description),
        "longDescription": .text(\.longDescription), "shortDescription": .text(\.shortDescription),
        "copyright": .text(\.copyright),
    ]

    // MARK: tolerant values (as ``ITunesRecord``'s `Decodable` conformance reads them)

    /// Text as it is; a number as its text; anything else `nil`.
    private mutating func lenientString() throws(Unusual) -> String? {
        switch peek() {
        case UInt8(ascii: "\""): return try string()
        case _ where atNumber():
            let text = try numberText()
            if let whole = Int(text) { return String(whole) }
            return Double(text).flatMap(SourceNumber.text)
        default:
            try skipValue()
            return nil
        }
    }

    /// A whole number; a number with an integral value; text holding a whole number.
    private mutating func lenientInt() throws(Unusual) -> Int? {
        switch peek() {
        case UInt8(ascii: "\""):
            return SourceNumber.integer(Substring(try string()))
        case _ where atNumber():
            return SourceNumber.integer(Substring(try numberText()))
        default:
            try skipValue()
            return nil
        }
    }

    /// A finite number; text holding one.
    private mutating func lenientDouble() throws(Unusual) -> Double? {
        switch peek() {
        case UInt8(ascii: "\""):
            return SourceNumber.amount(Substring(try string()))
        case _ where atNumber():
            return SourceNumber.amount(Substring(try numberText()))
        default:
            try skipValue()
            return nil
        }
    }

    /// Genre names from a list of texts or of `{"name": …}` objects; anything else gives none.
    private mutating func genres() throws(Unusual) -> [String] {
        guard peek() == UInt8(ascii: "[") else {
            try skipValue()
            return []
        }
        var names: [String] = []
        try array { scanner throws(Unusual) in
            switch scanner.peek() {
            case UInt8(ascii: "\""):
                names.append(try scanner.string())
            case UInt8(ascii: "{"):
                var name: String?
                var hasName = false
                try scanner.object { scanner, key throws(Unusual) in
                    guard scanner.is(key, "name") else { return try scanner.skipValue() }
                    hasName = true
                    name = scanner.peek() == UInt8(ascii: "\"") ? try scanner.string() : nil
                    if name == nil { try scanner.skipValue() }
                }
                if hasName, let name { names.append(name) }
            default:
                try scanner.skipValue()
            }
        }
        return names
    }

    // MARK: JSON

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Whether a number starts here (`-` or a digit).
    private func atNumber() -> Bool {
        guard let byte = peek() else { return false }
        return byte == UInt8(ascii: "-") || isDigit(byte)
    }

    private func peekLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Unusual) {
        guard index < bytes.count, bytes[index] == byte else { throw Unusual() }
        index += 1
    }

    /// An object's members, each value read by `member` (which must consume it), given its key.
    private mutating func object(
        _ member: (inout RecordScanner, Key) throws(Unusual) -> Void
    ) throws(Unusual) {
        try expect(UInt8(ascii: "{"))
        depth += 1
        guard depth <= Self.maximumDepth else { throw Unusual() }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw Unusual() }
            let key = try self.key()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            guard let next = peek() else { throw Unusual() }
            index += 1
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else { throw Unusual() }
        }
        depth -= 1
    }

    /// An array's elements, each read by `element` (which must consume it).
    private mutating func array(_ element: (inout RecordScanner) throws(Unusual) -> Void) throws(Unusual) {
        try expect(UInt8(ascii: "["))
        depth += 1
        guard depth <= Self.maximumDepth else { throw Unusual() }
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            guard let next = peek() else { throw Unusual() }
            index += 1
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else { throw Unusual() }
        }
        depth -= 1
    }

    /// Any value, checked and passed over.
    private mutating func skipValue() throws(Unusual) {
        switch peek() {
        case UInt8(ascii: "{"): try object { scanner, _ throws(Unusual) in try scanner.skipValue() }
        case UInt8(ascii: "["): try array { scanner throws(Unusual) in try scanner.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case _ where atNumber():
            _ = try numberText()
        default: throw Unusual()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Unusual) {
        guard peekLiteral(word) else { throw Unusual() }
        index += word.utf8CodeUnitCount
    }

    /// A number's text, checked against JSON's grammar: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func numberText() throws(Unusual) -> Substring {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw Unusual() }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let digit = peek(), isDigit(digit) else { throw Unusual() }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), isDigit(digit) else { throw Unusual() }
            skipDigits()
        }
        // ASCII only, so the bytes are valid UTF-8.
        return Substring(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    /// A string, unescaped; its bytes must be valid UTF-8 with no control character.
    private mutating func string() throws(Unusual) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // The common case: no escape, so the text is the bytes as they are; ASCII needs no
        // further check.
        let (end, ascii) = plainRun(from: start)
        index = end
        guard index < bytes.count else { throw Unusual() }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
            index += 1
            if ascii {
                return String(unsafeUninitializedCapacity: raw.count) { buffer in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
                    return raw.count
                }
            }
            guard let text = String(validating: raw, as: UTF8.self) else { throw Unusual() }
            return text
        case UInt8(ascii: "\\"): break
        default: throw Unusual()  // a control character
        }
        // Escapes: the runs between them are copied whole.
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(index - start + 64)
        unescaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let run = plainRun(from: index).end
            if run > index {
                unescaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<run]))
                index = run
                guard index < bytes.count else { break }
            }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: unescaped, as: UTF8.self) else { throw Unusual() }
                return text
            case UInt8(ascii: "\\"):
                guard let escape = peek() else { throw Unusual() }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escape)
                case UInt8(ascii: "b"): unescaped.append(0x08)
                case UInt8(ascii: "f"): unescaped.append(0x0C)
                case UInt8(ascii: "n"): unescaped.append(0x0A)
                case UInt8(ascii: "r"): unescaped.append(0x0D)
                case UInt8(ascii: "t"): unescaped.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by an escaped low one.
                        guard peekLiteral("\\u") else { throw Unusual() }
                        index += 2
                        let low = try hexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else { throw Unusual() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw Unusual()
                    }
                    guard let character = Unicode.Scalar(scalar) else { throw Unusual() }
                    unescaped.append(contentsOf: String(character).utf8)
                default:
                    throw Unusual()
                }
            default:
                throw Unusual()  // a control character: the run stops at nothing else
            }
        }
        throw Unusual()
    }

    /// From `start`, the end of the run of bytes a string holds as they are (no `"`, `\\` or
    /// control character), and whether they are all ASCII. Eight bytes at a time: texts are most
    /// of a body, and their bytes are read here once.
    private func plainRun(from start: Int) -> (end: Int, ascii: Bool) {
        guard let base = bytes.baseAddress else { return (start, true) }
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        var seen: UInt64 = 0
        while index + 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // A byte is zero in `quote` where the word has `"`, in `slash` where it has `\\`; a lane
            // of the last term has its high bit set where a byte is below 0x20 (exact for "any").
            let quote = word ^ (ones &* 0x22)
            let slash = word ^ (ones &* 0x5C)
            let special = ((quote &- ones) & ~quote) | ((slash &- ones) & ~slash) | ((word &- ones &* 0x20) & ~word)
            if special & highs != 0 { break }
            seen |= word
            index += 8
        }
        while index < count {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            seen |= UInt64(byte)
            index += 1
        }
        return (index, seen & highs == 0)
    }

    // MARK: keys

    /// An object's key: where its bytes are in the body when it is plain ASCII (always, in the
    /// API's answers), so that it is looked up without making a string of it; else its text.
    private enum Key {
        case bytes(Range<Int>)
        case text(String)
    }

    private mutating func key() throws(Unusual) -> Key {
        let quote = index
        try expect(UInt8(ascii: "\""))
        let (end, ascii) = plainRun(from: index)
        if ascii, end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return .bytes(index..<end)
        }
        index = quote
        return .text(try string())
    }

    /// Whether a key is `name`.
    private func `is`(_ key: Key, _ name: StaticString) -> Bool {
        let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        switch key {
        case .bytes(let range): return UnsafeRawBufferPointer(rebasing: bytes[range]).elementsEqual(wanted)
        case .text(let text): return text.utf8.elementsEqual(wanted)
        }
    }

    /// The field a key names, if the record reads it.
    private func field(named key: Key) -> Field? {
        switch key {
        case .bytes(let range): return Self.fieldTable.field(named: UnsafeRawBufferPointer(rebasing: bytes[range]))
        case .text(let text): return Self.fields[text]
        }
    }

    private static let fieldTable = FieldTable(fields)

    /// ``fields`` as an open-addressed table looked up by a key's bytes: a multiply per byte and
    /// a comparison, where a dictionary of strings takes a string and a seeded hash per key.
    private struct FieldTable: Sendable {
        private static let size = 256
        private let letters: [UInt8]
        private let entries: [(start: Int, count: Int, field: Field)]
        private let slots: [Int16]

        init(_ fields: [String: Field]) {
            var letters: [UInt8] = []
            var entries: [(start: Int, count: Int, field: Field)] = []
            var slots = [Int16](repeating: -1, count: Self.size)
            for (name, field) in fields {
                let utf8 = Array(name.utf8)
                var slot = utf8.withUnsafeBytes(Self.hash) & (Self.size - 1)
                while slots[slot] >= 0 { slot = (slot + 1) & (Self.size - 1) }
                slots[slot] = Int16(entries.count)
                entries.append((letters.count, utf8.count, field))
                letters += utf8
            }
            precondition(entries.count < Self.size / 2, "the field table is too full")
            self.letters = letters
            self.entries = entries
            self.slots = slots
        }

        /// FNV-1a.
        private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return Int(hash)
        }

        func field(named key: UnsafeRawBufferPointer) -> Field? {
            var slot = Self.hash(key) & (Self.size - 1)
            return letters.withUnsafeBytes { letters in
                while true {
                    let number = Int(slots[slot])
                    guard number >= 0 else { return nil }
                    let entry = entries[number]
                    if entry.count == key.count,
                        UnsafeRawBufferPointer(rebasing: letters[entry.start..<entry.start + entry.count])
                            .elementsEqual(key)
                    {
                        return entry.field
                    }
                    slot = (slot + 1) & (Self.size - 1)
                }
            }
        }
    }

    private mutating func hexQuad() throws(Unusual) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Unusual() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unusual()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
