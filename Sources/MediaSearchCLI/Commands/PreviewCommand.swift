import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

#if canImport(Glibc)
    import Glibc
#endif

/// `mediasearch preview`: one result's tile under its artwork, drawn in the terminal's own
/// protocol and sized to the box it is given: fzf's preview window (`$FZF_PREVIEW_COLUMNS`,
/// `$FZF_PREVIEW_LINES`), or the terminal (#73 item 3, docs/usage.md "Artwork").
struct PreviewCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a result's tile with its artwork, sized for fzf's preview window.",
        discussion: HelpText.paragraphs(
            """
            Examples:
              mediasearch preview 1440829606 --kind song
              mediasearch preview --result 2
              mediasearch search daft punk \\
                | fzf --delimiter '\\t' --with-nth 3.. --preview 'mediasearch preview {1} --kind {2}'

            The picture is drawn with the terminal's protocol: Kitty's graphics (kitty, Ghostty,
            Konsole), iTerm2's inline images (iTerm2, WezTerm), Sixel (foot, mlterm, Windows
            Terminal), and Unicode half-blocks elsewhere and inside tmux; none without a terminal
            (a pipe, a file) or on a dumb one. --artwork chooses. The item comes from the last search
            or the offline library when they hold it, so moving through fzf's list asks no source
            again; the artwork is fetched once, through the response cache.
            """))

    @OptionGroup var item: ItemTarget

    @Option(help: "How to draw the artwork: auto, kitty, iterm, sixel, blocks or none.")
    var artwork: PictureProtocol = .auto

    @Option(help: "The box's width in columns (default: $FZF_PREVIEW_COLUMNS, else the terminal's).")
    var columns: Int?

    @Option(help: "The box's height in lines (default: $FZF_PREVIEW_LINES, else the terminal's).")
    var lines: Int?

    @Flag(help: "Show names uncensored even when explicit content is off.")
    var uncensored = false

    @OptionGroup var configOption: ConfigOption
    @OptionGroup var storeOption: StoreOption
    @OptionGroup var terminal: TerminalOptions
    @OptionGroup var network: NetworkOptions

    func validate() throws {
        if let columns, columns < 10 || columns > 1000 { throw ValidationError("--columns takes 10 to 1000") }
        if let lines, lines < 1 || lines > 1000 { throw ValidationError("--lines takes 1 to 1000") }
    }

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(
            explicitPath: configOption.config, store: storeOption.store)
        let session = try await environment.session(configuration, network: network)
        let box = PreviewBox(
            columns: columns, lines: lines, variables: environment.variables, console: environment.console)
        let entry = try await session.entry(
            of: item.target,
            uncensored: uncensored)
        let drawing =
            artwork == .auto
            ? PictureProtocol.detect(
                environment: environment.variables, isTerminal: environment.console.stdoutIsTerminal)
            : artwork
        var out: [UInt8] = []
        var used = 0
        // The picture takes the upper part of the box, at most half its lines when the tile is
        // to fit under it; a box under 8 lines is left to the tile.
        if drawing != .none, box.lines >= 8, Picture.canDecode, let data = try? await session.artwork(of: entry.item),
            let picture = Picture(decoding: data)
        {
            let painter = TerminalPicture(
                drawing: drawing, trueColor: Self.trueColor(environment.variables), cell: box.cell)
            let rows = max(4, box.lines / 2)
            let drawn = painter.render(picture, original: data, columns: box.columns, rows: rows)
            if !drawn.isEmpty {
                out += drawn
                used = painter.fit(width: picture.width, height: picture.height, columns: box.columns, rows: rows).rows
            }
        }
        var layout = TileLayout(
            width: box.columns, style: environment.textStyle(terminal.color),
            media: [entry.kind: entry.media.isEmpty ? entry.kind : entry.media])
        layout.forcedColumns = 1
        let text = layout.render([entry.tile]).split(separator: "\n", omittingEmptySubsequences: false)
        let room = max(1, box.lines - used)
        out += Array(text.prefix(room).joined(separator: "\n").utf8)
        if !out.isEmpty, out.last != 0x0A { out.append(0x0A) }
        environment.console.outBytes(out)
        return ExitStatus.success
    }

    /// Whether the terminal says it has 24-bit colour.
    static func trueColor(_ variables: [String: String]) -> Bool {
        let colour = variables["COLORTERM"]?.lowercased() ?? ""
        return colour == "truecolor" || colour == "24bit"
    }
}

/// The box a preview is drawn in: given, fzf's preview window, or the terminal; and the size of
/// a cell in pixels, where the terminal tells it.
struct PreviewBox {
    var columns: Int
    var lines: Int
    var cell = TerminalPicture.defaultCell

    init(columns: Int?, lines: Int?, variables: [String: String], console: Console) {
        // Sizes as --columns and --lines take them; anything else is no size.
        let number = { (name: String, least: Int) in
            variables[name].flatMap(Int.init).flatMap { (least...1000).contains($0) ? $0 : nil }
        }
        self.columns =
            columns ?? number("FZF_PREVIEW_COLUMNS", 10) ?? console.terminalWidth.map { max(10, min($0, 1000)) }
            ?? number("COLUMNS", 10) ?? 80
        self.lines =
            lines ?? number("FZF_PREVIEW_LINES", 1) ?? console.terminalHeight.map { max(1, min($0, 1000)) }
            ?? number("LINES", 1) ?? 24
        if let size = Self.terminalPixels() { cell = size }
    }

    /// The pixels of a cell, from the controlling terminal's size in cells and in pixels (a
    /// terminal that does not say gives 0, and the default stands).
    static func terminalPixels() -> (width: Int, height: Int)? {
        let tty = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        guard let size = Console.windowSize(tty), size.ws_row > 0, size.ws_xpixel > 0, size.ws_ypixel > 0 else {
            return nil
        }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
