import MediaSearchKit

/// How one provider's search went.
public struct ProviderStatus: Sendable {
    public var kind: String
    /// The results shown as this provider's own.
    public var count: Int
    /// `nil` when the provider succeeded.
    public var error: MediaSearchError?
    /// Wall time in seconds.
    public var elapsed: Double
    /// Its results that were the same work as another source's, and were merged into that one.
    public var merged: Int = 0
    /// Whether every answer the provider read came from the response cache: its records were
    /// kept in the offline library when they first arrived.
    public var fromCache = false

    /// How many results the provider answered, merged ones included: a full page has more after it.
    public var received: Int { count + merged }
}
