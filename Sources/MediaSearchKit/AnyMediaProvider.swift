/// A provider made of closures: for tests, quick one-off sources and adapters.
///
/// ```swift
/// let echo = AnyMediaProvider(kind: "echo") { query, _ in
///     [MediaItem(id: "1", title: query.term)]
/// }
/// ```
public struct AnyMediaProvider: MediaProvider, DetailRenderer {
    public let kind: String
    public let displayName: String
    public let filters: [FilterSpec]
    private let searchBody: @Sendable (SearchQuery, ProviderContext) async throws -> [MediaItem]
    private let tileBody: (@Sendable (MediaItem) -> Tile)?
    private let detailBody: (@Sendable (MediaItem, ProviderContext) async -> Detail)?
    private let lookupBody: (@Sendable (String, ProviderContext) async throws -> MediaItem?)?

    /// Creates a provider; only `kind` and `search` are needed.
    /// - Parameters:
    ///   - tile: the tile of an item; default: title, artist, no facts.
    ///   - detail: the detail view; default: the standard header.
    ///   - lookup: the item with an id, for `show`; default: none (only results of a search can be shown).
    public init(
        kind: String, displayName: String? = nil, filters: [FilterSpec] = [],
        tile: (@Sendable (MediaItem) -> Tile)? = nil,
        detail: (@Sendable (MediaItem, ProviderContext) async -> Detail)? = nil,
        lookup: (@Sendable (String, ProviderContext) async throws -> MediaItem?)? = nil,
        search: @escaping @Sendable (SearchQuery, ProviderContext) async throws -> [MediaItem]
    ) {
        self.kind = kind
        self.displayName = displayName ?? kind.prefix(1).uppercased() + kind.dropFirst()
        self.filters = filters
        self.searchBody = search
        self.tileBody = tile
        self.detailBody = detail
        self.lookupBody = lookup
    }

    public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        try await searchBody(query, context)
    }

    public func tile(for item: MediaItem) -> Tile {
        tileBody?(item) ?? Tile(item: item, kind: kind, facts: [])
    }

    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        if let detailBody { return await detailBody(item, context) }
        return Detail(sections: [StandardSections.header(for: item, kindLabel: displayName)])
    }

    public func lookup(id: String, context: ProviderContext) async throws -> MediaItem? {
        try await lookupBody?(id, context)
    }
}
