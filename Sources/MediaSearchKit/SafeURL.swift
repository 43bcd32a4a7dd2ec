/// Keeps only links a person can safely open: absolute http(s) URLs without spaces, control,
/// bidi or zero-width characters, backslashes (which some parsers read as `/`), or user info
/// (`https://apple.com@evil.example/` goes to evil.example, not Apple).
public enum SafeURL {
    /// The URL when it is http(s), else `nil`.
    public static func http(_ text: String) -> String? {
        // Read as bytes, in place: every byte that matters here is ASCII, and a non-ASCII scalar
        // is checked on its own.
        var copy = text
        let verdict = copy.withUTF8 { bytes -> Bool? in
            let scheme: Int
            if Self.starts(bytes, with: "https://") {
                scheme = 8
            } else if Self.starts(bytes, with: "http://") {
                scheme = 7
            } else {
                return false
            }
            var high: UInt8 = 0
            var authorityEnd: Int?
            for index in bytes.indices {
                let byte = bytes[index]
                if byte < 0x21 || byte == UInt8(ascii: "\\") || byte == 0x7F { return false }
                high |= byte
                if authorityEnd == nil, index >= scheme,
                    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
                {
                    authorityEnd = index
                }
            }
            let authority = UnsafeBufferPointer(rebasing: bytes[scheme..<(authorityEnd ?? bytes.count)])
            guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return false }
            // Non-ASCII: the scalars are checked once the bytes are let go.
            return high < 0x80 ? true : nil
        }
        switch verdict {
        case true?: return text
        case false?: return nil
        case nil:
            // A space of any kind (U+00A0 no-break, U+2028 line separator...) ends a link where a
            // person reads on.
            return text.unicodeScalars.contains { TextSanitizer.isUnsafe($0) || $0.properties.isWhitespace }
                ? nil : text
        }
    }

    /// Whether `bytes` start with `prefix`, ignoring ASCII case.
    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let start = prefix.utf8Start
        for offset in 0..<count {
            let byte = bytes[offset]
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard lower == start[offset] else { return false }
        }
        return true
    }
}
