import MediaSearchCore

extension MovieProvider: DetailRenderer {
    /// Header (with the long description), the film's facts and prices, production, the director
    /// and up to five other films by them.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        await StandardSections.detail(
            for: item, own: [movie(item), production(item)], authorTitle: "director", creatorLabel: "Director",
            otherWorks: entity,
            worksTitle: "Other films by \(item.artistName.map(TextSanitizer.line) ?? "the director")", context: context
        ) { tile(for: $0) }
    }

    func movie(_ item: MediaItem) -> DetailSection {
        let price = { (value: Double?) in Formatting.price(value, currency: item.currency) }
        return DetailSection(
            "Movie",
            rows: [
                ("Rating", item.contentAdvisoryRating),
                ("Runtime", Formatting.runtime(milliseconds: item.trackTimeMillis)), ("Buy", price(item.trackPrice)),
                ("Rent", price(item.trackRentalPrice)), ("Buy in HD", price(item.trackHdPrice)),
                ("Rent in HD", price(item.trackHdRentalPrice)),
            ],
            links: [("Trailer", item.previewUrl)])
    }

    func production(_ item: MediaItem) -> DetailSection {
        DetailSection(
            "Production",
            rows: [
                ("Collection", item.collectionName), ("Studio", item.collectionArtistName),
                ("Country", item.country), ("Copyright", item.copyright),
            ],
            links: [("Studio page", item.collectionArtistViewUrl), ("Collection page", item.collectionViewUrl)])
    }
}
