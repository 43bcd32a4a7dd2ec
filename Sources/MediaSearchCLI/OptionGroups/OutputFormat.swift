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
    /// A table for spreadsheets (RFC 4180, a header row): ``ResultsTable``.
    case csv
    /// What the results can play, as an extended M3U playlist: ``Playlist``.
    case m3u
    /// The podcasts' feeds, as OPML for a podcast app: ``Subscriptions``.
    case opml
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
