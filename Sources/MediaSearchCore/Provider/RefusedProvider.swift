import MediaSearchKit

/// A provider refused for breaking the rules (a program's filter named like an option of
/// `search`, a filter declared twice): it stays listed under its kind, and says why when it is
/// searched.
public struct RefusedProvider: MediaProvider {
    public let kind: String
    public let failure: MediaSearchError

    public init(kind: String, failure: MediaSearchError) {
        self.kind = kind
        self.failure = failure
    }

    public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        throw failure
    }
}
