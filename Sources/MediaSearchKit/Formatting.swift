import Foundation

/// Short, human formats for tile facts and detail rows.
public enum Formatting {
    /// Every duration, one way (#60): `291813` ms → `4:51` under an hour; from an hour on, hours
    /// and minutes, `6521638` ms → `1h 48m`, as film runtimes and long books are read (`1h` on
    /// the hour).
    public static func duration(milliseconds: Int?) -> String? {
        guard let milliseconds, milliseconds > 0 else { return nil }
        let total = milliseconds / 1000
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        if hours > 0 { return minutes == 0 ? "\(hours)h" : "\(hours)h \(twoDigits(minutes))m" }
        return "\(minutes):\(twoDigits(seconds))"
    }

    /// `14.99` USD → `$14.99`; `0` → `Free`; `-1` or `nil` → `nil` (not sold separately).
    public static func price(_ value: Double?, currency: String?) -> String? {
        // Checked again here: a price set on an item after it was made has not been.
        guard let value = SourceNumber.amount(value), value >= 0 else { return nil }
        if value == 0 { return "Free" }
        let cents = Int((value * 100).rounded())
        let amount = "\(cents / 100).\(twoDigits(cents % 100))"
        switch currency?.uppercased() {
        case "USD", "AUD", "CAD", "NZD":
            return (currency?.uppercased() == "USD" ? "$" : currency!.uppercased() + " $") + amount
        case "GBP": return "£" + amount
        case "EUR": return "€" + amount
        case "JPY": return "¥" + String(Int(value.rounded()))
        case let code?: return "\(amount) \(code)"
        case nil: return amount
        }
    }

    /// `7` → `07`; plain string building, since `String(format:)` is slow on Linux.
    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    /// `12` → `12 episodes`, `1` → `1 episode`.
    public static func count(_ value: Int?, _ noun: String) -> String? {
        guard let value, value > 0 else { return nil }
        return "\(value) \(noun)\(value == 1 ? "" : "s")"
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

    /// The API's explicitness in words: `explicit`, `not explicit`, `cleaned`.
    public static func explicitness(_ value: String?) -> String? {
        switch value {
        case "explicit": "explicit"
        case "notExplicit": "not explicit"
        case "cleaned": "cleaned"
        case let other?: other.isEmpty ? nil : other
        case nil: nil
        }
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
