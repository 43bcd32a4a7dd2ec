import Foundation

/// The sections every kind shares, from the item's shared fields only: the header (T1). Providers
/// compose their ``DetailRenderer`` from it and their own sections.
public enum StandardSections {
    /// Title, creator, kind, link, large artwork, release date, genre and clean description: the
    /// facts every item has, so this header suits any source.
    /// - Parameters:
    ///   - creatorLabel: what the creator is called, e.g. `Director`.
    ///   - dateLabel: what the date is, e.g. `Latest episode` for a podcast.
    public static func header(
        for item: MediaItem, kindLabel: String? = nil, creatorLabel: String = "By", dateLabel: String = "Released"
    ) -> DetailSection {
        let description = item.description.map(HTMLText.plain)
        return DetailSection(
            item.title.map(TextSanitizer.line) ?? "Untitled",
            rows: [
                ("Kind", kindLabel ?? item.kindLabel), (creatorLabel, item.creator),
                (dateLabel, ReleaseDate.day(item.releaseDate)),
                ("Genre", item.genre), ("Description", description),
            ],
            links: [("Store", item.url), ("Artwork", Formatting.artwork(item.artworkURL))])
    }

    /// Facts every item may have, for a tile: year, genre, duration and price.
    public static func summary(of item: MediaItem) -> [String?] {
        [
            item.releaseYear.map(String.init), item.genre, Formatting.duration(milliseconds: item.durationMilliseconds),
            Formatting.price(item.price, currency: item.currency),
        ]
    }

    /// The detail of a provider that knows only the shared fields (a described source, a
    /// program): the header, then a section of the rest, titled with the provider's name.
    public static func detail(of item: MediaItem, title: String) -> Detail {
        let facts = DetailSection(
            title,
            rows: [
                ("Duration", Formatting.duration(milliseconds: item.durationMilliseconds)),
                ("Price", Formatting.price(item.price, currency: item.currency)),
                ("Explicit", item.isExplicit.map { $0 ? "yes" : "no" }),
            ],
            links: [("Page", item.url), ("Preview", item.previewURL)])
        return Detail(sections: [header(for: item), facts])
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
