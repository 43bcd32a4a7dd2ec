import MediaSearchKit

/// Suggestions for mistyped names (commands, kinds), and the one sentence for an unknown kind.
public enum DidYouMean {
    /// The known name closest to `word` (at most two edits away, or starting with it), if any.
    public static func closest(to word: String, among names: [String]) -> String? {
        let lower = word.lowercased()
        guard !lower.isEmpty else { return nil }
        if let prefixed = names.first(where: { $0.hasPrefix(lower) }) { return prefixed }
        let scored = names.map { ($0, distance(lower, $0)) }.filter { $0.1 <= min(2, max(1, lower.count / 3)) }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// `unknown kind 'sng'; did you mean 'song'? (known: song, movie)`.
    public static func unknownKind(_ kind: String, known: [String]) -> String {
        let hint = closest(to: kind, among: known).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown kind '\(kind)'\(hint) (known: \(known.joined(separator: ", ")))"
    }

    /// The Levenshtein distance between two words.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
