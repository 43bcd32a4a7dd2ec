import ArgumentParser

/// Output format of `search`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// Tiles for people.
    case text
    /// One document for programs.
    case json
    /// One tab-separated line per result (the default when stdout is not a terminal).
    case lines
    /// One JSON object per result and line.
    case jsonl
}
