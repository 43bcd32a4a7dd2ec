/// Turns the HTML of audiobook and podcast descriptions into clean text: tags removed, entities
/// decoded, paragraphs kept.
public enum HTMLText {
    /// Clean, terminal-safe text with paragraphs separated by one blank line.
    public static func plain(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
                switch name {
                case "br": text += "\n"
                case "p", "div", "ul", "ol", "h1", "h2", "h3", "h4", "blockquote": text += "\n\n"
                case "li": text += tag.hasPrefix("/") ? "" : "\n• "
                default: break
                }
                index = html.index(after: close)
            } else if character == "&", let (decoded, next) = entity(in: html, at: index) {
                text += decoded
                index = next
            } else {
                text.append(character)
                index = html.index(after: index)
            }
        }
        let paragraphs = text.replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { paragraph in
                paragraph.split(separator: "\n").map { TextSanitizer.line(String($0)) }.filter { !$0.isEmpty }
                    .joined(separator: "\n")
            }
            .filter { !$0.isEmpty }
        return paragraphs.joined(separator: "\n\n")
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–",
        "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "copy": "©", "reg": "®",
        "trade": "™", "eacute": "é", "egrave": "è", "aacute": "á", "uuml": "ü", "ouml": "ö", "auml": "ä",
    ]

    /// Decodes `&amp;`, `&#39;` or `&#x2019;` at `index`; `nil` when it is not an entity.
    private static func entity(in text: String, at index: String.Index) -> (String, String.Index)? {
        guard let semicolon = text[index...].prefix(12).firstIndex(of: ";") else { return nil }
        let body = text[text.index(after: index)..<semicolon]
        let next = text.index(after: semicolon)
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), next)
        }
        return named[String(body)].map { ($0, next) }
    }
}
