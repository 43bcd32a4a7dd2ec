import MediaSearchCore
import MediaSearchKit

/// Measures text in terminal columns: wide East Asian characters and emoji take two columns,
/// combining marks none.
public enum DisplayWidth {
    /// The columns a string takes.
    public static func of(_ text: String) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns one user-perceived character takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        if isZeroWidth(first) && scalars.count == 1 { return 0 }
        if isWide(first.value) || first.properties.isEmojiPresentation { return 2 }
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        return 1
    }

    /// The longest prefix that fits in `width` columns, with `…` when cut; never splits a character.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if text.utf8.count <= width && text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard of(text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// The text padded with spaces to exactly `width` columns (truncated first if longer).
    public static func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        let w = of(cut)
        return w >= width ? cut : cut + String(repeating: " ", count: width - w)
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200B
        }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
