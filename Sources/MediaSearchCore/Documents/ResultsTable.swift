import MediaSearchKit

/// Results as a CSV table (RFC 4180) for spreadsheets and scripts: `search --format csv`.
///
/// A header row, then one row per result in display order, each line ended by CRLF as the RFC
/// says. The first seven columns are those of the piped lines (id, kind, title, creator, year,
/// price, url), with the price as a plain number beside its currency so that a spreadsheet can
/// add prices up; more facts follow. A missing fact is an empty cell.
///
/// Every text is sanitized (no control characters, so no line break inside a cell, and no space
/// at either end), a cell holding a comma or a quote is quoted (quotes doubled), and a cell that
/// a spreadsheet would read as a formula (starting with `=`, `+`, `-` or `@`) starts with an
/// apostrophe, inside quotes, so that it is shown as text and never run (CSV injection).
public struct ResultsTable: Sendable {
    /// The columns, in order.
    public static let columns = [
        "id", "kind", "title", "creator", "year", "price", "url", "currency", "collection", "genre",
        "duration_seconds", "release_date", "explicit", "preview_url", "artwork_url", "source",
    ]

    /// The cells of each result, in the order of ``columns``.
    public var rows: [[String]]

    /// The table of some results, names as their tiles show them (censored when those are).
    public init(_ entries: [ResultEntry]) {
        rows = entries.map { entry in
            let item = entry.shown
            return [
                entry.tile.id, entry.tile.kind, entry.tile.title, entry.tile.subtitle ?? "",
                item.releaseYear.map(String.init) ?? "", item.price.map(Self.number) ?? "", entry.tile.url ?? "",
                item.price == nil ? "" : item.currency ?? "", item.collection ?? "", item.genre ?? "",
                item.durationMilliseconds.map { String(max($0, 0) / 1000) } ?? "",
                item.releaseDateValue.map(UTCDate.string(from:)) ?? "",
                item.isExplicit.map { $0 ? "true" : "false" } ?? "",
                item.previewURL.flatMap(SafeURL.http) ?? "", item.artworkURL.flatMap(SafeURL.http) ?? "",
                entry.sourceName,
            ]
        }
    }

    /// The whole table, header first.
    public var text: String {
        ([Self.columns] + rows).map { row in row.map(Self.cell).joined(separator: ",") + "\r\n" }.joined()
    }

    /// A price as a spreadsheet reads it, to the cent: `1.29`, `0.00`, `15.50`; empty for an
    /// amount no price can be.
    package static func number(_ value: Double) -> String {
        guard let value = SourceNumber.amount(value), value >= 0 else { return "" }
        let cents = Int((value * 100).rounded())
        let fraction = cents % 100
        return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// One cell: sanitized, quoted when it must be, and never a formula.
    package static func cell(_ raw: String) -> String {
        var text = TextSanitizer.line(raw)
        var quote = false
        // The first scalar, not the first character: `=` with a combining mark is still `=` to a
        // spreadsheet reading bytes.
        if let first = text.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) {
            text = "'" + text
            quote = true
        }
        if text.contains(where: { $0 == "," || $0 == "\"" }) { quote = true }
        guard quote else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
