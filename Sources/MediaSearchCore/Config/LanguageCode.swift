import MediaSearchKit

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
