/// Makes untrusted API text safe for a terminal: no control characters, no escape sequences,
/// no bidirectional overrides.
public enum TextSanitizer {
    /// One line: control characters and bidi overrides removed, runs of white space folded to one space.
    public static func line(_ text: String) -> String {
        if isCleanASCIILine(text) { return text }
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isWhitespace =
                scalar.isASCII
                ? (scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
            if isWhitespace || scalar == "\u{1B}" {
                pendingSpace = !out.isEmpty
                continue
            }
            if isUnsafe(scalar) { continue }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// Whether a text is already what ``line(_:)`` makes of it, told from its bytes alone (the
    /// common case, and much cheaper than looking at every scalar's properties): printable ASCII
    /// with single spaces between words and none at either end.
    private static func isCleanASCIILine(_ text: String) -> Bool {
        var text = text  // its bytes in place (a native string is not copied)
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0x20
            for byte in bytes {
                guard byte >= 0x20 && byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
                previous = byte
            }
            return previous != 0x20 || bytes.isEmpty
        }
    }

    /// Multi-line text: like ``line(_:)`` per line, keeping paragraph breaks (at most one blank line).
    public static func block(_ text: String) -> String {
        var lines: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let clean = line(String(raw))
            if clean.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(clean)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Whether a scalar must never reach the terminal or a link: C0/C1 controls, DEL, bidi marks,
    /// embeddings, overrides and isolates (which make `…/\u{202E}gpj.exe` read `…/exe.jpg`), and
    /// every character drawn as nothing (which hides differences between two names or links, or
    /// hides text): zero-width characters, the Hangul fillers, variation selectors.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0x061C, 0xFEFF: true
        // The soft hyphen, invisible where it does not break a line; the line and paragraph
        // separators, which break lines where no newline is seen; and the tag characters, which
        // carry hidden text.
        case 0x00AD, 0x2028, 0x2029, 0xE0000...0xE007F: true
        case 0x20...0x7E, 0xA0...0x034E: false
        // Everything else that Unicode says a renderer may draw as nothing (Default_Ignorable:
        // U+3164 and the other Hangul fillers, U+034F, U+180B-U+180F, the variation selectors,
        // U+2065...) or that only formats other text (General Category Cf: U+FFF9-U+FFFB, which
        // hide the text they annotate). A variation selector only picks an emoji's or a CJK
        // character's look: the character stays.
        // And the noncharacters (U+FFFE, U+FFFF and their kin), which XML forbids and nothing draws.
        default:
            scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
                || scalar.properties.isNoncharacterCodePoint
        }
    }
}
