/// Keeps only links a person can safely open: absolute http(s) URLs without spaces, control,
/// bidi or zero-width characters, backslashes (which some parsers read as `/`), or user info
/// (`https://apple.com@evil.example/` goes to evil.example, not Apple).
public enum SafeURL {
    /// The URL when it is http(s), else `nil`.
    public static func http(_ text: String) -> String? {
        // Read as bytes: every byte that matters here is ASCII, and a non-ASCII scalar is checked
        // on its own.
        let bytes = text.utf8
        let scheme: Int
        if Self.starts(bytes, with: "https://") {
            scheme = 8
        } else if Self.starts(bytes, with: "http://") {
            scheme = 7
        } else {
            return nil
        }
        var ascii = true
        for byte in bytes {
            if byte < 0x21 || byte == UInt8(ascii: "\\") || byte == 0x7F { return nil }
            if byte >= 0x80 { ascii = false }
        }
        if !ascii, text.unicodeScalars.contains(where: TextSanitizer.isUnsafe) { return nil }
        let authority = bytes.dropFirst(scheme).prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return nil }
        return text
    }

    /// Whether `bytes` start with `prefix`, ignoring ASCII case.
    private static func starts(_ bytes: String.UTF8View, with prefix: StaticString) -> Bool {
        var index = bytes.startIndex
        let start = prefix.utf8Start
        for offset in 0..<prefix.utf8CodeUnitCount {
            guard index != bytes.endIndex else { return false }
            let byte = bytes[index]
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard lower == start[offset] else { return false }
            index = bytes.index(after: index)
        }
        return true
    }
}
