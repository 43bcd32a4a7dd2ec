import ArgumentParser

/// Output format of a command.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// Tiles and sections for people.
    case text
    /// One document for programs.
    case json
    /// One tab-separated line per result (search; the default when stdout is not a terminal).
    case lines
    /// One JSON object per result and line (search).
    case jsonl

    /// For commands that print one document: `lines` reads as text, `jsonl` as JSON.
    var document: OutputFormat { self == .jsonl ? .json : self == .lines ? .text : self }
}
