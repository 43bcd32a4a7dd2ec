import Foundation

/// The sections every kind shares, from the item's shared fields only: the header (T1). Providers
/// compose their ``DetailRenderer`` from it and their own sections.
public enum StandardSections {
    /// Title, creator, kind, link, large artwork, release date, genre and clean description: the
    /// facts every item has, so this header suits any source.
    /// - Parameters:
    ///   - creatorLabel: what the creator is called, e.g. `Director`.
    ///   - dateLabel: what the date is, e.g. `Latest episode` for a podcast.
    ///   - labels: a source's own words for its fields (`creator: Country`, `url: Homepage`),
    ///     which take the place of the generic ones.
    public static func header(
        for item: MediaItem, kindLabel: String? = nil, creatorLabel: String = "By", dateLabel: String = "Released",
        labels: [String: String] = [:]
    ) -> DetailSection {
        let description = item.description.map(HTMLText.plain)
        let genreLabel = labels["genre"] ?? "Genre"
        var section = DetailSection(
            item.title.map(TextSanitizer.line) ?? "Untitled",
            rows: [
                ("Kind", kindLabel ?? item.kindLabel), (labels["creator"] ?? creatorLabel, item.creator),
                (labels["released"] ?? dateLabel, ReleaseDate.shown(item.releaseDate)),
                (genreLabel, item.genre), (labels["description"] ?? "Description", description),
            ],
            links: [(labels["url"] ?? "Store", item.url), ("Artwork", Formatting.artwork(item.artworkURL))])
        // Genres and tags often come as one text with commas: a list.
        if let genre = item.genre, let index = section.rows.firstIndex(where: { $0.label == genreLabel }) {
            section.rows[index] = DetailSection.Row(genreLabel, list: genre)
        }
        return section
    }

    /// Facts every item may have, for a tile: year, genre, duration and price.
    public static func summary(of item: MediaItem) -> [String?] {
        [
            item.releaseYear.map(String.init), item.genre.map { ListText.short($0) },
            Formatting.duration(milliseconds: item.durationMilliseconds),
            Formatting.price(item.price, currency: item.currency),
        ]
    }

    /// The detail of a provider that knows only the shared fields (a described source, a
    /// program): the header, then a section of the rest, titled with the provider's name. Its
    /// link is the item's Page (not a Store), and `labels` name the fields in the source's own words.
    public static func detail(of item: MediaItem, title: String, labels: [String: String] = [:]) -> Detail {
        let facts = DetailSection(
            title,
            rows: [
                ("Duration", Formatting.duration(milliseconds: item.durationMilliseconds)),
                ("Price", Formatting.price(item.price, currency: item.currency)),
                ("Explicit", item.isExplicit.map { $0 ? "yes" : "no" }),
            ],
            links: [(labels["url"] ?? "Page", item.url), (labels["preview"] ?? "Preview", item.previewURL)])
        var labels = labels
        labels["url"] = labels["url"] ?? "Page"
        return Detail(sections: [header(for: item, labels: labels), facts])
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
