import Foundation

/// Case-, width- and accent-insensitive matching of user text against API text.
public enum TextMatch {
    /// Whether `haystack` contains `needle`, ignoring case and accents.
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        haystack.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]) != nil
    }
}
