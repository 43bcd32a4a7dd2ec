import MediaSearchKit

/// Every provider of a search failed before its request left this machine (no network, a
/// refused connection, a name that does not resolve): the source was never reached. Each face
/// turns it into a next step: search the offline library, or try the recorded demo.
public struct Unreachable: Sendable, Hashable {
    /// The host (and port, when not the scheme's default) that could not be reached, e.g.
    /// `itunes.apple.com`.
    public var host: String
    /// Records in the offline library (0 when it is empty or off).
    public var records: Int
    /// Whether the offline library is on, so `--offline` can answer.
    public var libraryEnabled: Bool

    public init(host: String, records: Int, libraryEnabled: Bool) {
        self.host = host
        self.records = records
        self.libraryEnabled = libraryEnabled
    }
}
