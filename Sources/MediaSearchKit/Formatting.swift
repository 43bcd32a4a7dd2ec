import Foundation

/// Short, human formats shared by the writers of facts (``FactWords``) and the faces.
public enum Formatting {
    /// `7` → `07`; plain string building, since `String(format:)` is slow on Linux.
    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    /// `4210` → `4,210`; digits grouped by three, whatever the locale, so output stays stable.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// The artwork URL rewritten to a larger size, e.g. `.../100x100bb.jpg` → `.../600x600bb.jpg`.
    public static func artwork(_ url: String?, size: Int = 600) -> String? {
        guard let url else { return nil }
        guard let range = url.range(of: #"/\d+x\d+(bb)?\.(jpg|png|jpeg)$"#, options: .regularExpression) else {
            return url
        }
        let ext = url[range].split(separator: ".").last ?? "jpg"
        return url.replacingCharacters(in: range, with: "/\(size)x\(size)bb.\(ext)")
    }

    /// A number as people write it: `10`, `0.5`, `3600`.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension StringProtocol {
    /// The text without the spaces and tabs around it, as `trimmingCharacters(in: .whitespaces)`
    /// gives it but in Swift alone: on Linux Foundation's goes through `NSString`, about 17,000
    /// instructions a call, and reading the shipped descriptions trims some 300 values.
    public func trimmingSpaces() -> String {
        func blank(_ character: Character) -> Bool { character.isWhitespace && !character.isNewline }
        guard let first = firstIndex(where: { !blank($0) }) else { return "" }
        let last = lastIndex(where: { !blank($0) }) ?? first
        return String(self[first...last])
    }
}

extension String {
    /// ``StringProtocol/trimmingSpaces()``, at once for the text nearly every source sends: one
    /// that begins and ends with a visible ASCII character has nothing to trim, and no character
    /// need be read as a grapheme.
    public func trimmingSpaces() -> String { hasPlainASCIIEnds ? self : self[...].trimmingSpaces() }

    /// Whether the text's first and last bytes are visible ASCII characters (not a space, a line
    /// break or a control character): such a text has nothing around it to trim and is not blank.
    public var hasPlainASCIIEnds: Bool {
        guard let first = utf8.first, let last = utf8.last else { return false }
        return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
    }
}
