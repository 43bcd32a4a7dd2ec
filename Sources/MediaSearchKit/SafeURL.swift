/// Keeps only links a person can safely open: absolute http(s) URLs without spaces, control,
/// bidi or zero-width characters, backslashes (which some parsers read as `/`), or user info
/// (`https://apple.com@evil.example/` goes to evil.example, not Apple).
public enum SafeURL {
    /// The URL when it is http(s), else `nil`.
    public static func http(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        guard !text.unicodeScalars.contains(where: { $0 == " " || $0 == "\\" || TextSanitizer.isUnsafe($0) }) else {
            return nil
        }
        let rest = text.drop { $0 != ":" }.dropFirst(3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        return text
    }
}
