import Foundation

/// The tiles of the last search, so `show --result N` can open one without retyping its id.
public struct LastSearch: Codable, Sendable, Hashable {
    /// One numbered result.
    public struct Entry: Codable, Sendable, Hashable {
        public var kind: String
        public var id: String
        public var title: String
    }

    /// A key for the query without its page, to tell whether a page repeats the one before.
    public var queryKey: String
    public var page: Int
    public var entries: [Entry]

    /// Creates a record of a search.
    public init(queryKey: String, page: Int, tiles: [Tile]) {
        self.queryKey = queryKey
        self.page = page
        self.entries = tiles.map { Entry(kind: $0.kind, id: $0.id, title: $0.title) }
    }

    /// Reads the last search; `nil` when there is none or it cannot be read.
    public static func load(from path: String) -> LastSearch? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(LastSearch.self, from: data)
    }

    /// Saves this search atomically.
    public func save(to path: String) throws {
        try AtomicFile.write(try JSONEncoder().encode(self), to: path)
    }
}
