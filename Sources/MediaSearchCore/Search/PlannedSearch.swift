import MediaSearchKit

/// One provider and the query it will run.
public struct PlannedSearch: Sendable {
    public var provider: any MediaProvider
    public var query: SearchQuery

    package init(provider: any MediaProvider, query: SearchQuery) {
        self.provider = provider
        self.query = query
    }
}
