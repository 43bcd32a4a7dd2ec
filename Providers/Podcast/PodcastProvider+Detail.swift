import MediaSearchCore

extension PodcastProvider: DetailRenderer {
    /// Header, the podcast's facts and feed, its five most recent episodes and, when it has an
    /// artist id, its author and up to five other shows by them (one lookup for both).
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        async let author = StandardSections.authorBlock(
            for: item, otherWorks: entity,
            worksTitle: "Other shows by \(item.artistName.map(TextSanitizer.line) ?? "the author")", context: context
        ) { tile(for: $0) }
        async let episodes = StandardSections.attempt("episodes") {
            try await recentEpisodes(of: item, context: context)
        }
        let (authorSections, authorNotice) = await author
        let (episodeSection, episodeNotice) = await episodes
        let podcast = DetailSection(
            "Podcast",
            rows: [
                ("Author", item.artistName),
                ("Episodes", item.trackCount.map(String.init)),
                ("Genres", item.genres.isEmpty ? nil : item.genres.joined(separator: ", ")),
                ("Latest release", ReleaseDate.day(item.releaseDate)),
            ],
            links: [("Feed", item.feedUrl), ("Podcast page", item.collectionViewUrl)])
        return Detail(
            sections: [StandardSections.header(for: item), podcast, episodeSection].compactMap { $0 } + authorSections,
            notices: [episodeNotice, authorNotice].compactMap { $0 })
    }

    /// The five most recent episodes; the lookup answers with the podcast first, then the episodes.
    func recentEpisodes(of item: MediaItem, context: ProviderContext) async throws -> DetailSection? {
        guard let collectionId = item.collectionId ?? item.trackId else { return nil }
        let records = try await context.itunes.lookup(
            ITunesLookupParameters(ids: [collectionId], entity: "podcastEpisode", limit: 5, country: context.country))
        let episodes = records.filter {
            $0.itunes?.wrapperType == .podcastEpisode || $0.itunes?.kind == .podcastEpisode
        }.prefix(5)
        return DetailSection(
            "Recent episodes",
            rows: episodes.map { (ReleaseDate.day($0.releaseDate) ?? "episode", $0.trackName.map(TextSanitizer.line)) },
            links: episodes.map { (ReleaseDate.day($0.releaseDate) ?? "episode", $0.trackViewUrl) })
    }
}
