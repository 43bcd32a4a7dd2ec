import ArgumentParser
import Foundation

/// How a picture is drawn in a terminal: its own graphics protocol where it has one, Unicode
/// half-blocks elsewhere, nothing where neither would show (docs/usage.md, "Artwork").
public enum PictureProtocol: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// Chosen from the terminal (``detect(environment:isTerminal:)``).
    case auto
    /// Kitty's graphics protocol (kitty, Ghostty, Konsole; fzf passes it through).
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iterm
    /// DEC Sixel (foot, mlterm, xterm -ti vt340, Windows Terminal).
    case sixel
    /// Unicode upper half blocks, two pixels a cell in 24-bit or 256 colours: any colour terminal.
    case blocks
    /// No picture.
    case none

    /// The protocol for the terminal `environment` describes (or `MEDIASEARCH_ARTWORK` names).
    /// Without a terminal (a pipe, a file) there is none, unless fzf's preview window is the
    /// terminal (`FZF_PREVIEW_COLUMNS`). Inside
    /// tmux, which passes graphics through only when set to (`allow-passthrough`), half-blocks:
    /// never escape-code garbage on the screen.
    public static func detect(environment: [String: String], isTerminal: Bool) -> PictureProtocol {
        let term = environment["TERM"] ?? ""
        guard isTerminal || environment["FZF_PREVIEW_COLUMNS"] != nil, !term.isEmpty, term != "dumb" else {
            return .none
        }
        // The user's standing choice, for a terminal this cannot tell (xterm -ti vt340 draws Sixel).
        if let chosen = environment["MEDIASEARCH_ARTWORK"].flatMap(PictureProtocol.init(rawValue:)), chosen != .auto {
            return chosen
        }
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
            return environment["NO_COLOR"] == nil ? .blocks : .none
        }
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty"
            || program == "ghostty" || environment["KONSOLE_VERSION"] != nil
        {
            return .kitty
        }
        if program == "iTerm.app" || program == "WezTerm" || environment["WEZTERM_EXECUTABLE"] != nil { return .iterm }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term.contains("sixel")
            || environment["WT_SESSION"] != nil
        {
            return .sixel
        }
        return environment["NO_COLOR"] == nil ? .blocks : .none
    }
}

/// A picture written in a terminal's protocol, fitted into a box of cells.
public struct TerminalPicture: Sendable {
    /// What takes every picture of Kitty's protocol off the screen.
    public static let kittyClear = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// The pixels of one cell, where the terminal does not say (`TIOCGWINSZ`'s pixel size).
    public static let defaultCell = (width: 10, height: 20)

    public var drawing: PictureProtocol
    /// Whether 24-bit colour is there (`COLORTERM`), for half-blocks; else the 256 colours.
    public var trueColor: Bool
    /// The size of one cell in pixels.
    public var cell: (width: Int, height: Int)

    public init(drawing: PictureProtocol, trueColor: Bool, cell: (width: Int, height: Int) = defaultCell) {
        self.drawing = drawing
        self.trueColor = trueColor
        self.cell = (max(1, min(cell.width, 100)), max(1, min(cell.height, 200)))
    }

    /// The cells a picture of `width` x `height` pixels takes in a box of `columns` x `rows`,
    /// keeping its shape (a cell is ``cell`` in pixels).
    public func fit(width: Int, height: Int, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return (0, 0) }
        let aspect = Double(width) / Double(height) * Double(cell.height) / Double(cell.width)
        var fitted = (columns: columns, rows: Int((Double(columns) / aspect).rounded()))
        if fitted.rows > rows { fitted = (Int((Double(rows) * aspect).rounded()), rows) }
        return (max(1, min(fitted.columns, columns)), max(1, min(fitted.rows, rows)))
    }

    /// The bytes that draw `picture` (the source's `original` bytes too, which iTerm2 draws
    /// itself) from the cursor, `rows` lines high at most and `columns` wide, leaving the cursor at
    /// the start of the line below it; empty for ``PictureProtocol/none``.
    public func render(_ picture: Picture, original: Data, columns: Int, rows: Int) -> [UInt8] {
        let size = fit(width: picture.width, height: picture.height, columns: columns, rows: rows)
        guard size.columns > 0 else { return [] }
        switch drawing {
        case .none, .auto: return []
        case .blocks:
            guard let scaled = picture.scaled(width: size.columns, height: size.rows * 2) else { return [] }
            return halfBlocks(scaled)
        case .kitty:
            let drawn = overlay(picture, original: original, columns: size.columns, rows: size.rows)
            return drawn.isEmpty ? [] : drawn + Array(String(repeating: "\r\n", count: size.rows).utf8)
        case .iterm:
            return iterm(original, columns: size.columns, rows: size.rows) + Array("\r\n".utf8)
        case .sixel:
            let drawn = overlay(picture, original: original, columns: size.columns, rows: size.rows)
            return drawn.isEmpty ? [] : drawn + Array("\r\n".utf8)
        }
    }

    /// The bytes that draw `picture` over `columns` x `rows` cells from the cursor in a graphics
    /// protocol (Kitty's, Sixel, iTerm2's), the cursor not moved on after it; empty for the others.
    public func overlay(_ picture: Picture, original: Data, columns: Int, rows: Int) -> [UInt8] {
        switch drawing {
        case .kitty:
            let pixels = (min(columns * cell.width, picture.width), min(rows * cell.height, picture.height))
            return picture.scaled(width: pixels.0, height: pixels.1).map {
                kitty($0, columns: columns, rows: rows, advance: false)
            } ?? []
        case .sixel:
            return picture.scaled(width: columns * cell.width, height: rows * cell.height).map(sixel) ?? []
        case .iterm:
            return iterm(original, columns: columns, rows: rows)
        case .auto, .blocks, .none:
            return []
        }
    }

    /// iTerm2's inline image of the source's own bytes, over `columns` x `rows` cells.
    func iterm(_ original: Data, columns: Int, rows: Int) -> [UInt8] {
        Array(
            "\u{1B}]1337;File=inline=1;size=\(original.count);width=\(columns);height=\(rows);preserveAspectRatio=1:"
                .utf8) + Array(original.base64EncodedString().utf8) + [0x07]
    }

    /// Two pixels a cell: the upper one the foreground of `▀`, the lower one its background.
    func halfBlocks(_ picture: Picture) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(picture.width * picture.height * 20)
        for row in stride(from: 0, to: picture.height - 1, by: 2) {
            for x in 0..<picture.width {
                let top = picture.pixel(x, row)
                let bottom = picture.pixel(x, row + 1)
                out += Array((colour(top, foreground: true) + colour(bottom, foreground: false) + "▀").utf8)
            }
            out += Array("\u{1B}[0m\r\n".utf8)
        }
        return out
    }

    private func colour(_ pixel: (r: UInt8, g: UInt8, b: UInt8), foreground: Bool) -> String {
        let layer = foreground ? 38 : 48
        if trueColor { return "\u{1B}[\(layer);2;\(pixel.r);\(pixel.g);\(pixel.b)m" }
        let level = { (value: UInt8) in (Int(value) * 5 + 127) / 255 }
        return "\u{1B}[\(layer);5;\(16 + 36 * level(pixel.r) + 6 * level(pixel.g) + level(pixel.b))m"
    }

    /// Kitty's graphics protocol: every earlier picture of ours taken off the screen, then this
    /// one's RGB sent in chunks of 4,096 base64 bytes and shown over `columns` x `rows` cells,
    /// the cursor left where it was (`C=1`) and then, when `advance`, moved below it.
    func kitty(_ picture: Picture, columns: Int, rows: Int, advance: Bool = true) -> [UInt8] {
        let payload = Array(Data(picture.pixels).base64EncodedString().utf8)
        var out = Self.kittyClear
        var start = 0
        repeat {
            let end = min(start + 4096, payload.count)
            let more = end < payload.count ? 1 : 0
            let control =
                start == 0
                ? "a=T,f=24,s=\(picture.width),v=\(picture.height),c=\(columns),r=\(rows),C=1,q=2,m=\(more)"
                : "m=\(more)"
            out += Array("\u{1B}_G\(control);".utf8) + payload[start..<end] + Array("\u{1B}\\".utf8)
            start = end
        } while start < payload.count
        if advance { out += Array(String(repeating: "\r\n", count: rows).utf8) }
        return out
    }

    /// DEC Sixel in the 216 colours of a 6x6x6 cube: each band of six pixel rows, colour by colour,
    /// with runs of one sixel written once with their count.
    func sixel(_ picture: Picture) -> [UInt8] {
        let level = { (value: UInt8) in (Int(value) * 5 + 127) / 255 }
        var index = [UInt8](repeating: 0, count: picture.width * picture.height)
        var used = [Bool](repeating: false, count: 216)
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let p = picture.pixel(x, y)
                let colour = 36 * level(p.r) + 6 * level(p.g) + level(p.b)
                index[y * picture.width + x] = UInt8(colour)
                used[colour] = true
            }
        }
        var out = Array("\u{1B}P0;1;0q\"1;1;\(picture.width);\(picture.height)".utf8)
        for colour in 0..<216 where used[colour] {
            let percent = { (step: Int) in step * 20 }
            out += Array("#\(colour);2;\(percent(colour / 36));\(percent(colour / 6 % 6));\(percent(colour % 6))".utf8)
        }
        var row = [UInt8](repeating: 0, count: picture.width)
        for band in stride(from: 0, to: picture.height, by: 6) {
            var present = [Bool](repeating: false, count: 216)
            for y in band..<min(band + 6, picture.height) {
                for x in 0..<picture.width { present[Int(index[y * picture.width + x])] = true }
            }
            var first = true
            for colour in 0..<216 where present[colour] {
                for x in 0..<picture.width {
                    var bits: UInt8 = 0
                    for bit in 0..<6 where band + bit < picture.height {
                        if index[(band + bit) * picture.width + x] == colour { bits |= 1 << bit }
                    }
                    row[x] = 63 + bits
                }
                if !first { out.append(UInt8(ascii: "$")) }
                first = false
                out += Array("#\(colour)".utf8)
                var x = 0
                while x < row.count {
                    var run = 1
                    while x + run < row.count && row[x + run] == row[x] { run += 1 }
                    if run > 3 {
                        out += Array("!\(run)".utf8)
                        out.append(row[x])
                    } else {
                        out += repeatElement(row[x], count: run)
                    }
                    x += run
                }
            }
            out.append(UInt8(ascii: "-"))
        }
        out += Array("\u{1B}\\".utf8)
        return out
    }
}
