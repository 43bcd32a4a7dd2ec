import MediaSearchITunes
import MediaSearchKit

extension MovieProvider: DetailRenderer {
    /// Header (with the long description), the film's facts and prices, production, the director
    /// and up to five other films by them.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        await ITunesSections.detail(
            for: item, own: [movie(item), production(item)], authorTitle: "director", creatorLabel: "Director",
            otherWorks: entity,
            worksTitle: "Other films by \(item.itunes.artistName.map(TextSanitizer.line) ?? "the director")",
            context: context
        ) { tile(for: $0) }
    }

    func movie(_ item: MediaItem) -> DetailSection {
        let price = { (value: Double?) in Formatting.price(value, currency: item.currency) }
        return DetailSection(
            "Movie",
            rows: [
                ("Rating", item.itunes.contentAdvisoryRating),
                ("Runtime", Formatting.duration(milliseconds: item.itunes.trackTimeMillis)),
                ("Buy", price(item.itunes.trackPrice)),
                ("Rent", price(item.itunes.trackRentalPrice)), ("Buy in HD", price(item.itunes.trackHdPrice)),
                ("Rent in HD", price(item.itunes.trackHdRentalPrice)),
            ],
            links: [("Trailer", item.itunes.previewUrl)])
    }

    func production(_ item: MediaItem) -> DetailSection {
        DetailSection(
            "Production",
            rows: [
                ("Collection", item.itunes.collectionName), ("Studio", item.itunes.collectionArtistName),
                ("Copyright", item.itunes.copyright),
            ],
            links: [
                ("Studio page", item.itunes.collectionArtistViewUrl),
                ("Collection page", item.itunes.collectionViewUrl),
            ]
        ).adding(ITunesSections.country(item))
    }
}
