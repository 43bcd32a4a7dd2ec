import MediaSearchCore
import MediaSearchKit

/// Writes a search's results as each source answers (#59): lines and JSON lines from the first
/// answer on; tiles on a terminal once some source is late (when every source answered together
/// the page is shown whole, through the pager). A result that a later source joins is never
/// written twice: JSON lines get an update line (``JoinedResult/json``), tiles a short note.
struct StreamedResults {
    var format: ResultFormat
    var console: Console
    var width: Int
    var style: TextStyle
    var artwork: Bool
    /// Each provider's kind of media, for the badges.
    var media: [String: String] = [:]
    /// How long after the first source's answer the others are ranked with it, for a format
    /// (``ResultFormat/patience``: at once for lines; tiles wait a little, so a page whose
    /// sources answer close together is shown whole and paged): `nil` (all together, at the
    /// end) for the formats that are one document, a sorted or grouped page and a later page (it
    /// may repeat the page before it).
    static func patience(for format: ResultFormat, order: ResultOrder, page: Int) -> Duration? {
        guard order == ResultOrder(), page == 1 else { return nil }
        return format.patience
    }
    /// Whether results may be written before the search ends.
    var enabled = false
    /// Whether some results were written: the page's own rendering then writes only what is left.
    private(set) var wrote = false
    /// The kinds that answered after the first results were written.
    private(set) var late: [String] = []

    init(format: ResultFormat, console: Console, width: Int, style: TextStyle, artwork: Bool) {
        self.format = format
        self.console = console
        self.width = width
        self.style = style
        self.artwork = artwork
    }

    /// Writes what an arrival adds, when the search streams; answers whether the spinner, stopped
    /// for the writing, should start again (sources are still pending).
    mutating func show(_ arrival: SearchArrival, spinner: Spinner) -> Bool {
        guard enabled else { return false }
        if format == .text { return showTiles(arrival, spinner: spinner) }
        guard format.patience == .zero, let write = format.write else { return false }
        var text = write(arrival.added, "")
        // A result written before that a later source joined: an update line (JSON lines).
        if format == .jsonl {
            for joined in arrival.joined { text += joined.json.text(pretty: false) + "\n" }
        }
        guard !text.isEmpty else { return false }
        wrote = true
        // The spinner's line (on a terminal's standard error) is cleared before the lines.
        spinner.stop()
        console.out(text)
        return !arrival.pending.isEmpty
    }

    /// Writes an arrival's tiles, once some source is late; whether the spinner should start again.
    private mutating func showTiles(_ arrival: SearchArrival, spinner: Spinner) -> Bool {
        // Tiles stream only once some source is late: a search whose sources answered
        // together is shown whole, as before.
        guard wrote || !arrival.pending.isEmpty else { return false }
        // Sources that answer once tiles are on the screen are late, found something or not.
        if wrote { late += arrival.statuses.map(\.kind) }
        var layout = TileLayout(width: width, style: style, showArtwork: artwork, media: media)
        if artwork { layout = layout.singleColumn }
        var text = ""
        if !arrival.added.isEmpty {
            text += layout.render(arrival.added.map(\.tile), firstNumber: arrival.firstNumber) + "\n"
        }
        for joined in arrival.joined {
            // One line, the title cut to leave room for the stores (a wrapped line broke words).
            let names = joined.entry.item.otherSources.map(\.source).joined(separator: ", ")
            let number = "\(joined.number). ", also = ": also on \(names)"
            let room = max(width - DisplayWidth.of(number) - DisplayWidth.of(also), 8)
            let title = DisplayWidth.truncate(TextSanitizer.line(joined.entry.tile.title), to: room)
            text += style.dim(DisplayWidth.truncate(number + title + also, to: width)) + "\n"
        }
        // Nothing to show yet (a failure, nothing found): the page waits, and says so at the end.
        guard !text.isEmpty else { return false }
        spinner.stop()
        console.out(text)
        wrote = true
        return !arrival.pending.isEmpty
    }
}
