import MediaSearchCore
import MediaSearchKit

/// Lays a detail view out as text: a bold title, then each section with aligned labels.
public struct DetailLayout: Sendable {
    public var width: Int
    public var style: TextStyle

    /// Creates a layout.
    public init(width: Int, style: TextStyle = .plain) {
        self.width = max(width, 30)
        self.style = style
    }

    /// The detail as text; the first section is the header and gives the title.
    public func render(_ detail: Detail) -> String {
        var out = ""
        for (index, section) in detail.sections.enumerated() {
            if index == 0 {
                let title = TextSanitizer.line(section.title)
                let url = section.links.first?.url
                out += style.link(style.bold(title), url) + "\n"
                out += style.dim(String(repeating: "─", count: min(DisplayWidth.of(title), width))) + "\n"
            } else {
                out += "\n" + style.bold(TextSanitizer.line(section.title)) + "\n"
            }
            out += body(of: section)
        }
        return out
    }

    private func body(of section: DetailSection) -> String {
        let labels = section.rows.map(\.label) + section.links.map(\.label)
        let labelWidth = min(labels.map { DisplayWidth.of(TextSanitizer.line($0)) }.max() ?? 0, 24)
        let valueWidth = max(width - labelWidth - 4, 20)
        let indent = String(repeating: " ", count: labelWidth + 4)
        var out = ""
        for row in section.rows {
            let label = DisplayWidth.pad(TextSanitizer.line(row.label), to: labelWidth)
            let lines = wrap(row.value, width: valueWidth)
            for (number, line) in lines.enumerated() {
                out += number == 0 ? "  \(style.dim(label))  \(line)\n" : (line.isEmpty ? "\n" : indent + line + "\n")
            }
        }
        for link in section.links {
            let label = DisplayWidth.pad(TextSanitizer.line(link.label), to: labelWidth)
            out += "  \(style.dim(label))  \(linkText(link.url, room: valueWidth))\n"
        }
        if !section.items.isEmpty { out += itemLines(section.items) }
        return out
    }

    /// One line per item, led by the id `mediasearch show` takes (detail items are not the
    /// numbered results of the last search, so they carry no number). Ids longer than 12
    /// columns (Deezer's `deezer:track:3135553`, MusicBrainz's) would leave the item's own words
    /// little room: they go under it, as `show <id>`, as the Stores say it.
    func itemLines(_ items: [Tile]) -> String {
        // An item `show` cannot open (a described source's list: an episode, a cast member) has no id.
        let ids = items.map { TextSanitizer.line($0.id) }
        let longest = ids.map(DisplayWidth.of).max() ?? 0
        let below = longest > 12
        let idWidth = below ? 0 : longest
        var out = ""
        for (item, id) in zip(items, ids) {
            let facts = ([item.subtitle].compactMap { $0 } + item.summary).map(TextSanitizer.line)
            let title = TextSanitizer.line(item.title)
            let text = ([title] + facts).joined(separator: " · ")
            let room = max(width - idWidth - 4, 10)
            let shown = DisplayWidth.truncate(text, to: room)
            let titlePart = shown.hasPrefix(title) ? title : shown
            let styled = style.link(style.bold(titlePart), item.url) + shown.dropFirst(titlePart.count)
            out += idWidth == 0 ? "  \(styled)\n" : "  \(style.dim(DisplayWidth.pad(id, to: idWidth)))  \(styled)\n"
            if below, !id.isEmpty { out += "    " + style.dim("show  ") + id + "\n" }
            if let preview = item.previewUrl {
                // An episode's audio and page belong with it, not in a list of their own.
                let indent = String(repeating: " ", count: idWidth == 0 ? 4 : idWidth + 4)
                let room = width - indent.count - 6
                out += indent + style.dim("audio ") + linkText(preview, room: room) + "\n"
                if let page = item.url { out += indent + style.dim("page  ") + linkText(page, room: room) + "\n" }
            }
        }
        return out
    }

    /// A link as the terminal shows it. On a terminal that takes escapes it is an OSC 8 link,
    /// and one longer than `room` columns shows as its address shortened to the room (no scheme,
    /// cut with "…"): it still opens whole, and no line wraps. Piped or plain, the whole URL,
    /// never cut, so a script or a terminal without OSC 8 still gets every character of it.
    func linkText(_ url: String, room: Int) -> String {
        guard style.enabled, SafeURL.http(url) != nil, DisplayWidth.of(url) > room else {
            return style.link(TextSanitizer.line(url), url)
        }
        let address = url.range(of: "://").map { String(url[$0.upperBound...]) } ?? url
        return style.link(DisplayWidth.truncate(address, to: max(room, 16)), url)
    }

    /// Wraps text at word boundaries to `width` columns, keeping paragraph breaks as empty lines;
    /// a URL longer than a line stands whole on a line of its own (shortened, as a link, when
    /// styled: ``linkText(_:room:)``).
    package func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in TextSanitizer.block(text).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var used = 0
            for word in paragraph.split(separator: " ") {
                let w = DisplayWidth.of(String(word))
                if used > 0 && used + 1 + w > width {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                if used > 0 {
                    line += " "
                    used += 1
                }
                // A link is never cut: one too long for the line is printed whole, on a line of
                // its own (the terminal wraps it, and it still opens); other long words are cut.
                let link = word.contains("://")
                if link {
                    line += linkText(String(word), room: width)
                    used += style.enabled ? min(w, width) : w
                } else {
                    line += w > width ? DisplayWidth.truncate(String(word), to: width) : String(word)
                    used += min(w, width)
                }
            }
            lines.append(line)
        }
        return lines
    }
}
