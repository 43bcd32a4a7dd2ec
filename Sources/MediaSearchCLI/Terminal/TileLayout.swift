import MediaSearchCore
import MediaSearchKit

/// Lays tiles out in columns that fit the terminal (S12, Q2).
public struct TileLayout: Sendable {
    /// The total width in columns.
    public var width: Int
    public var style: TextStyle
    /// Whether each tile shows its artwork URL.
    public var showArtwork: Bool
    /// A fixed column count, overriding the one derived from the width.
    public var forcedColumns: Int?
    /// The fact the results are sorted by, of a tile (its price, its year), shown first so that
    /// no width drops it; `nil` when the order is no fact's.
    public var sortKey: (@Sendable (Tile) -> String?)? = nil
    /// The kind of media of each provider's tiles (`deezer-song`: `song`), which the badge names:
    /// one name for each kind of media, whatever the source (#60). A kind not listed is its own.
    public var media: [String: String] = [:]

    /// The narrowest a column may get before the layout drops to fewer columns.
    public static let minimumColumnWidth = 38
    static let gap = 3

    /// Creates a layout; widths under 20 are treated as 20.
    public init(
        width: Int, style: TextStyle = .plain, showArtwork: Bool = false, media: [String: String] = [:]
    ) {
        self.width = max(width, 20)
        self.style = style
        self.showArtwork = showArtwork
        self.media = media
    }

    /// How many columns fit: one on narrow terminals, two from 79 columns, up to four when wide.
    public var columns: Int {
        if let forcedColumns { return forcedColumns }
        return min(4, max(1, (width + Self.gap) / (Self.minimumColumnWidth + Self.gap)))
    }

    /// Renders numbered tiles, `firstNumber` for the first, in rows of ``columns``.
    public func render(_ tiles: [Tile], firstNumber: Int = 1) -> String {
        let columnCount = columns
        let columnWidth = (width - Self.gap * (columnCount - 1)) / columnCount
        var out = ""
        out.reserveCapacity(tiles.count * columnWidth * 4)
        var start = 0
        while start < tiles.count {
            let row = tiles[start..<min(start + columnCount, tiles.count)]
            let cells = row.enumerated().map { offset, tile in
                lines(for: tile, number: firstNumber + start + offset, width: columnWidth)
            }
            let height = cells.map(\.count).max() ?? 0
            for lineIndex in 0..<height {
                var line = ""
                for (cellIndex, cell) in cells.enumerated() {
                    let isLast = cellIndex == cells.count - 1
                    let piece = lineIndex < cell.count ? cell[lineIndex] : Cell(text: "", styled: "")
                    if isLast {
                        line += piece.styled
                    } else {
                        let padding = max(0, columnWidth - DisplayWidth.of(piece.text))
                        line += piece.styled + String(repeating: " ", count: padding + Self.gap)
                    }
                }
                out += line + "\n"
            }
            start += columnCount
            if start < tiles.count { out += "\n" }
        }
        return out
    }

    /// One line of a tile: its plain text (for measuring) and its styled form.
    struct Cell {
        var text: String
        var styled: String
    }

    /// The whole facts that fit, in order, joined by ` · `; a fact too long to fit is skipped so
    /// shorter ones after it still show. Only a first fact that alone is too long is cut.
    static func facts(_ facts: [String], width: Int) -> String {
        var out = DisplayWidth.truncate(facts[0], to: width)
        var used = DisplayWidth.of(out)
        for fact in facts.dropFirst() {
            let w = DisplayWidth.of(fact) + 3
            guard used + w <= width else { continue }
            out += " · " + fact
            used += w
        }
        return out
    }

    func lines(for tile: Tile, number: Int, width: Int) -> [Cell] {
        let kind = media[tile.kind] ?? tile.kind
        let badge = "[\(TextStyle.badgeWord(kind))]"
        let head = "\(number). "
        let indent = String(repeating: " ", count: head.count)
        let titleWidth = width - head.count - badge.count - 1
        let title = DisplayWidth.truncate(TextSanitizer.line(tile.title), to: max(titleWidth, 1))
        var cells = [
            Cell(
                text: head + badge + " " + title,
                styled: style.dim(head) + style.badge(kind) + " " + style.link(style.bold(title), tile.url))
        ]
        let body = width - indent.count
        if let subtitle = tile.subtitle {
            let text = DisplayWidth.truncate(TextSanitizer.line(subtitle), to: body)
            cells.append(Cell(text: indent + text, styled: indent + text))
        }
        // The other sources of a merged work first, so that a narrow tile that shows few facts
        // still shows them.
        let also = (tile.item?.otherSources ?? []).map(\.source)
        let written = tile.summary  // the facts in words, written once here
        if !written.isEmpty || !also.isEmpty {
            var summary = (also.isEmpty ? [] : ["also on " + also.joined(separator: ", ")]) + written
            if let key = sortKey?(tile), let index = summary.firstIndex(of: key) {
                summary.insert(summary.remove(at: index), at: 0)
            }
            let facts = Self.facts(summary.map(TextSanitizer.line), width: body)
            cells.append(Cell(text: indent + facts, styled: indent + style.dim(facts)))
        }
        if showArtwork, let artwork = tile.artworkUrl {
            // A cut link is useless, so artwork links print whole (the caller uses one column).
            cells.append(Cell(text: indent + artwork, styled: indent + style.dim(artwork)))
        }
        return cells
    }
}

extension TileLayout {
    /// The same layout with one column, so long lines such as artwork links print whole.
    public var singleColumn: TileLayout {
        var copy = self
        copy.forcedColumns = 1
        return copy
    }
}
