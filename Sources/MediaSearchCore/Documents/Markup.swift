/// Text made safe inside HTML and XML, as an element's text or an attribute's value in either
/// quotes: what the web's pages and the OPML of feeds write.
public enum Markup {
    /// `&`, `<`, `>`, `"` and `'` as references; everything else as it is.
    public static func escape(_ text: String) -> String {
        // Most text has nothing to escape: it is returned as it is, read once as bytes.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
