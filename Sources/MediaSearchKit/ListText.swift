import Foundation

/// A text that is a list written with commas, as sources send tags and genres
/// (`"classical,cultural,jazz"`, `"Drama, Crime"`): its entries, for a face to show as a list.
public enum ListText {
    /// The most entries kept: a source may send hundreds of tags.
    public static let maximum = 24

    /// The entries of `text`: cut at commas, trimmed, empty ones and repeats (of any case) left
    /// out, each entry at most 80 characters, at most ``maximum`` of them.
    public static func entries(_ text: String) -> [String] {
        var seen: Set<String> = []
        var out: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            let entry = TextSanitizer.line(String(part.prefix(80))).trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty, seen.insert(entry.lowercased()).inserted else { continue }
            out.append(entry)
            if out.count == maximum { break }
        }
        return out
    }

    /// The list as a tile shows it: the first `count` entries joined with ", ", and "…" when
    /// more were left out; a text with no commas as it is.
    public static func short(_ text: String, count: Int = 3) -> String {
        let all = entries(text)
        guard all.count > 1 else { return text }
        return all.prefix(count).joined(separator: ", ") + (all.count > count ? ", …" : "")
    }
}
