import Foundation
import MediaSearchKit

/// Records from a local JSON catalog: `[{"id", "title", "artist", "year", "format"}]`, at the
/// path `providers.record.path` names in `config.yaml`.
public struct CatalogProvider: MediaProvider, DetailRenderer {
    public let kind = "record"
    public let displayName = "Record shelf"

    /// Creates the provider.
    public init() {}

    /// The one setting: where the catalog is. It is read on every search, so edits show at once.
    public var settings: [SettingSpec] {
        [SettingSpec("path", .path, default: "catalog.json", help: "the JSON file of records")]
    }

    public var filters: [FilterSpec] {
        [
            .text("medium", help: "only records on this medium, e.g. vinyl") { [$0.extras["format"]] },
            FilterSpec(name: "decade", valueType: .integer(1900...2090), help: "only records from this decade") {
                item, value in item.releaseYear.map { $0 / 10 * 10 } == Int(value.text)
            },
        ]
    }

    struct Entry: Decodable {
        var id: String
        var title: String
        var artist: String?
        var year: Int?
        var format: String?
    }

    func load(_ context: ProviderContext) throws -> [MediaItem] {
        let path = NSString(string: context.settings["path"] ?? "catalog.json").expandingTildeInPath
        guard let data = FileManager.default.contents(atPath: path) else {
            // In the provider's own words; the engine reports it as this source being unavailable.
            throw MediaSearchError.unavailable("\(path): no such catalog file")
        }
        guard let entries = try? JSONDecoder().decode([Entry].self, from: data) else {
            throw MediaSearchError.malformedResponse("not a list of records", source: path)
        }
        return entries.map { entry in
            MediaItem(
                id: entry.id, title: entry.title, kind: kind, creator: entry.artist,
                releaseDate: entry.year.map { "\($0)-01-01" }, extras: ["format": entry.format ?? "unknown"])
        }
    }

    /// Every record whose title or artist contains the term: the engine applies the filters,
    /// skips the offset and cuts to the limit.
    public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        try load(context).filter { item in
            [item.title, item.creator].contains { $0.map { TextMatch.contains($0, query.term) } ?? false }
        }
    }

    public func lookup(id: String, context: ProviderContext) async throws -> MediaItem? {
        try load(context).first { $0.id == id }
    }

    public func tile(for item: MediaItem) -> Tile {
        Tile(item: item, kind: kind, facts: [.year("Year", item.releaseYear), .plain("Format", item.extras["format"])])
    }

    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        let shelf = DetailSection(
            "On the shelf", rows: [.plain("Format", item.extras["format"]), .year("Year", item.releaseYear)])
        return Detail(sections: [StandardSections.header(for: item, kindLabel: displayName), shelf])
    }
}
