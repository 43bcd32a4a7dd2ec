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
        DetailSection(
            item.title.map(TextSanitizer.line) ?? "Untitled",
            rows: [
                .status("Kind", kindLabel ?? item.kindLabel), .plain(labels["creator"] ?? creatorLabel, item.creator),
                .date(labels["released"] ?? dateLabel, item.releaseDate),
                // Genres and tags often come as one text with commas: a list.
                .listed(labels["genre"] ?? "Genre", item.genre),
                .plain(labels["description"] ?? "Description", item.description.map(HTMLText.plain)),
            ],
            links: [(labels["url"] ?? "Store", item.url), ("Artwork", Formatting.artwork(item.artworkURL))])
    }

    /// Facts every item may have, for a tile: year, genre, duration (in the style of `media`'s
    /// durations) and price.
    public static func facts(of item: MediaItem, media: String? = nil) -> [Fact?] {
        [
            .year("Year", item.releaseYear), .listed("Genre", item.genre),
            .duration("Duration", milliseconds: item.durationMilliseconds, style: .of(media: media)),
            .money("Price", item.price, currency: item.currency),
        ]
    }

    /// The detail of a provider that knows only the shared fields (a described source, a
    /// program): the header, then a section of the rest, titled with the provider's name. Its
    /// link is the item's Page (not a Store), and `labels` name the fields in the source's own words.
    public static func detail(
        of item: MediaItem, title: String, media: String? = nil, labels: [String: String] = [:]
    ) -> Detail {
        let facts = DetailSection(
            title,
            rows: [
                .duration("Duration", milliseconds: item.durationMilliseconds, style: .of(media: media)),
                .money("Price", item.price, currency: item.currency),
                .status("Explicit", item.isExplicit.map { $0 ? "yes" : "no" }),
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
