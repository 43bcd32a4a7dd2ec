/// Where each source lives on a fixture server, as the variables that move it
/// (`$MEDIASEARCH_<SOURCE>_URL`): the one map of sources to paths, for the tests' harnesses and
/// the demo's banner.
public enum SourceVariables {
    /// Each source's variable and its path under the server's address, in the order the banner
    /// prints them.
    public static let paths: [(variable: String, path: String)] = [
        ("MEDIASEARCH_ITUNES_URL", ""), ("MEDIASEARCH_DEEZER_URL", "/deezer"), ("MEDIASEARCH_RADIO_URL", ""),
        ("MEDIASEARCH_TV_URL", "/tvmaze"), ("MEDIASEARCH_OPENLIBRARY_URL", "/openlibrary"),
        ("MEDIASEARCH_LIBRIVOX_URL", "/librivox"), ("MEDIASEARCH_MUSICBRAINZ_URL", "/musicbrainz"),
    ]

    /// Each source's name (`providers.<source>`) and its path under the server's address: the
    /// variable's middle word (`MEDIASEARCH_TV_URL`: `tv`).
    public static var sources: [(source: String, path: String)] {
        paths.map { (String($0.variable.dropFirst("MEDIASEARCH_".count).dropLast("_URL".count)).lowercased(), $0.path) }
    }

    /// The variables that point every source at the server at `base`.
    public static func variables(base: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: paths.map { ($0.variable, base + $0.path) })
    }

    /// Every kind the demo server has recordings for: the offline demo searches them all.
    public static let demoKinds = [
        "song", "movie", "audiobook", "podcast", "podcast-episode", "music-video", "album", "deezer", "radio", "tv",
        "librivox", "musicbrainz", "musicbrainz-album", "openlibrary",
    ]

    /// A config file that points every source at the server at `base` and enables every kind it
    /// has recordings for: the offline demo from any shell, with nothing to export (`--demo FILE`)
    /// (`mediasearch search jack --config demo.yaml`). The source is the variable's middle word
    /// (`MEDIASEARCH_TV_URL`: `tv`), whose `providers.<source>.base_url` the variable overrides.
    public static func configuration(base: String) -> String {
        let sources = sources.map { entry in "  \(entry.source):\n    base_url: \"\(base)\(entry.path)\"\n" }
        return """
            # The offline demo: every source at the recorded answers of `mediasearch-fixtures` on
            # \(base). Any shell can use it: mediasearch search jack johnson --config <this file>
            kinds: [\(demoKinds.joined(separator: ", "))]
            notice: "\(demoNotice)"
            providers:
            \(sources.joined())
            """
    }

    /// What every face says with the demo's answers (`notice:`), so recorded results are never
    /// taken for a live source's.
    /// With `mediasearch: ` before it, it fits an 80-column line.
    public static let demoNotice = "Demo data: recorded answers, not live sources"

    /// One shell line that exports them.
    public static func exportLine(base: String) -> String {
        "export " + paths.map { "\($0.variable)=\(base)\($0.path)" }.joined(separator: " ")
    }
}
