extension JSONSource {
    /// The sources MediaSearch ships described, as YAML text by file name, in the order their
    /// providers are listed: `Providers/Declarative/Shipped`, each a `providers:` block read as a
    /// user's config.yaml is (the executable reads them; a user's description of the same name
    /// replaces one).
    public static let shippedDescriptions: [(file: String, text: String)] = [
        ("radio-browser.yaml", PackageResources.radio_browser_yaml), ("tvmaze.yaml", PackageResources.tvmaze_yaml),
        ("librivox.yaml", PackageResources.librivox_yaml), ("musicbrainz.yaml", PackageResources.musicbrainz_yaml),
        ("open-library.yaml", PackageResources.open_library_yaml),
    ].map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }
}
