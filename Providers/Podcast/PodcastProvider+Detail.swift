import MediaSearchITunes
import MediaSearchKit

extension PodcastProvider: DetailRenderer {
    /// A podcast: header, its facts and feed, its five most recent episodes (each with its id,
    /// date, duration, audio and page) and, when it has an artist id, its publisher and up to five
    /// other shows by them (one lookup for both). An episode is rendered as an episode.
    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        if item.itunes.wrapperType == .podcastEpisode { return episode(item) }
        async let author = ITunesSections.authorBlock(
            for: item, authorTitle: "publisher", otherWorks: entity,
            worksTitle: "Other shows by {name}", context: context
        ) { tile(for: $0) }
        async let episodes = StandardSections.attempt("episodes") {
            try await recentEpisodes(of: item, context: context)
        }
        let (authorSections, authorNotice) = await author
        let (episodeSection, episodeNotice) = await episodes
        let podcast = DetailSection(
            "Podcast",
            rows: [
                .count("Episodes", item.itunes.trackCount, unit: "episode"),
                .listed("Genres", item.itunes.genres.joined(separator: ", ")),
            ],
            links: [("Feed", item.itunes.feedUrl), ("Podcast page", item.itunes.collectionViewUrl)])
        let header = StandardSections.header(for: item, creatorLabel: "Publisher", dateLabel: "Latest episode")
        return Detail(
            sections: [header, podcast, episodeSection].compactMap { $0 } + authorSections,
            notices: [episodeNotice, authorNotice].compactMap { $0 })
    }

    /// One episode: the header, then its podcast, duration and links (audio first).
    func episode(_ item: MediaItem) -> Detail {
        let facts = DetailSection(
            "Episode",
            rows: [
                .plain("Podcast", item.itunes.collectionName),
                .duration("Duration", milliseconds: item.durationMilliseconds),
            ],
            links: [
                ("Audio", item.itunes.episodeUrl ?? item.previewURL), ("Episode page", item.url),
                ("Podcast page", item.itunes.collectionViewUrl), ("Feed", item.itunes.feedUrl),
            ])
        return Detail(sections: [StandardSections.header(for: item, kindLabel: "Episode"), facts])
    }

    /// The five most recent episodes as items; the lookup answers with the podcast first.
    func recentEpisodes(of item: MediaItem, context: ProviderContext) async throws -> DetailSection? {
        guard let collectionId = item.itunes.collectionId ?? item.itunes.trackId else { return nil }
        let records = try await context.itunes.lookup(
            ITunesLookupParameters(ids: [collectionId], entity: "podcastEpisode", limit: 5, country: context.country))
        let episodes = records.filter {
            $0.itunes.wrapperType == .podcastEpisode || $0.itunes.kind == .podcastEpisode
        }.prefix(5)
        return DetailSection("Recent episodes", items: episodes.map(Self.episodeTile))
    }

    /// An episode among a podcast's: date and duration, its page, and its audio as the preview.
    @Sendable static func episodeTile(_ episode: MediaItem) -> Tile {
        var tile = Tile(
            kind: "episode", id: episode.id, title: episode.title ?? "Untitled", subtitle: nil,
            facts: [
                .date("Date", ReleaseDate.day(episode.releaseDate)),
                .duration("Duration", milliseconds: episode.durationMilliseconds),
            ], artworkUrl: episode.artworkURL, url: episode.url)
        tile.previewUrl = (episode.itunes.episodeUrl ?? episode.previewURL).flatMap(SafeURL.http)
        tile.item = episode
        return tile
    }
}
