import MediaSearchKit

/// ISO 3166-1 alpha-2 country codes as the API takes them (S6).
public enum CountryCode {
    /// `us` → `US`; `nil` when the text is not two ASCII letters.
    public static func normalize(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count == 2, trimmed.utf8.allSatisfy({ $0.isASCIILetter }) else { return nil }
        return trimmed.uppercased()
    }
}
