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

/// Output format of a command that prints one document.
enum DocumentFormat: String, ExpressibleByArgument, CaseIterable {
    /// Text for people.
    case text
    /// One JSON document for programs.
    case json
}
