import MediaSearchKit

/// How one provider's search went.
public struct ProviderStatus: Sendable {
    public var kind: String
    public var count: Int
    /// `nil` when the provider succeeded.
    public var error: MediaSearchError?
    /// Wall time in seconds.
    public var elapsed: Double
}
