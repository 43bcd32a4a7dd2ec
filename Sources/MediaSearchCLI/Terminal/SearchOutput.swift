import Foundation
import MediaSearchCore
import MediaSearchKit

/// Turns a finished search into text for people, lines or JSON lines for programs: the terminal's
/// renderings of a ``SearchPage``, with how to ask for the next page.
public struct SearchOutput: Sendable {
    public var page: SearchPage
    /// The command that shows the next page, e.g. `mediasearch search jack --page 2`.
    public var commandLine: String

    /// Creates an output.
    public init(page: SearchPage, commandLine: String) {
        self.page = page
        self.commandLine = commandLine
    }

    private var ordered: [ResultEntry] { page.results }
    private var repeatsPrevious: Bool { page.repeatsPrevious }
    private var number: Int { page.request.page }

    /// Whether some kind filled its page, so a next page may exist.
    public var hasMore: Bool { page.hasMore }

    /// The JSON document (see docs/usage.md, "JSON output").
    public func document() -> SearchDocument { SearchDocument(page) }

    /// One line per result, tab-separated, for pipes and scripts: id, kind, title, creator,
    /// year, price, url. Fields never contain tabs or line breaks; a missing one is empty.
    public func lines() -> String {
        repeatsPrevious ? "" : Self.lines(of: ordered)
    }

    /// The tab-separated lines of some results (a search's, a list's).
    public static func lines(of entries: [ResultEntry]) -> String {
        entries.map { entry in
            let item = entry.shown
            return [
                entry.tile.id, entry.tile.kind, entry.tile.title, entry.tile.subtitle ?? "",
                item.releaseYear.map(String.init) ?? "", Formatting.price(item.price, currency: item.currency) ?? "",
                entry.tile.url ?? "",
            ].map(TextSanitizer.line).joined(separator: "\t") + "\n"
        }.joined()
    }

    /// One compact JSON object per result and line, as they are ordered.
    public func jsonLines() -> String { repeatsPrevious ? "" : Self.jsonLines(of: ordered) }

    /// One compact JSON object per result and line (a search's, a list's).
    public static func jsonLines(of entries: [ResultEntry]) -> String {
        entries.map { entry in ResultRecord(entry).json.text(pretty: false) + "\n" }.joined()
    }

    /// What to say when the page has no results although the search ran: no more pages, or
    /// nothing matched and what to try; `nil` when there are results, or every provider failed
    /// (its errors say why, and no spelling is to blame), answered from the library or not.
    public var emptyMessage: String? {
        guard ordered.isEmpty, !page.outcome.allFailed, page.offline?.fallback != true else { return nil }
        let what = page.request.term.map { "\"\(TextSanitizer.line($0))\"" } ?? "these filters"
        return number > 1
            ? "No more results for \(what) (page \(number))."
            : "No results for \(what). Try another kind (mediasearch providers), a different spelling, or fewer filters."
    }

    /// The text for a terminal or a pipe.
    public func text(width: Int, style: TextStyle, artwork: Bool) -> String {
        if repeatsPrevious {
            return "No more results: page \(number) repeats page \(number - 1).\n"
        }
        if ordered.isEmpty {
            return emptyMessage.map { $0 + "\n" } ?? ""
        }
        var out = ""
        var layout = TileLayout(width: width, style: style, showArtwork: artwork, media: page.mediaKinds)
        layout.sortKey = Self.sortKey(page.order.sort)
        let tileLayout = artwork ? layout.singleColumn : layout
        if page.order.grouped {
            var first = 1
            for (kind, _) in page.outcome.perProvider {
                let tiles = ordered.filter { $0.kind == kind }.map(\.tile)
                guard !tiles.isEmpty else { continue }
                let name = page.plan.first { $0.provider.kind == kind }?.provider.displayName ?? kind
                out += style.bold("── \(name) (\(tiles.count)) ──") + "\n"
                out += tileLayout.render(tiles, firstNumber: first) + "\n"
                first += tiles.count
            }
        } else {
            out += tileLayout.render(ordered.map(\.tile)) + "\n"
        }
        out += footer(style: style, width: width)
        return out
    }

    /// The fact a sort orders by, as a tile shows it: sorted by price, the price is the fact no
    /// width may drop; by date, the year.
    static func sortKey(_ sort: ResultSort) -> (@Sendable (Tile) -> String?)? {
        switch sort {
        case .price: { tile in tile.item.flatMap { Formatting.price($0.price, currency: $0.currency) } }
        case .date: { tile in tile.item?.releaseYear.map(String.init) }
        case .relevance, .title, .artist: nil
        }
    }

    /// The lines under the tiles: the count of results by kind, which sources were late (they
    /// answered after the tiles above them were shown), the next page and how to see a result.
    /// A kind that found nothing is not counted one by one: they are named together at the end
    /// (`nothing from tv, radio`), or only counted (`2 found nothing`); while the first line is
    /// longer than `width`, the first page's number is left out, then those kinds, so that it
    /// stays one line with every default source.
    public func footer(style: TextStyle, late: [String] = [], width: Int = 80) -> String {
        var counts: [String] = []
        var empty: [String] = []
        for status in page.outcome.statuses {
            if status.error != nil {
                counts.append("\(status.kind) failed")
            } else if status.received == 0 && !late.contains(status.kind) {
                // Nothing at all: a source whose every result joined another's did find them.
                empty.append(status.kind)
            } else {
                let count = "\(status.kind) \(status.count)"
                counts.append(
                    late.contains(status.kind) ? count + " (late, \(String(format: "%.1f s", status.elapsed)))" : count)
            }
        }
        let results = "\(ordered.count) result\(ordered.count == 1 ? "" : "s")"
        func summary(_ nothing: String?, page: Bool = true) -> String {
            ([results] + counts + [nothing, page ? "page \(number)" : nil].compactMap { $0 }).joined(separator: " · ")
        }
        // Shorter forms while the line is wider than the terminal: the kinds that found nothing
        // counted; then, on the first page, its number left out; then those kinds left out.
        let named = empty.isEmpty ? nil : "nothing from \(empty.joined(separator: ", "))"
        let counted = empty.isEmpty ? nil : "\(empty.count) found nothing"
        let forms =
            number == 1
            ? [
                summary(named), summary(counted), summary(named, page: false), summary(counted, page: false),
                summary(nil, page: false),
            ]
            : [summary(named), summary(counted), summary(nil)]
        let first = forms.first { DisplayWidth.of($0) <= width } ?? forms[forms.count - 1]
        var line = style.dim(first) + "\n"
        if hasMore { line += style.dim("More: \(commandLine)") + "\n" }
        line += style.dim("Details: mediasearch show --result N") + "\n"
        return line
    }
}
