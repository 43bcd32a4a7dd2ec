import Foundation

/// The words the engine and the providers write in English for people (a section's title, a
/// fact's label, a link, a tile's fact such as `320 episodes`), in the page's language. Each is a
/// key of the web catalogs, `label.<the English words>`; a key with placeholders is a pattern
/// (`label.{n} tracks`), whose `{n}` and `{m}` match a number and any other name any text, put
/// back into the translation, where `{n:трек|трека|треков}` picks the plural form of `n` (one,
/// few, many, as Russian and the other Slavic languages count). Anything else (a title, a
/// genre, a name a source sent) is shown as it came.
///
/// A value (a tile's fact, a row's value) may be what a source sent, and a genre called
/// "Country" is not a nation: values are translated only by the words the engine itself writes
/// as values (`value.<English>`: yes, no, explicit, Free...) and by the patterns, whose numbers
/// and dates a source's name does not have.
package struct Labels: Sendable {
    private let exact: [String: String]
    private let values: [String: String]
    private let patterns: [Pattern]
    /// Longer text is no label (and is not worth matching: a hostile name may be megabytes).
    static let longest = 160

    package init(catalog: [String: String]) {
        var exact: [String: String] = [:]
        var values: [String: String] = [:]
        var patterns: [Pattern] = []
        for (key, value) in catalog {
            if key.hasPrefix("value.") { values[String(key.dropFirst("value.".count))] = value }
            guard key.hasPrefix("label.") else { continue }
            let english = String(key.dropFirst("label.".count))
            if english.contains("{") {
                patterns.append(Pattern(english, value))
            } else {
                exact[english] = value
            }
        }
        self.exact = exact
        self.values = values
        // Longer patterns first, so `{n}h {m}m` is tried before `{n}m`.
        self.patterns = patterns.sorted { $0.literalLength > $1.literalLength }
    }

    /// The words in this language, or the text as it came when it is no label.
    package func callAsFunction(_ text: String) -> String { known(text) ?? text }

    /// The words in this language when the text is a label, else `nil` (a title, a genre).
    package func known(_ text: String) -> String? {
        guard text.utf8.count <= Self.longest else { return nil }
        return exact[text] ?? matched(text)
    }

    /// A value (a fact, a row's value) in this language when the engine wrote it, else `nil`.
    package func value(_ text: String) -> String? {
        guard text.utf8.count <= Self.longest else { return nil }
        return values[text] ?? matched(text)
    }

    private func matched(_ text: String) -> String? {
        for pattern in patterns {
            if let values = pattern.match(text) { return Self.fill(pattern.translation, values) }
        }
        return nil
    }

    /// The translation with its placeholders filled, plural choices made.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let inside = rest[rest.index(after: open)..<close]
            let parts = inside.split(separator: ":", maxSplits: 1)
            let name = String(parts.first ?? "")
            if parts.count == 2 {
                let forms = parts[1].split(separator: "|").map(String.init)
                let number = Int((values[name] ?? "").filter(\.isNumber)) ?? 0
                result += forms.isEmpty ? "" : forms[min(pluralForm(number), forms.count - 1)]
            } else {
                result += values[name] ?? ""
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// 0 for one (1, 21, 101), 1 for few (2-4, 22-24), 2 for many (0, 5-20, 25...).
    static func pluralForm(_ number: Int) -> Int {
        let (ten, hundred) = (number % 10, number % 100)
        if ten == 1 && hundred != 11 { return 0 }
        if (2...4).contains(ten) && !(12...14).contains(hundred) { return 1 }
        return 2
    }

    /// One pattern: literal pieces between placeholders.
    struct Pattern: Sendable {
        /// Literal text, then a placeholder's name (`nil` after the last literal).
        let pieces: [(literal: String, name: String?)]
        let translation: String
        let literalLength: Int

        init(_ english: String, _ translation: String) {
            var pieces: [(String, String?)] = []
            var rest = Substring(english)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                pieces.append((String(rest[..<open]), String(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
            pieces.append((String(rest), nil))
            self.pieces = pieces
            self.translation = translation
            literalLength = pieces.reduce(0) { $0 + $1.0.count }
        }

        /// The placeholders' values when the text is this pattern, else `nil`.
        func match(_ text: String) -> [String: String]? {
            var values: [String: String] = [:]
            return Self.match(Substring(text), pieces[...], &values) ? values : nil
        }

        private static func match(
            _ text: Substring, _ pieces: ArraySlice<(literal: String, name: String?)>, _ values: inout [String: String]
        ) -> Bool {
            guard let piece = pieces.first else { return text.isEmpty }
            guard text.hasPrefix(piece.literal) else { return false }
            let after = text.dropFirst(piece.literal.count)
            guard let name = piece.name else { return after.isEmpty && pieces.count == 1 }
            let next = pieces.dropFirst()
            // {n} and {m} are numbers, {date} a date: a source's name is neither.
            let numeric = name == "n" || name == "m" || name == "date"
            // The placeholder takes the shortest text after which the rest matches.
            var end = after.startIndex
            while end < after.endIndex {
                end = after.index(after: end)
                let value = after[after.startIndex..<end]
                if numeric, let last = value.last, !(last.isASCII && (last.isNumber || last == "," || last == "-")) {
                    return false
                }
                var trial = values
                trial[name] = String(value)
                if match(after[end...], next, &trial) {
                    values = trial
                    return true
                }
            }
            return false
        }
    }
}
