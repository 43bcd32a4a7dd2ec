import MediaSearchITunes
import MediaSearchKit

extension MovieProvider: DetailRenderer {
    /// Header (with the long description), the film's facts and prices, production, the director
    /// and up to five other films by them.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        await ITunesSections.detail(
            for: item, own: [movie(item), production(item)], authorTitle: "director", creatorLabel: "Director",
            otherWorks: entity,
            worksTitle: "Other films by {name}",
            context: context
        ) { tile(for: $0) }
    }

    func movie(_ item: MediaItem) -> DetailSection {
        let price = { (label: String, value: Double?) in Fact.money(label, value, currency: item.currency) }
        return DetailSection(
            "Movie",
            rows: [
                .plain("Rating", item.itunes.contentAdvisoryRating),
                .duration("Runtime", milliseconds: item.itunes.trackTimeMillis, style: .runtime),
                price("Buy", item.itunes.trackPrice), price("Rent", item.itunes.trackRentalPrice),
                price("Buy in HD", item.itunes.trackHdPrice), price("Rent in HD", item.itunes.trackHdRentalPrice),
            ],
            links: [("Trailer", item.itunes.previewUrl)])
    }

    func production(_ item: MediaItem) -> DetailSection {
        DetailSection(
            "Production",
            rows: [
                .plain("Collection", item.itunes.collectionName), .plain("Studio", item.itunes.collectionArtistName),
                .plain("Copyright", item.itunes.copyright),
            ],
            links: [
                ("Studio page", item.itunes.collectionArtistViewUrl),
                ("Collection page", item.itunes.collectionViewUrl),
            ]
        ).adding(ITunesSections.country(item))
    }
}
