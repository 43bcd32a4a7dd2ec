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

    /// The variables that point every source at the server at `base`.
    public static func variables(base: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: paths.map { ($0.variable, base + $0.path) })
    }

    /// One shell line that exports them.
    public static func exportLine(base: String) -> String {
        "export " + paths.map { "\($0.variable)=\(base)\($0.path)" }.joined(separator: " ")
    }
}
