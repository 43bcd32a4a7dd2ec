import Foundation
import MediaSearchKit

/// One way of writing results, listed once (#72 item 8): its name, its media type and file
/// extension, whether and when it is written as the sources answer, and how it writes some
/// results. The command line's `--format` (for `search` and `list`), the stream and the web's
/// downloads (`format=`) all read this table; a new format is one entry here.
public struct ResultFormat: Sendable, Hashable, CustomStringConvertible {
    /// Its name, as `--format` and `format=` take it.
    public let name: String
    /// What it is, as `--help` says it.
    public let help: String
    /// The media type of its file, for the web's downloads.
    public let mediaType: String
    /// How long after the first source's answer results wait to be written with the others:
    /// `.zero` for a line per result (written as each source answers), longer for tiles (a page
    /// whose sources answer close together is shown whole); `nil` for a document, written once
    /// the page is whole.
    public let patience: Duration?
    /// Some results as the format writes them, titled (a playlist's, a feed list's title);
    /// `nil` for the formats a face writes itself (the tiles, the JSON document of a search or a
    /// list).
    public let write: (@Sendable (_ results: [ResultEntry], _ title: String) -> String)?
    /// What to say when none of some results has what the format writes (a playlist with
    /// nothing to play), `nil` when they do or it writes every result.
    let nothing: @Sendable (_ results: [ResultEntry], _ written: String) -> String?

    /// Its file extension: its name.
    public var fileExtension: String { name }
    public var description: String { name }

    public static func == (lhs: ResultFormat, rhs: ResultFormat) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// What to say when none of `results` has what the format writes.
    public func nothingToWrite(in results: [ResultEntry], written: String) -> String? {
        results.isEmpty ? nil : nothing(results, written)
    }

    /// The format of a name, `nil` for none.
    public init?(named name: String) {
        guard let format = Self.all.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = format
    }

    private init(
        _ name: String, _ help: String, type: String, patience: Duration? = nil,
        write: (@Sendable ([ResultEntry], String) -> String)? = nil,
        nothing: @escaping @Sendable ([ResultEntry], String) -> String? = { _, _ in nil }
    ) {
        self.name = name
        self.help = help
        mediaType = type
        self.patience = patience
        self.write = write
        self.nothing = nothing
    }

    /// Tiles for people, on a terminal.
    public static let text = ResultFormat(
        "text", "tiles, on a terminal", type: "text/plain; charset=utf-8", patience: .milliseconds(500))
    /// One document for programs (`SearchDocument`, `ListDocument`).
    public static let json = ResultFormat("json", "one document", type: "application/json")
    /// One tab-separated line per result: id, kind, title, creator, year, price, url. Fields
    /// never hold tabs or line breaks; a missing one is empty.
    public static let lines = ResultFormat(
        "lines", "tab-separated, the default when piped", type: "text/tab-separated-values; charset=utf-8",
        patience: .zero
    ) { results, _ in
        results.map { entry in
            let item = entry.shown
            return [
                entry.tile.id, entry.tile.kind, entry.tile.title, entry.tile.subtitle ?? "",
                item.releaseYear.map(String.init) ?? "",
                Fact.money("Price", item.price, currency: item.currency)?.text() ?? "",
                entry.tile.url ?? "",
            ].map(TextSanitizer.line).joined(separator: "\t") + "\n"
        }.joined()
    }
    /// One compact JSON object per result and line, the search document's results.
    public static let jsonl = ResultFormat(
        "jsonl", "one object per line", type: "application/x-ndjson; charset=utf-8", patience: .zero
    ) { results, _ in
        results.map { ResultRecord($0).json.text(pretty: false) + "\n" }.joined()
    }
    /// A table for spreadsheets (RFC 4180, a header row): ``ResultsTable``.
    public static let csv = ResultFormat(
        "csv", "a table with a header row", type: "text/csv; charset=utf-8; header=present"
    ) { results, _ in ResultsTable(results).text }
    /// What the results can play, as an extended M3U playlist: ``Playlist``.
    public static let m3u = ResultFormat(
        "m3u", "a playlist of what the results can play", type: "audio/x-mpegurl; charset=utf-8",
        write: { results, _ in Playlist(results).m3u },
        nothing: { results, _ in
            Playlist(results).entries.isEmpty ? "none of the \(results.count) results has anything to play" : nil
        })
    /// The podcasts' feeds, as OPML for a podcast app: ``Subscriptions``.
    public static let opml = ResultFormat(
        "opml", "the podcasts' feeds", type: "text/x-opml; charset=utf-8",
        write: { results, title in Subscriptions(results, title: "MediaSearch: " + title).opml },
        nothing: { results, _ in
            Subscriptions(results, title: "").feeds.isEmpty
                ? "none of the \(results.count) results has a feed (podcasts do: --kind podcast)" : nil
        })

    /// Every format, in the order a wrong `--format` lists them.
    public static let all: [ResultFormat] = [text, json, lines, jsonl, csv, m3u, opml]

    /// The formats a file of results can be had in (the web's downloads, `format=`).
    public static let files = all.filter { $0.write != nil && $0 != .lines }
}
