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
