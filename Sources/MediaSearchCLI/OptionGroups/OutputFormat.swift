import ArgumentParser
import MediaSearchCore

/// `--format` of `search` and `list`: a format of the one table (``ResultFormat``).
extension ResultFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(named: argument) }

    public static var allValueStrings: [String] { all.map(\.name) }

    /// The formats as `--help` lists them: `text (tiles, on a terminal), ..., or opml (...)`.
    static var helpList: String {
        // For people: the terminal's two first, then the documents and the files.
        let names = [text, lines, json, jsonl, csv, m3u, opml].map { $0 == .json ? $0.name : "\($0.name) (\($0.help))" }
        return names.dropLast().joined(separator: ", ") + ", or " + (names.last ?? "")
    }
}

/// Output format of `show`.
enum DetailFormat: String, ExpressibleByArgument, CaseIterable {
    /// The detail for people.
    case text
    /// One JSON document for programs.
    case json
    /// What the item can play (its tracks, sections or episodes), as an extended M3U playlist.
    case m3u
}
