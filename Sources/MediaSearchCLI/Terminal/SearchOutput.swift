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

    /// What to say when the page has no results although the search ran: no more pages, or
    /// nothing matched and what to try; `nil` when there are results, or every provider failed
    /// (its errors say why, and no spelling is to blame), answered from the library or not.
    public var emptyMessage: String? {
        guard ordered.isEmpty, !page.outcome.allFailed, page.offline?.fallback != true else { return nil }
        let what = page.request.term.map { "\"\(TextSanitizer.line($0))\"" } ?? "these filters"
        if number > 1 { return "No more results for \(what) (page \(number))." }
        // A source that failed may have had them: no spelling is blamed (the web says the same).
        if page.outcome.hasFailures { return "No results for \(what) from the sources that answered." }
        return
            "No results for \(what). Try another kind (mediasearch providers), a different spelling, or fewer filters."
    }

    /// Some providers named as the footer names them: by kind of media, and by source where
    /// several sources of the page share that kind (`song (Deezer), podcast`).
    public func mediaWords(of kinds: [String]) -> String {
        func word(_ kind: String) -> String { TextStyle.badgeWord(page.mediaKinds[kind] ?? kind).lowercased() }
        var words: [String] = []
        for kind in kinds {
            let shared = page.plan.filter { word($0.provider.kind) == word(kind) }
            let source = page.plan.first { $0.provider.kind == kind }?.provider.sourceName ?? kind
            let name = shared.count > 1 ? "\(word(kind)) (\(source))" : word(kind)
            if !words.contains(name) { words.append(name) }
        }
        return words.joined(separator: ", ")
    }

    /// The text for a terminal or a pipe.
    public func text(width: Int, style: TextStyle, artwork: Bool) -> String {
        if repeatsPrevious {
            return "No more results: page \(number) repeats page \(number - 1).\n"
        }
        if ordered.isEmpty {
            return emptyMessage.map { FilterArguments.wrap($0, indent: 0, width: width).joined(separator: "\n") + "\n" }
                ?? ""
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
    package static func sortKey(_ sort: ResultSort) -> (@Sendable (Tile) -> String?)? {
        switch sort {
        case .price: { tile in tile.item.flatMap { Fact.money("Price", $0.price, currency: $0.currency)?.text() } }
        case .date: { tile in tile.item?.releaseYear.map(String.init) }
        case .relevance, .title, .artist: nil
        }
    }

    /// The lines under the tiles: the count of results by kind of media (`song 17` for iTunes',
    /// Deezer's and MusicBrainz's songs together: one name for each kind, #60), which sources were
    /// late (they answered after the tiles above them were shown) or failed, named by kind and,
    /// where several sources share that kind, by source (`song (Deezer) failed`), the next page
    /// and how to see a result. A kind that found nothing is not counted one by one: they are
    /// named together at the end (`nothing from tv show, radio`), or only counted (`2 found
    /// nothing`); while the first line is longer than `width`, the first page's number is left
    /// out, then those kinds, then the last kinds' counts are folded into one (`2 other kinds 35`),
    /// so that it stays one line with every source enabled (#60).
    public func footer(style: TextStyle, late: [String] = [], width: Int = 80) -> String {
        let media = page.mediaKinds
        let sourceNames = Dictionary(
            page.plan.map { ($0.provider.kind, $0.provider.sourceName) }, uniquingKeysWith: { first, _ in first })
        func word(_ kind: String) -> String { TextStyle.badgeWord(media[kind] ?? kind).lowercased() }
        // The providers of each kind of media, in the order they were asked.
        var groups: [(word: String, statuses: [ProviderStatus])] = []
        for status in page.outcome.statuses {
            let name = word(status.kind)
            if let index = groups.firstIndex(where: { $0.word == name }) {
                groups[index].statuses.append(status)
            } else {
                groups.append((name, [status]))
            }
        }
        var counts: [String] = []
        var lateAt: [Int: String] = [:]  // the entries of `counts` that are late, with when they answered
        var tallies: [(index: Int, count: Int)] = []  // the entries of `counts` that count a kind's results
        var empty: [String] = []
        for group in groups {
            // A source is named only where its kind has several: `song (Deezer) failed`.
            func named(_ status: ProviderStatus) -> String {
                group.statuses.count > 1 ? "\(group.word) (\(sourceNames[status.kind] ?? status.kind))" : group.word
            }
            let answered = group.statuses.filter { $0.error == nil && !late.contains($0.kind) }
            if !answered.isEmpty {
                if answered.contains(where: { $0.received > 0 }) {
                    let count = answered.reduce(0) { $0 + $1.count }
                    tallies.append((counts.count, count))
                    counts.append("\(group.word) \(count)")
                } else if answered.count == group.statuses.count {
                    // Nothing at all: a source whose every result joined another's did find them.
                    empty.append(group.word)
                } else {
                    // Those that answered found nothing while a sibling failed or is late: said
                    // by source, as the sibling is (`nothing from song (iTunes)`).
                    empty += answered.map(named)
                }
            }
            for status in group.statuses where status.error != nil {
                counts.append("\(named(status)) failed")
            }
            // A late source that found nothing is one more kind that found nothing: folded first (one
            // whose every result joined another's did find them, and stays named).
            for status in group.statuses where status.error == nil && late.contains(status.kind) {
                if status.received == 0 {
                    empty.append(named(status))
                } else {
                    lateAt[counts.count] = String(format: "%.1f s", status.elapsed)
                    counts.append("\(named(status)) \(status.count) (late)")
                }
            }
        }
        let results = "\(ordered.count) result\(ordered.count == 1 ? "" : "s")"
        // A late source says when it answered (`(late, 2.8 s)`) where the line has room.
        let timed = counts.indices.map { index in
            lateAt[index].map { String(counts[index].dropLast(")".count)) + ", \($0))" } ?? counts[index]
        }
        func summary(_ nothing: String?, page: Bool = true, when: Bool = true) -> String {
            ([results] + (when ? timed : counts) + [nothing, page ? "page \(number)" : nil].compactMap { $0 })
                .joined(separator: " · ")
        }
        // Shorter forms while the line is wider than the terminal: the kinds that found nothing
        // counted; then, on the first page, its number left out; then those kinds left out.
        let named = empty.isEmpty ? nil : "nothing from \(empty.joined(separator: ", "))"
        let counted = empty.isEmpty ? nil : "\(empty.count) kind\(empty.count == 1 ? "" : "s") found nothing"
        var forms =
            number == 1
            ? [
                summary(named), summary(counted), summary(counted, when: false), summary(named, page: false),
                summary(counted, page: false), summary(counted, page: false, when: false),
                summary(nil, page: false, when: false),
            ]
            : [summary(named), summary(counted), summary(counted, when: false), summary(nil, when: false)]
        // Still wider, with many kinds that found something: the last kinds' counts folded into
        // one (`2 other kinds 35`); a failed or late source stays named.
        for folded in 2..<max(2, tallies.count + 1) {
            let gone = tallies.suffix(folded)
            let kept = counts.indices.filter { index in !gone.contains { $0.index == index } }.map { counts[$0] }
            let more = "\(folded) other kinds \(gone.reduce(0) { $0 + $1.count })"
            forms.append(([results] + kept + [more] + (number == 1 ? [] : ["page \(number)"])).joined(separator: " · "))
        }
        // Wider than the terminal still (a narrow one, or many late sources): the shortest form
        // on as many lines as it takes, broken between two entries, never inside a word.
        let first = forms.first { DisplayWidth.of($0) <= width } ?? Self.wrap(forms[forms.count - 1], width: width)
        var line = first.split(separator: "\n").map { style.dim(String($0)) + "\n" }.joined()
        if hasMore {
            line += Self.command("More: " + commandLine, width: width).map { style.dim($0) + "\n" }.joined()
        }
        line += style.dim("Details: mediasearch show --result N") + "\n"
        return line
    }

    /// A command line on lines of at most `width` columns, as a shell reads it: broken between two
    /// words (never inside quotes, nor between an option and its value), each line but the last
    /// ending in ` \` and the next indented, so the lines pasted into a shell are the one command.
    /// A word wider than a line stays whole.
    static func command(_ text: String, width: Int) -> [String] {
        guard DisplayWidth.of(text) > width else { return [text] }
        var words: [String] = []
        var word = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        // An option and its value stay on one line (`--kind song`).
        var units: [String] = []
        for word in words {
            if let last = units.last, last.hasPrefix("-"), !last.contains(" "), !word.hasPrefix("-") {
                units[units.count - 1] += " " + word
            } else {
                units.append(word)
            }
        }
        var lines: [String] = []
        var current = ""
        for word in units {
            let joined = current.isEmpty ? word : current + " " + word
            // Room for the ` \` that a line followed by another ends in.
            if current.isEmpty || DisplayWidth.of(joined) + 2 <= width {
                current = joined
            } else {
                lines.append(current + " \\")
                current = "  " + word
            }
        }
        return lines + [current]
    }

    /// A footer line on lines of at most `width` columns, broken between two entries (the ` · `
    /// between them left out); an entry wider than the whole width is cut (`…`).
    static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var current = ""
        for entry in text.components(separatedBy: " · ").map({ DisplayWidth.truncate($0, to: width) }) {
            let joined = current.isEmpty ? entry : current + " · " + entry
            if DisplayWidth.of(joined) <= width || current.isEmpty {
                current = joined
            } else {
                lines.append(current)
                current = entry
            }
        }
        return (lines + [current]).joined(separator: "\n")
    }
}
