/// This MediaSearch's version, and how its requests introduce themselves.
public enum MediaSearchVersion {
    /// The version `mediasearch --version` prints.
    public static let number = "1.0.0"

    /// The `User-Agent` of every request to a source: the program, its version and where to read
    /// about it, as MusicBrainz asks of every client (and any API owner may want to know).
    public static let userAgent = "MediaSearch/\(number) ( https://github.com/mediasearch/mediasearch )"
}
