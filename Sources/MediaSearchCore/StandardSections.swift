import Foundation

/// The sections every kind shares: the header (T1), the author block (T2) and other works (T4).
/// Providers compose their ``DetailRenderer`` from these and their own sections.
public enum StandardSections {
    /// Title, author, kind, store link, large artwork, release date, genre and clean description.
    public static func header(for item: MediaItem, kindLabel: String? = nil) -> DetailSection {
        let description = [item.description, item.longDescription, item.shortDescription].lazy.compactMap { $0 }
            .first.map(HTMLText.plain)
        return DetailSection(
            item.title.map(TextSanitizer.line) ?? "Untitled",
            rows: [
                ("Kind", kindLabel ?? item.kindLabel), ("By", item.artistName),
                ("Released", ReleaseDate.day(item.releaseDate)),
                ("Genre", item.primaryGenreName), ("Description", description),
            ],
            links: [("Store", item.storeURL), ("Artwork", Formatting.artwork(item.artworkURL))])
    }

    /// The author from a lookup of `artistId`: type, name, genre and link; `nil` when the item has
    /// no `artistId` or the lookup found no artist.
    public static func author(for item: MediaItem, context: ProviderContext) async throws -> DetailSection? {
        guard let artistId = item.artistId else { return nil }
        let records = try await context.itunes.lookup(ITunesLookupParameters(ids: [artistId], country: context.country))
        guard let artist = records.first(where: { $0.wrapperType == .artist || $0.kind == .artist }) ?? records.first
        else { return nil }
        return DetailSection(
            "Author",
            rows: [
                ("Type", artist.artistType), ("Name", artist.artistName), ("Genre", artist.primaryGenreName),
            ],
            links: [("Author page", artist.artistLinkUrl ?? artist.artistViewUrl)])
    }

    /// Up to `limit` other works of the item's author, from a lookup with `entity`, without the item.
    public static func otherWorks(
        of item: MediaItem, entity: String, limit: Int = 5, context: ProviderContext,
        tile: @Sendable (MediaItem) -> Tile
    ) async throws -> DetailSection? {
        guard let artistId = item.artistId else { return nil }
        let records = try await context.itunes.lookup(
            ITunesLookupParameters(ids: [artistId], entity: entity, limit: limit + 2, country: context.country))
        let works = records.filter { $0.wrapperType != .artist && $0.id != item.id }.prefix(limit)
        let shown = context.censorNames ? works.map { $0.censored() } : Array(works)
        return DetailSection("Other works by \(item.artistName ?? "the author")", items: shown.map(tile))
    }

    /// The usual detail view: the header, the kind's own sections, then the author block and other
    /// works by the author, whose two lookups run concurrently; a failed lookup becomes a notice.
    /// - Parameters:
    ///   - authorTitle: what the author is called in notices, e.g. `director`.
    ///   - entity: the lookup entity of the author's other works, e.g. `album`.
    public static func detail(
        for item: MediaItem, own: [DetailSection], authorTitle: String = "author", otherWorks entity: String,
        context: ProviderContext, tile: @escaping @Sendable (MediaItem) -> Tile
    ) async -> Detail {
        async let author = attempt(authorTitle) { try await StandardSections.author(for: item, context: context) }
        async let works = attempt("other works") {
            try await otherWorks(of: item, entity: entity, context: context, tile: tile)
        }
        let (authorSection, authorNotice) = await author
        let (worksSection, worksNotice) = await works
        return Detail(
            sections: [header(for: item)] + own + [authorSection, worksSection].compactMap { $0 },
            notices: [authorNotice, worksNotice].compactMap { $0 })
    }

    /// Runs one lookup section, turning a failure into a notice instead of losing the whole detail.
    public static func attempt(
        _ name: String, _ work: () async throws -> DetailSection?
    ) async -> (DetailSection?, String?) {
        do {
            return (try await work(), nil)
        } catch {
            return (nil, "\(name): \(MediaSearchError.wrap(error).description)")
        }
    }
}

/// A detail view for kinds no provider claims: the header only.
public struct GenericDetailRenderer: DetailRenderer {
    /// Creates the renderer.
    public init() {}

    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        Detail(sections: [StandardSections.header(for: item)])
    }
}
