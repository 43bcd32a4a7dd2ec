import Foundation
import MediaSearchCLI
import MediaSearchFixtures
import TestSlots
import Testing

/// Artwork in the terminal (#73 items 3-4): pictures decoded and scaled by Debian's stb, and drawn
/// in each terminal's protocol, fitted to the box they are given.
@Suite("Artwork in the terminal", .slots)
struct ArtworkTests {
    /// The fixture server's artwork: a 120 px PNG with a light ring 30 px from its centre.
    static let png = FixtureServer.artwork(seed: "/artwork/song/1/600x600bb.jpg")

    /// Why the decoding tests are skipped in a build without Debian's stb headers (.ci/run
    /// installs them, so they run there).
    static let noDecoder: Comment = "this build has no picture decoder: install libstb-dev and build again"

    static func picture() throws -> Picture {
        try #require(Picture.canDecode, "this build has no stb headers (Debian's libstb-dev)")
        return try #require(Picture(decoding: png))
    }

    @Test(.enabled(if: Picture.canDecode, Self.noDecoder)) func aPNGIsDecodedToItsPixels() throws {
        let picture = try Self.picture()
        #expect(picture.width == 120 && picture.height == 120 && picture.pixels.count == 120 * 120 * 3)
        // On the ring (30 px right of the centre) every channel is 240; at the centre it is darker.
        let ring = (60 * 120 + 90) * 3
        #expect(Array(picture.pixels[ring..<ring + 3]) == [240, 240, 240])
        let centre = (60 * 120 + 60) * 3
        #expect(picture.pixels[centre..<centre + 3].allSatisfy { $0 < 240 })
    }

    @Test(.enabled(if: Picture.canDecode, Self.noDecoder)) func whatIsNoPictureIsRefused() throws {
        _ = try Self.picture()
        #expect(Picture(decoding: Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == nil)
        #expect(Picture(decoding: Data()) == nil)
        #expect(Picture(decoding: Self.png.prefix(60)) == nil)
        // A header that says 5,000 px a side is refused before anything is decoded.
        var huge = Self.png
        huge.replaceSubrange(16..<24, with: [0, 0, 0x13, 0x88, 0, 0, 0x13, 0x88])
        #expect(Picture(decoding: huge) == nil)
    }

    @Test(.enabled(if: Picture.canDecode, Self.noDecoder)) func aPictureIsScaledKeepingItsColours() throws {
        let picture = try Self.picture()
        let small = try #require(picture.scaled(width: 30, height: 14))
        #expect(small.width == 30 && small.height == 14 && small.pixels.count == 30 * 14 * 3)
        let mean = { (p: Picture) in p.pixels.reduce(0) { $0 + Int($1) } / p.pixels.count }
        #expect(abs(mean(small) - mean(picture)) < 8)
    }

    @Test(arguments: [
        // A square picture: a cell is twice as high as wide, so it takes half as many rows.
        (120, 120, 30, 8, 16, 8), (120, 120, 20, 40, 20, 10), (240, 120, 40, 40, 40, 10), (120, 240, 40, 10, 10, 10),
    ])
    func aPictureFitsItsBoxKeepingItsShape(
        width: Int, height: Int, columns: Int, rows: Int, fittedColumns: Int, fittedRows: Int
    ) {
        let painter = TerminalPicture(drawing: .blocks, trueColor: true)
        let fitted = painter.fit(width: width, height: height, columns: columns, rows: rows)
        #expect(fitted.columns == fittedColumns && fitted.rows == fittedRows)
    }

    @Test(.enabled(if: Picture.canDecode, Self.noDecoder)) func halfBlocksAreOneLineARowOfCells() throws {
        let picture = try Self.picture()
        for trueColor in [true, false] {
            let painter = TerminalPicture(drawing: .blocks, trueColor: trueColor)
            let text = String(
                decoding: painter.render(picture, original: Self.png, columns: 20, rows: 10), as: UTF8.self)
            let lines = text.split(separator: "\r\n")
            #expect(lines.count == 10)
            #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 20 && $0.hasSuffix("\u{1B}[0m") })
            #expect(text.contains("\u{1B}[38;2;") == trueColor && text.contains("\u{1B}[48;5;") == !trueColor)
        }
    }

    @Test(.enabled(if: Picture.canDecode, Self.noDecoder)) func kittyGetsThePixelsInChunksAndTheCells() throws {
        let picture = try Self.picture()
        let painter = TerminalPicture(drawing: .kitty, trueColor: true, cell: (10, 20))
        let text = String(decoding: painter.render(picture, original: Self.png, columns: 30, rows: 8), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}_Ga=T,f=24,s=120,v=120,c=16,r=8,C=1,q=2,m=1;"))
        // The chunks: each at most 4,096 bytes, all but the last marked m=1, and together the RGB.
        let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst(2).map { chunk in
            chunk.components(separatedBy: ";").last!.replacingOccurrences(of: "\u{1B}\\", with: "")
        }
        let payloads = chunks.map { $0.components(separatedBy: "\r\n").first! }
        #expect(payloads.count > 1 && payloads.allSatisfy { $0.count <= 4096 })
        #expect(Data(base64Encoded: payloads.joined())?.count == 120 * 120 * 3)
        #expect(text.components(separatedBy: "m=1;").count - 1 == chunks.count - 1)
        #expect(text.hasSuffix(String(repeating: "\r\n", count: 8)))
    }

    @Test(.enabled(if: Picture.canDecode, Self.noDecoder)) func sixelIsOneBandASixPixelRow() throws {
        let picture = try Self.picture()
        let painter = TerminalPicture(drawing: .sixel, trueColor: true, cell: (6, 12))
        let bytes = painter.render(picture, original: Self.png, columns: 10, rows: 5)
        let text = String(decoding: bytes, as: UTF8.self)
        // 10 x 5 cells of 6 x 12 pixels: 60 x 60, ten bands.
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;60;60#"))
        #expect(text.hasSuffix("\u{1B}\\\r\n"))
        #expect(text.filter { $0 == "-" }.count == 10)
        let body = text.dropFirst(2).dropLast(4)
        #expect(!body.contains("\u{1B}"), "nothing but sixels between the introducer and the end")
    }

    @Test(.enabled(if: Picture.canDecode, Self.noDecoder)) func iTermGetsTheSourcesOwnBytes() throws {
        let picture = try Self.picture()
        let painter = TerminalPicture(drawing: .iterm, trueColor: true)
        let text = String(decoding: painter.render(picture, original: Self.png, columns: 30, rows: 8), as: UTF8.self)
        #expect(
            text
                == "\u{1B}]1337;File=inline=1;size=\(Self.png.count);width=16;height=8;preserveAspectRatio=1:"
                + Self.png.base64EncodedString() + "\u{07}\r\n")
        #expect(
            TerminalPicture(drawing: .none, trueColor: true).render(picture, original: Self.png, columns: 9, rows: 9)
                == [])
    }

    @Test(arguments: [
        (["TERM": "xterm-kitty"], true, PictureProtocol.kitty),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], true, .kitty),
        (["TERM": "xterm-ghostty"], true, .kitty),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], true, .iterm),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], true, .iterm),
        (["TERM": "foot"], true, .sixel),
        (["TERM": "xterm-256color"], true, .blocks),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], true, .none),
        // Inside tmux, whatever the outer terminal: half-blocks, never a protocol tmux would garble.
        (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"], true, .blocks),
        (["TERM": "screen-256color"], true, .blocks),
        (["TERM": "dumb"], true, .none),
        ([:], true, .none),
        // A pipe or a file: nothing, unless it is fzf's preview window.
        (["TERM": "xterm-kitty"], false, .none),
        (["TERM": "xterm-kitty", "FZF_PREVIEW_COLUMNS": "40"], false, .kitty),
        (["TERM": "xterm-256color", "FZF_PREVIEW_COLUMNS": "40"], false, .blocks),
        // The user's choice wins on a terminal, not on a pipe; a word it does not know is no choice.
        (["TERM": "xterm", "MEDIASEARCH_ARTWORK": "sixel"], true, .sixel),
        (["TERM": "tmux-256color", "TMUX": "x", "MEDIASEARCH_ARTWORK": "kitty"], true, .kitty),
        (["TERM": "xterm", "MEDIASEARCH_ARTWORK": "sixel"], false, .none),
        (["TERM": "xterm-256color", "MEDIASEARCH_ARTWORK": "pictures"], true, .blocks),
    ])
    func theProtocolIsTheTerminals(environment: [String: String], isTerminal: Bool, expected: PictureProtocol) {
        #expect(PictureProtocol.detect(environment: environment, isTerminal: isTerminal) == expected)
    }
}
