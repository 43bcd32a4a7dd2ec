import Foundation
import MediaSearchCore
import MediaSearchKit

/// The detail screen of one item: its artwork and heading, its sections, its stores.
extension Screens {
    /// A section's title: a label in the page's words (`Tracks`), or a name (the item's title, the
    /// source's name), marked as not for translating.
    static func heading(_ section: DetailSection, first: Bool) -> (words: String, translated: Bool) {
        // Words with arguments, written in the page's words (`Other albums by {name}`).
        if !first, let phrase = section.phrase { return (Templates.text(phrase.text(Texts.current.facts)), true) }
        // The header's title is the item's own.
        guard !first, let words = Texts.current.label.known(section.title) else {
            return (Templates.text(section.title), false)
        }
        return (Templates.text(words), true)
    }

    /// The detail screen of one item; drawn by `Templates/web/detail.mustache`.
    /// - Parameter albumKind: the kind that shows this item's album (the album kind of its
    ///   source), when the item is a song: its album's name then links to the album's detail.
    /// - Parameter catalog: the server's kinds: the search box names them, and a listed item's
    ///   placeholder takes its kind of media's glyph.
    static func detail(
        _ page: DetailPage, kinds: Set<String>, configuration: Configuration, albumKind: String? = nil,
        starred: Bool? = nil, catalog: ProviderCatalog? = nil
    ) -> HTML {
        let item = page.item
        let t = Texts.current
        let media = page.media ?? page.kind
        let title = item.title ?? t.label("Untitled")
        // The main actions, together under the title (#75 item 2): Play (a merged work whose own
        // store has no preview plays another store's, item 3) or the first list's Play all, the
        // star with its word, the item's page at its source.
        var play: PlayModel?
        var video: String?
        if let preview = item.playablePreviewURL.flatMap(SafeURL.http) {
            if videoMedia.contains(media) || preview.hasSuffix(".m4v") {
                video = Templates.url(preview)
            } else {
                // A station's stream that fails says so in its own words, not a preview's (#60 item 6).
                play = playModel(
                    preview, title: title, creator: item.creator, artwork: item.artworkURL,
                    detail: detailPath(page.kind, item.id), live: page.isLive,
                    label: t(page.isLive ? "player.listenLive" : "player.play"))
            }
        }
        // The header section (the item's own facts) sits beside the artwork; the rest below.
        let header = page.detail.sections.first.map {
            section($0, first: true, kinds: kinds, catalog: catalog, of: item)
        }
        // A merged work's stores are links and Plays here, not the terminal's rows.
        // A list's parts (a show's seasons) fold, the last one open (#60).
        let below = Array(page.detail.sections.dropFirst().filter { $0 != page.storesSection })
        let lastPart = below.lastIndex(where: \.folded)
        // With nothing of its own to play, the first list that plays all (an album's tracks) has
        // its Play all among the main actions.
        let leading = play == nil && video == nil ? below.firstIndex(where: playsAll) : nil
        let star = starred.map {
            starModel(kind: page.kind, id: item.id, title: title, pressed: $0, labelled: true)
        }
        let openAt = item.url.flatMap(SafeURL.http).map { url in
            let source = catalog?.providers.first { $0.kind == page.kind }?.sourceName
            return DetailScreen.Link(
                href: Templates.url(url),
                words: source.map { t("detail.openAt", ["source": Templates.text($0)]) } ?? t("detail.open"))
        }
        let playAll = leading.map { playAllModel(list: "tracks-\($0)") }
        let model = DetailScreen(
            kind: Templates.text(page.kind), id: Templates.text(item.id), icon: kindIcon(media),
            artwork: item.artworkURL.flatMap(SafeURL.http).map { Templates.url(Formatting.artwork($0, size: 600)) },
            title: Templates.text(title), badge: Templates.text(kindLabel(media)),
            creator: creatorLine(item, albumKind: albumKind), reveals: reveals(page),
            hasActions: play != nil || playAll != nil || star != nil || openAt != nil, play: play, playAll: playAll,
            star: star, openAt: openAt, video: video, header: header,
            notices: page.detail.notices.map(Templates.text),
            sections: below.enumerated().map { index, part in
                section(
                    part, first: false, kinds: kinds, open: part.folded ? index == lastPart : nil, catalog: catalog,
                    list: "tracks-\(index)", playAll: index != leading, by: item.creator)
            }, stores: stores(page.offers, item: item))
        return Self.page(
            title: "\(title) – MediaSearch",
            body: body("detail", model, configuration: configuration, catalog: catalog), bodyClass: "screen-detail")
    }

    /// Whether a section's items are rows that play (an album's tracks, a podcast's episodes), or
    /// rows of items with no picture (a show's episodes): a row says all they have; others (other
    /// works, a cast) are tiles.
    static func playable(_ section: DetailSection) -> Bool {
        !section.items.isEmpty && section.items.allSatisfy { preview(of: $0) != nil || $0.artworkUrl == nil }
    }

    /// Whether a section's rows play one after another: more than one of them plays.
    static func playsAll(_ section: DetailSection) -> Bool {
        playable(section) && section.items.lazy.filter { preview(of: $0) != nil }.prefix(2).count > 1
    }

    /// Play all for the rows of the list with this id, in the page's player; the script shows the
    /// button, which needs it (`Templates/web/play-all.mustache`).
    static func playAllModel(list: String) -> PlayAllModel {
        PlayAllModel(queue: list, words: Texts.current("player.playAll"))
    }

    /// The stores of a merged work: each source's page as a link, with its price, and a Play per
    /// preview (`Templates/web/stores.mustache`); `nil` for a work of one store.
    static func stores(_ offers: [SourceOffer], item: MediaItem) -> DetailScreen.Stores? {
        guard !offers.isEmpty else { return nil }
        let t = Texts.current
        let rows = offers.map { offer in
            // What the source adds (an ISRC, a label): its label in the page's words, a typed
            // value too, a source's own words marked as not for translating.
            let said = offer.facts.compactMap { fact -> DetailScreen.Stores.Said? in
                guard let text = fact.text(t.facts) else { return nil }
                return .init(
                    label: fact.label.isEmpty ? "" : Templates.text(t.label(fact.label)) + " ",
                    text: Templates.text(text), own: ownWords(fact))
            }
            return DetailScreen.Stores.Offer(
                source: Templates.text(offer.source), href: offer.url.flatMap(SafeURL.http).map(Templates.url),
                price: Fact.money("Price", offer.price, currency: offer.currency)?.text(t.facts).map(Templates.text),
                said: said.enumerated().map { index, fact in
                    var fact = fact
                    fact.after = index > 0
                    return fact
                },
                play: offer.previewURL.flatMap(SafeURL.http).map { url in
                    playModel(
                        url, title: item.title ?? item.id, creator: item.creator, artwork: item.artworkURL, detail: nil,
                        live: false, label: t("stores.preview", ["source": Templates.text(offer.source)]))
                })
        }
        return .init(heading: Templates.text(t.label("Stores")), offers: rows)
    }

    /// With names censored, a Reveal for each name that the source censors, shown in place on request.
    static func reveals(_ page: DetailPage) -> [DetailScreen.Reveal] {
        guard let original = page.uncensored else { return [] }
        return [
            ("title", page.item.title, original.title), ("collection", page.item.collection, original.collection),
        ]
        .compactMap { label, shown, real in
            guard let real, real != shown else { return nil }
            return .init(summary: Texts.current("detail.reveal." + label), real: Templates.text(real))
        }
    }

    /// The kind of media of the collection an item of a kind of media is part of: a song's album,
    /// an episode's podcast. Its detail is linked from the item's, by the creator.
    static let collectionMedia = ["song": "album", "podcast-episode": "podcast"]

    /// The creator, a link to a search for them, and for a song its album (an episode its
    /// podcast), a link to that one's detail: the names lead on inside the app.
    static func creatorLine(_ item: MediaItem, albumKind: String?) -> DetailScreen.Creator? {
        var album: DetailScreen.Creator.Album?
        if let albumKind, let collection = item.collection, let id = item.collectionID {
            album = .init(
                path: Templates.local("/item/\(QueryString.encode(albumKind))/\(QueryString.encode(id))"),
                name: Templates.text(collection))
        }
        let artist = item.creator.flatMap { creator in
            creator.isEmpty
                ? nil
                : DetailScreen.Creator.Artist(
                    search: Templates.local("/" + QueryString.make([("q", creator)])), name: Templates.text(creator))
        }
        guard artist != nil || album != nil else { return nil }
        return .init(artist: artist, album: album)
    }

    /// One section: its rows, its links (opening outside) and its items as tiles; folded under
    /// its heading when `open` is given (`true`: unfolded at first), with its count of items;
    /// drawn by `Templates/web/section.mustache`.
    /// - Parameter list: the id of its rows that play, which a Play all names.
    /// - Parameter playAll: whether it shows its own Play all (not when the main actions have it).
    /// - Parameter by: the creator of the item shown, which its rows of the same creator do not repeat.
    /// - Parameter item: the item whose header section this is: what the heading says already (its
    ///   creator, its page at the source) is not said again.
    static func section(
        _ section: DetailSection, first: Bool, kinds: Set<String>, open: Bool? = nil, catalog: ProviderCatalog? = nil,
        list: String? = nil, playAll showsPlayAll: Bool = true, of item: MediaItem? = nil, by: String? = nil
    ) -> SectionModel {
        let label = Texts.current.label
        // The header's Kind row repeats the badge above it on this page, its By row the creator.
        let rows = section.rows.filter { !first || ($0.label != "Kind" && $0.value != item?.creator) }.map {
            row -> SectionModel.Row in
            let name = Templates.text(label(row.label))
            // A source's tags or genres: its own words, one entry each.
            if let values = row.values { return .init(label: name, tags: .init(values: values.map(Templates.text))) }
            if row.value.contains("\n") || row.value.count > 120 {
                return .init(label: name, long: TextSanitizer.block(row.value))
            }
            return .init(
                label: name, short: .init(text: Templates.text(row.value(Texts.current.facts)), own: ownWords(row.fact))
            )
        }
        let links = section.links.filter { !first || $0.url != item?.url }.map { link in
            DetailScreen.Link(href: Templates.url(link.url), words: Templates.text(label(link.label)))
        }
        let playable = Self.playable(section)
        let heading = heading(section, first: first)
        return SectionModel(
            folded: open != nil, open: open ?? false, header: first, dataTitle: Templates.text(section.title),
            heading: heading.words, translated: heading.translated, count: Formatting.grouped(section.items.count),
            rows: rows, links: links,
            // Tracks that play one after another (an album, a book's sections, episodes).
            playAll: showsPlayAll && playsAll(section) ? list.map(playAllModel) : nil,
            list: playable ? list : nil,
            tracks: playable
                ? section.items.map {
                    track(
                        $0, kinds: kinds,
                        live: catalog?.media(of: $0.kind).map(SearchSession.liveMedia.contains) ?? false, by: by)
                } : [],
            tiles: playable
                ? []
                : section.items.map { tileModel($0, uncensored: nil, kinds: kinds, media: catalog?.media(of: $0.kind)) }
        )
    }
}

/// What the detail screen shows (`Templates/web/detail.mustache`).
struct DetailScreen: TemplateModel {
    struct Creator: TemplateModel {
        /// The creator, and a search for them.
        struct Artist: TemplateModel {
            var search, name: String
        }

        struct Album: TemplateModel {
            var path, name: String
        }

        var artist: Artist?
        var album: Album?
    }

    struct Reveal: TemplateModel {
        var summary, real: String
    }

    /// A link that opens outside.
    struct Link: TemplateModel {
        var href, words: String
    }

    /// A merged work's stores (`Templates/web/stores.mustache`).
    struct Stores: TemplateModel {
        struct Offer: TemplateModel {
            var source: String
            var href, price: String?
            var said: [Said]
            var play: PlayModel?
        }

        /// What a store adds: its label in the page's words, then its value.
        struct Said: TemplateModel {
            var label, text: String
            var own: Bool
            /// Whether another comes before it (a separator then).
            var after = false
        }

        var heading: String
        var offers: [Offer]
    }

    var kind, id, icon: String
    var artwork: String?
    var title, badge: String
    var creator: Creator?
    var reveals: [Reveal]
    var hasActions: Bool
    var play: PlayModel?
    var playAll: PlayAllModel?
    var star: StarModel?
    var openAt: Link?
    var video: String?
    var header: SectionModel?
    var notices: [String]
    var sections: [SectionModel]
    var stores: Stores?
}

/// One section of a detail (`Templates/web/section.mustache`).
struct SectionModel: TemplateModel {
    struct Row: TemplateModel {
        struct Tags: TemplateModel {
            var values: [String]
        }

        struct Short: TemplateModel {
            var text: String
            var own: Bool
        }

        var label: String
        /// A source's tags or genres, one entry each.
        var tags: Tags?
        /// A text that keeps its line breaks (a description).
        var long: String?
        var short: Short?
    }

    /// Whether it folds under its heading (a list's part), and whether it is open at first.
    var folded, open, header: Bool
    var dataTitle, heading: String
    var translated: Bool
    var count: String
    var rows: [Row]
    var links: [DetailScreen.Link]
    var playAll: PlayAllModel?
    /// The id of its rows that play, which a Play all names.
    var list: String?
    var tracks: [TrackModel]
    var tiles: [TileModel]
}

/// Play all for a list of rows (`Templates/web/play-all.mustache`).
struct PlayAllModel: TemplateModel {
    var queue, words: String
}
