import Foundation
import MediaSearchKit

/// The results of the last search, so `show --result N` can open one without retyping its id, and
/// without a request for the item itself: the record the search received is in the offline
/// library, or, when the library is off (or could not be written), in the entry itself.
public struct LastSearch: Codable, Sendable, Hashable {
    /// One numbered result.
    public struct Entry: Codable, Sendable, Hashable {
        public var kind: String
        public var id: String
        public var title: String
        /// The record as the provider returned it (uncensored); `nil` when the offline library
        /// keeps it, and in files of older versions.
        public var item: MediaItem?
        /// Whether the search showed its names censored (explicit content off), so its detail
        /// shows them the same way; `nil` in files of older versions.
        public var censored: Bool?
    }

    /// A key for the query without its page, to tell whether a page repeats the one before.
    public var queryKey: String
    public var page: Int
    public var entries: [Entry]

    /// Creates a record of a search from its results in display order; `withRecords: false`
    /// leaves the records out (the offline library has them), which spares encoding them all.
    public init(queryKey: String, page: Int, results: [ResultEntry], withRecords: Bool = true) {
        self.queryKey = queryKey
        self.page = page
        self.entries = results.map {
            Entry(
                kind: $0.tile.kind, id: $0.tile.id, title: $0.tile.title, item: withRecords ? $0.item : nil,
                censored: $0.censored)
        }
    }

    /// The stored record of an item listed by the last search, when there is one.
    public func item(id: String, kind: String?) -> Entry? {
        entries.first { $0.id == id && (kind == nil || $0.kind == kind) && $0.item != nil }
    }

    /// Reads the last search, its items with `types`; `nil` when there is none or it cannot be read.
    public static func load(from path: String, types: PayloadTypes) -> LastSearch? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? types.decoder().decode(LastSearch.self, from: data)
    }

    /// Saves this search atomically; a file that already holds this very search (the same query
    /// run again, answered alike) is left as it is, which spares a repeated search a write and
    /// its flush to the disk (``AtomicFile/holds(_:at:)``: only this user's private regular
    /// file). Keys are sorted so that the same search is the same bytes.
    public func save(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(self)
        if AtomicFile.holds(data, at: path) { return }
        try AtomicFile.write(data, to: path)
    }
}
