/// ISO 3166-1 alpha-2 country codes as the API takes them (S6).
public enum CountryCode {
    /// `us` → `US`; `nil` when the text is not two ASCII letters.
    public static func normalize(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count == 2, trimmed.utf8.allSatisfy({ $0.isASCIILetter }) else { return nil }
        return trimmed.uppercased()
    }
}

/// The result languages the API offers (S7).
public enum LanguageCode {
    /// The documented values.
    public static let supported = ["en_us", "ja_jp"]

    /// `en-US` or `EN_us` → `en_us`; `nil` when not a supported language.
    public static func normalize(_ text: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: "_")
        return supported.contains(value) ? value : nil
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (65...90).contains(self) || (97...122).contains(self) }
}
