import MediaSearchKit

/// Writing a ``JSONValue`` as JSON text directly, without `JSONEncoder`: the documents a search
/// prints or serves are built as values and written here, which costs a fraction of encoding
/// them through `Codable` (no containers, no generic metadata to instantiate in a short-lived
/// process).
extension JSONValue {
    /// The JSON text: object keys sorted, `/` left unescaped; pretty (two-space indents, `"key" :
    /// value`, as `JSONEncoder`'s `.prettyPrinted` writes it) or compact on one line.
    public func text(pretty: Bool) -> String {
        String(decoding: utf8(pretty: pretty), as: UTF8.self)
    }

    /// The same text as ``text(pretty:)``, as its UTF-8 bytes: no `String` is made (and checked)
    /// for what is written out as bytes anyway.
    public func utf8(pretty: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        write(to: &bytes, pretty: pretty, depth: 0) { _ in }
        return bytes
    }

    /// The same text as ``text(pretty:)``, handed to `sink` in pieces of about `chunk` bytes as it
    /// is written, so a large document (a search of 800 results is about 2 MB) never exists whole
    /// in memory. Pieces are cut only between two values, never inside a character.
    public func write(pretty: Bool, chunk: Int = 64 * 1024, to sink: ([UInt8]) -> Void) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chunk + chunk / 4)
        write(to: &bytes, pretty: pretty, depth: 0) { bytes in
            guard bytes.count >= chunk else { return }
            sink(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        if !bytes.isEmpty { sink(bytes) }
    }

    private func write(to bytes: inout [UInt8], pretty: Bool, depth: Int, flush: (inout [UInt8]) -> Void) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): Self.write(number: value, to: &bytes)
        case .string(let value): Self.write(string: value, to: &bytes)
        case .array(let values):
            guard !values.isEmpty else { return bytes.append(contentsOf: "[]".utf8) }
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(depth + 1, to: &bytes) }
                value.write(to: &bytes, pretty: pretty, depth: depth + 1, flush: flush)
                flush(&bytes)
            }
            if pretty { Self.newline(depth, to: &bytes) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return bytes.append(contentsOf: "{}".utf8) }
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in Self.inKeyOrder(members).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(depth + 1, to: &bytes) }
                Self.write(string: members.keys[member], to: &bytes)
                bytes.append(contentsOf: (pretty ? " : " : ":").utf8)
                members.values[member].write(to: &bytes, pretty: pretty, depth: depth + 1, flush: flush)
                flush(&bytes)
            }
            if pretty { Self.newline(depth, to: &bytes) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Where an object's members are, in the order of `String`'s `<` on their keys (Unicode's
    /// order, which for keys in normal form C, as `JSONEncoder`'s `.sortedKeys` writes them, is
    /// that of their UTF-8 bytes). Two keys of ASCII alone are ordered by their first eight bytes
    /// read as a number, and compared whole only where those are the same (`artworkUrl30`,
    /// `artworkUrl60`); any other pair as texts. Nothing is copied out of the dictionary: sorting
    /// its members as (key, value) pairs with `<` was a third of the time a record took to write.
    private static func inKeyOrder(_ members: [String: JSONValue]) -> [Dictionary<String, JSONValue>.Index] {
        // `prefix` is nil for a key with a byte past ASCII: its order as a text may not be its
        // bytes' (a letter and an accent after it are one letter in normal form C).
        var order: [(prefix: UInt64?, index: Dictionary<String, JSONValue>.Index)] = []
        order.reserveCapacity(members.count)
        var index = members.startIndex
        while index != members.endIndex {
            var key = members.keys[index]
            let prefix = key.withUTF8 { utf8 -> UInt64? in
                // The bytes a word at a time where there are eight; the first word, read as a
                // big-endian number, is the prefix.
                var prefix: UInt64 = 0
                var bits: UInt64 = 0
                var offset = 0
                while offset + 8 <= utf8.count {
                    let word = UnsafeRawPointer(utf8.baseAddress!).loadUnaligned(
                        fromByteOffset: offset, as: UInt64.self)
                    if offset == 0 { prefix = UInt64(bigEndian: word) }
                    bits |= word
                    offset += 8
                }
                while offset < utf8.count {
                    if offset < 8 { prefix |= UInt64(utf8[offset]) << UInt64(56 - 8 * offset) }
                    bits |= UInt64(utf8[offset])
                    offset += 1
                }
                return bits & 0x8080_8080_8080_8080 == 0 ? prefix : nil
            }
            order.append((prefix, index))
            members.formIndex(after: &index)
        }
        order.sort { left, right in
            if let first = left.prefix, let second = right.prefix, first != second { return first < second }
            return members.keys[left.index] < members.keys[right.index]
        }
        return order.map(\.index)
    }

    private static func newline(_ depth: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// Whole numbers without a fraction (`15`, not `15.0`), every digit up to 2^53 (an MCP
    /// request's id comes back as it was sent); others in Swift's shortest form that reads back the
    /// same (`1.29`, `1e-05`, `1e+16`); a value JSON cannot hold (infinity, NaN) as `null`.
    private static func write(number: Double, to bytes: inout [UInt8]) {
        guard number.isFinite else { return bytes.append(contentsOf: "null".utf8) }
        if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 {
            // The digits written straight in, last first (no `String` made for each number).
            var whole = Int64(number)
            if whole < 0 {
                bytes.append(UInt8(ascii: "-"))
                whole = -whole
            }
            let start = bytes.count
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(whole % 10))
                whole /= 10
            } while whole > 0
            bytes.withUnsafeMutableBufferPointer { $0[start...].reverse() }
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Runs of bytes that need no escape (almost all of a text) are copied whole; they are found
    /// eight bytes at a time (``needsEscape(_:)``).
    private static func write(string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var run = 0
            var index = 0
            while index < utf8.count {
                if index + 8 <= utf8.count,
                    !needsEscape(
                        UnsafeRawPointer(utf8.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                    continue
                }
                let byte = utf8[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                    escape(byte, to: &bytes)
                    run = index + 1
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether any of eight bytes is a control character, `"` or `\\`. Each test is exact as to
    /// whether some byte of the word matches (a borrow can only mark bytes above a match).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word & highs
        let quotes = (quote &- ones) & ~quote & highs
        let backslashes = (backslash &- ones) & ~backslash & highs
        return control | quotes | backslashes != 0
    }

    private static func escape(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        default:
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }
}
