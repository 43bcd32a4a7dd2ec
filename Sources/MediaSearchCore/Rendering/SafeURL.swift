/// Keeps only links a person can safely open: absolute http(s) URLs without spaces, control,
/// bidi or zero-width characters.
public enum SafeURL {
    /// The URL when it is http(s), else `nil`.
    public static func http(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        guard !text.unicodeScalars.contains(where: { $0 == " " || TextSanitizer.isUnsafe($0) }) else { return nil }
        return text
    }
}
