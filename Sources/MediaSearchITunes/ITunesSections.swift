import Foundation
import MediaSearchKit

/// The sections the iTunes kinds share: the author block (T2) and other works (T4), from one
/// lookup, after the ``StandardSections/header(for:kindLabel:creatorLabel:dateLabel:)``.
public enum ITunesSections {
    /// The store's country (`USA`) as a typed fact, named on every face in its reader's
    /// language (United States, Соединенные Штаты Америки).
    public static func country(_ item: MediaItem) -> Fact? {
        .country("Country", item.itunes.country)
    }

    /// The author block (T2) and up to `limit` other works (T4) from one lookup of the item's
    /// `artistId` with `entity`: the API answers the artist record first, then the works, so one
    /// request fills both sections. Both are `nil` when the item has no `artistId`.
    /// - Parameters:
    ///   - entity: the lookup entity of the works, e.g. `album`.
    ///   - worksTitle: the works section's title, e.g. `Other albums by {name}` (the artist's
    ///     name fills it); by default `Other works by {name}`.
    public static func authorAndWorks(
        of item: MediaItem, entity: String, limit: Int = 5, worksTitle: String = "Other works by {name}",
        context: ProviderContext,
        tile: @Sendable (MediaItem) -> Tile
    ) async throws -> (author: DetailSection?, works: DetailSection?) {
        guard let artistId = item.itunes.artistId else { return (nil, nil) }
        // Two more than shown: the artist record and the item itself may both come back.
        let records = try await context.itunes.lookup(
            ITunesLookupParameters(ids: [artistId], entity: entity, limit: limit + 2, country: context.country))
        let artist = records.first { $0.itunes.wrapperType == .artist || $0.itunes.kind == .artist }
        let author = artist.map { artist in
            DetailSection(
                "Author",
                rows: [
                    .plain("Type", artist.itunes.artistType), .plain("Name", artist.itunes.artistName),
                    .plain("Genre", artist.itunes.primaryGenreName),
                ],
                links: [("Author page", artist.itunes.artistLinkUrl ?? artist.itunes.artistViewUrl)])
        }
        let works = records.filter {
            $0.itunes.wrapperType != .artist && $0.itunes.kind != .artist && $0.id != item.id
        }
        .prefix(limit)
        let shown = Array(works)
        return (author, DetailSection(Self.works(worksTitle, by: item.creator), items: shown.map(tile)))
    }

    /// A works section's title with the creator's name, or without it when there is none
    /// (`Other albums by {name}` → `Other albums`).
    public static func works(_ template: String, by creator: String?) -> Phrase {
        guard let creator = creator.map(TextSanitizer.line), !creator.isEmpty else {
            return Phrase(template.replacingOccurrences(of: " by {name}", with: ""))
        }
        return Phrase(template, ["name": creator])
    }

    /// The usual detail view: the header, the kind's own sections, then the author block and other
    /// works by the author, both from one lookup; a failed lookup becomes a notice.
    /// - Parameters:
    ///   - authorTitle: what the author is called in notices, e.g. `director`.
    ///   - entity: the lookup entity of the author's other works, e.g. `album`.
    ///   - worksTitle: the works section's title; see ``authorAndWorks(of:entity:limit:worksTitle:context:tile:)``.
    public static func detail(
        for item: MediaItem, own: [DetailSection], authorTitle: String = "author", creatorLabel: String = "By",
        otherWorks entity: String, worksTitle: String = "Other works by {name}", context: ProviderContext,
        tile: @escaping @Sendable (MediaItem) -> Tile
    ) async -> Detail {
        let (sections, notice) = await authorBlock(
            for: item, authorTitle: authorTitle, otherWorks: entity, worksTitle: worksTitle, context: context,
            tile: tile)
        return Detail(
            sections: [StandardSections.header(for: item, creatorLabel: creatorLabel)] + own + sections,
            notices: [notice].compactMap { $0 })
    }

    /// The author block and other works as sections, or a notice when their lookup failed.
    public static func authorBlock(
        for item: MediaItem, authorTitle: String = "author", otherWorks entity: String,
        worksTitle: String = "Other works by {name}",
        context: ProviderContext, tile: @escaping @Sendable (MediaItem) -> Tile
    ) async -> ([DetailSection], String?) {
        do {
            let (author, works) = try await authorAndWorks(
                of: item, entity: entity, worksTitle: worksTitle, context: context, tile: tile)
            return ([author, works].compactMap { $0 }, nil)
        } catch {
            return ([], "\(authorTitle) and other works: \(MediaSearchError.wrap(error).description)")
        }
    }

}
