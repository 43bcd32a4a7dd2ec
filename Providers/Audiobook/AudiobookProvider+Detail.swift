import MediaSearchCore

extension AudiobookProvider: DetailRenderer {
    /// Header (with the cleaned description), the book's facts, the author and up to five more of
    /// their audiobooks.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        async let author = StandardSections.attempt("author") {
            try await StandardSections.author(for: item, context: context)
        }
        async let works = StandardSections.attempt("other works") {
            try await StandardSections.otherWorks(of: item, entity: "audiobook", context: context) { tile(for: $0) }
        }
        let (authorSection, authorNotice) = await author
        let (worksSection, worksNotice) = await works
        let book = DetailSection(
            "Audiobook",
            rows: [
                ("Author", item.artistName), ("Narrator", item.extras["narrator"]),
                ("Price", Formatting.price(item.collectionPrice, currency: item.currency)),
                ("Genre", item.primaryGenreName), ("Copyright", item.copyright),
            ],
            links: [("Preview", item.previewUrl), ("Author page", item.artistViewUrl)])
        return Detail(
            sections: [StandardSections.header(for: item), book, authorSection, worksSection].compactMap { $0 },
            notices: [authorNotice, worksNotice].compactMap { $0 })
    }
}
