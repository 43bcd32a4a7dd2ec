/// One result: the item, its tile, and where it ranked in its provider's answer.
public struct ResultEntry: Sendable, Hashable {
    public var kind: String
    /// Position in the provider's answer, 0 first (the API's relevance order).
    public var rank: Int
    public var item: MediaItem
    public var tile: Tile
}
