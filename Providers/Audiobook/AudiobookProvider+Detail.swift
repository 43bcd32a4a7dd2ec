import MediaSearchITunes
import MediaSearchKit

extension AudiobookProvider: DetailRenderer {
    /// Header (with the cleaned description), the book's facts, the author and up to five more of
    /// their audiobooks.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        let book = DetailSection(
            "Audiobook",
            rows: [
                .plain("Narrator", item.extras["narrator"]),
                .money("Price", item.itunes.collectionPrice, currency: item.currency),
                .plain("Copyright", item.itunes.copyright),
            ],
            links: [("Preview", item.itunes.previewUrl), ("Author page", item.itunes.artistViewUrl)])
        return await ITunesSections.detail(
            for: item, own: [book], creatorLabel: "Author", otherWorks: entity, context: context
        ) {
            tile(for: $0)
        }
    }
}
