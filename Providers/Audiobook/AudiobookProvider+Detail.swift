import MediaSearchCore

extension AudiobookProvider: DetailRenderer {
    /// Header (with the cleaned description), the book's facts, the author and up to five more of
    /// their audiobooks.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        let book = DetailSection(
            "Audiobook",
            rows: [
                ("Narrator", item.extras["narrator"]),
                ("Price", Formatting.price(item.collectionPrice, currency: item.currency)),
                ("Copyright", item.copyright),
            ],
            links: [("Preview", item.previewUrl), ("Author page", item.artistViewUrl)])
        return await StandardSections.detail(
            for: item, own: [book], creatorLabel: "Author", otherWorks: entity, context: context
        ) {
            tile(for: $0)
        }
    }
}
