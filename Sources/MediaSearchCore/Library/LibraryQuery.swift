import MediaSearchKit

/// Turns what a user typed into an FTS5 query that can never be a syntax error.
///
/// The text is cut into words the way the index's tokenizer (`unicode61`) cuts it: letters,
/// marks and digits make words, everything else separates them. Each word becomes a quoted
/// prefix (`"beatl"*`), and all of them must match, so quotes, `*`, `-`, `NEAR`, `AND` and
/// parentheses are plain text, never FTS operators. At most ``maxWords`` words count, each of
/// at most ``maxWordLength`` characters, so a 10 KB term is an ordinary query.
public enum LibraryQuery {
    package static let maxWords = 16
    static let maxWordLength = 64

    /// The words of `text`, lower-cased, in order, duplicates removed.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty {
                let word = String(String(current).lowercased().prefix(maxWordLength))
                if !words.contains(word) { words.append(word) }
                current.removeAll()
            }
        }
        for scalar in text.unicodeScalars {
            if words.count >= maxWords { break }
            if isWordScalar(scalar) { current.append(scalar) } else { flush() }
        }
        if words.count < maxWords { flush() }
        return words
    }

    /// The words of `text` with case and accents folded, as the full-text indexes compare them.
    public static func foldedWords(_ text: String) -> [String] {
        var folded: [String] = []
        for word in words(fold(text)) where !folded.contains(word) { folded.append(word) }
        return folded
    }

    /// Text with case and accents folded.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    /// The MATCH expression for `text`, or `nil` when it has no word to look for.
    package static func match(_ text: String) -> String? {
        let words = words(text)
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            return true
        default:
            return false
        }
    }
}
