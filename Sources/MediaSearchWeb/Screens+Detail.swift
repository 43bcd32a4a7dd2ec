import Foundation
import MediaSearchCore
import MediaSearchKit

/// The detail screen of one item: its artwork and heading, its sections, its stores.
extension Screens {
    /// A section's title: a label in the page's words (`Tracks`), or a name (the item's title, the
    /// source's name), marked as not for translating.
    static func heading(_ section: DetailSection, first: Bool) -> HTML {
        // Words with arguments, written in the page's words (`Other albums by {name}`).
        if !first, let phrase = section.phrase { return "<h2>\(phrase.text(Texts.current.facts))</h2>" }
        // The header's title is the item's own.
        guard !first, let words = Texts.current.label.known(section.title) else {
            return "<h2 translate=\"no\">\(section.title)</h2>"
        }
        return "<h2>\(words)</h2>"
    }

    /// The detail screen of one item.
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
        let artwork: HTML =
            item.artworkURL.flatMap(SafeURL.http).map { url in
                "<img class=\"artwork\" src=\"\(url: Formatting.artwork(url, size: 600))\" alt=\"\" width=\"600\" height=\"600\">"
            }
            ?? "<span class=\"artwork none\" aria-hidden=\"true\"><span class=\"icon\">\(kindIcon(media))</span><span class=\"name\">\(title)</span></span>"
        // The main actions, together under the title (#75 item 2): Play (a merged work whose own
        // store has no preview plays another store's, item 3) or the first list's Play all, the
        // star with its word, the item's page at its source.
        var actions: [HTML] = []
        var video: HTML = ""
        if let preview = item.playablePreviewURL.flatMap(SafeURL.http) {
            if videoMedia.contains(media) || preview.hasSuffix(".m4v") {
                video = "<video class=\"preview\" controls preload=\"none\" src=\"\(url: preview)\"></video>"
            } else {
                // A station's stream that fails says so in its own words, not a preview's (#60 item 6).
                actions.append(
                    playLink(
                        preview, title: title, creator: item.creator, artwork: item.artworkURL,
                        detail: detailPath(page.kind, item.id), live: page.isLive,
                        label: HTML(stringLiteral: t(page.isLive ? "player.listenLive" : "player.play"))))
            }
        }
        // The header section (the item's own facts) sits beside the artwork; the rest below.
        let header =
            page.detail.sections.first.map { section($0, first: true, kinds: kinds, catalog: catalog, of: item) } ?? ""
        // A merged work's stores are links and Plays here, not the terminal's rows.
        // A list's parts (a show's seasons) fold, the last one open (#60).
        let below = Array(page.detail.sections.dropFirst().filter { $0 != page.storesSection })
        let lastPart = below.lastIndex(where: \.folded)
        // With nothing of its own to play, the first list that plays all (an album's tracks) has
        // its Play all among the main actions.
        let leading = actions.isEmpty && video.raw.isEmpty ? below.firstIndex(where: playsAll) : nil
        if let leading { actions.append(playAllButton(list: "tracks-\(leading)")) }
        if let starred {
            actions.append(star(kind: page.kind, id: item.id, title: title, pressed: starred, labelled: true))
        }
        if let url = item.url.flatMap(SafeURL.http) {
            let source = catalog?.providers.first { $0.kind == page.kind }?.sourceName
            let words = source.map { t("detail.openAt", ["source": $0]) } ?? t("detail.open")
            actions.append(
                "<a class=\"button quiet outside\" href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer external\">\(words)</a>"
            )
        }
        let actionBar: HTML = actions.isEmpty ? "" : "<div class=\"actions\">\(actions)</div>"
        let sections =
            below.enumerated().map { index, part in
                section(
                    part, first: false, kinds: kinds, open: part.folded ? index == lastPart : nil, catalog: catalog,
                    list: "tracks-\(index)", playAll: index != leading, by: item.creator)
            } + [stores(page.offers, item: item)]
        let notices = page.detail.notices.map { notice -> HTML in "<li class=\"notice\">\(notice)</li>" }
        let noticeList: HTML = notices.isEmpty ? "" : "<ul class=\"messages\">\(notices)</ul>"
        return Self.page(
            title: "\(title) – MediaSearch",
            body: """
                \(form(nil, configuration: configuration, catalog: catalog))
                <main class="detail" data-kind="\(page.kind)" data-id="\(item.id)" data-icon="\(kindIcon(media))">
                <div class="hero">\(artwork)<div class="heading"><span class="badge">\(kindLabel(media))</span>\
                <h1>\(title)</h1>\(creatorLine(item, albumKind: albumKind))\(reveal(page))\(actionBar)</div>\(video)\(header)</div>
                \(noticeList)
                \(sections)
                </main>
                """, bodyClass: "screen-detail")
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
    /// button, which needs it.
    static func playAllButton(list: String) -> HTML {
        "<p class=\"play-all\" hidden><button type=\"button\" data-queue=\"\(list)\">\(Texts.current("player.playAll"))</button></p>"
    }

    /// The stores of a merged work: each source's page as a link, with its price, and a Play per
    /// preview.
    static func stores(_ offers: [SourceOffer], item: MediaItem) -> HTML {
        guard !offers.isEmpty else { return "" }
        let t = Texts.current
        let rows = offers.map { offer -> HTML in
            let name: HTML =
                offer.url.flatMap(SafeURL.http).map { url in
                    "<a href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer external\">\(offer.source)</a>"
                } ?? "<span>\(offer.source)</span>"
            let price: HTML =
                Fact.money("Price", offer.price, currency: offer.currency)?.text(t.facts).map {
                    "<span class=\"price\">\($0)</span>"
                } ?? ""
            // What the source adds (an ISRC, a label): its label in the page's words, a typed
            // value too, a source's own words marked as not for translating.
            let said = offer.facts.compactMap { fact -> HTML? in
                guard let text = fact.text(t.facts) else { return nil }
                let label: HTML = fact.label.isEmpty ? "" : "\(t.label(fact.label)) "
                let own: HTML = [.text, .list, .id].contains(fact.kind) ? " translate=\"no\"" : ""
                return "<span\(own)>\(label)\(text)</span>"
            }
            let joined = said.enumerated().map { index, fact -> HTML in index == 0 ? fact : " · \(fact)" }
            let facts: HTML = said.isEmpty ? "" : "<span class=\"facts\">\(joined)</span>"
            let play: HTML =
                offer.previewURL.flatMap(SafeURL.http).map { url in
                    playLink(
                        url, title: item.title ?? item.id, creator: item.creator, artwork: item.artworkURL, detail: nil,
                        live: false, label: HTML(stringLiteral: t("stores.preview", ["source": offer.source])))
                } ?? ""
            return
                "<li class=\"offer\" data-source=\"\(offer.source)\"><div class=\"what\"><span class=\"title\">\(name)</span>\(price)\(facts)</div>\(play)</li>"
        }
        return """
            <section class="section stores" data-title="Stores">
            <h2>\(t.label("Stores"))</h2>
            <ol class="offers">\(rows)</ol>
            </section>
            """
    }

    /// With names censored, a Reveal for each name that the source censors, shown in place on request.
    static func reveal(_ page: DetailPage) -> HTML {
        guard let original = page.uncensored else { return "" }
        let names = [
            ("title", page.item.title, original.title), ("collection", page.item.collection, original.collection),
        ]
        .compactMap { label, shown, real -> HTML? in
            guard let real, real != shown else { return nil }
            return
                "<details class=\"reveal\"><summary>\(Texts.current("detail.reveal." + label))</summary><span>\(real)</span></details>"
        }
        return names.isEmpty ? "" : "<div class=\"reveals\">\(names)</div>"
    }

    /// The creator, a link to a search for them, and for a song its album, a link to the album's
    /// detail: the names lead on inside the app.
    static func creatorLine(_ item: MediaItem, albumKind: String?) -> HTML {
        guard let creator = item.creator, !creator.isEmpty else { return "" }
        let search = "/" + QueryString.make([("q", creator)])
        var album: HTML = ""
        if let albumKind, let collection = item.collection, let id = item.collectionID {
            let path = "/item/\(QueryString.encode(albumKind))/\(QueryString.encode(id))"
            album = " · <a class=\"album\" href=\"\(local: path)\">\(collection)</a>"
        }
        return "<p class=\"creator\"><a class=\"artist\" href=\"\(local: search)\">\(creator)</a>\(album)</p>"
    }

    /// One section: its rows, its links (opening outside) and its items as tiles; folded under
    /// its heading when `open` is given (`true`: unfolded at first), with its count of items.
    /// - Parameter list: the id of its rows that play, which a Play all names.
    /// - Parameter playAll: whether it shows its own Play all (not when the main actions have it).
    /// - Parameter by: the creator of the item shown, which its rows of the same creator do not repeat.
    /// - Parameter item: the item whose header section this is: what the heading says already (its
    ///   creator, its page at the source) is not said again.
    static func section(
        _ section: DetailSection, first: Bool, kinds: Set<String>, open: Bool? = nil, catalog: ProviderCatalog? = nil,
        list: String? = nil, playAll showsPlayAll: Bool = true, of item: MediaItem? = nil, by: String? = nil
    ) -> HTML {
        let label = Texts.current.label
        // The header's Kind row repeats the badge above it on this page, its By row the creator.
        let rows = section.rows.filter { !first || ($0.label != "Kind" && $0.value != item?.creator) }.map {
            row -> HTML in
            if let values = row.values {
                // A source's tags or genres: its own words, one entry each.
                let entries = values.map { value -> HTML in "<li>\(value)</li>" }
                return "<dt>\(label(row.label))</dt><dd><ul class=\"tags\" translate=\"no\">\(entries)</ul></dd>"
            }
            return row.value.contains("\n") || row.value.count > 120
                ? "<dt>\(label(row.label))</dt><dd class=\"long\">\(block: row.value)</dd>"
                : "<dt>\(label(row.label))</dt><dd\(HTML(raw: [.text, .list, .id].contains(row.fact.kind) ? " translate=\"no\"" : ""))>\(row.value(Texts.current.facts))</dd>"
        }
        let links = section.links.filter { !first || $0.url != item?.url }.map { link -> HTML in
            "<li><a href=\"\(url: link.url)\" target=\"_blank\" rel=\"noopener noreferrer external\">\(label(link.label))</a></li>"
        }
        let playable = Self.playable(section)
        let items = section.items.map {
            playable
                ? track(
                    $0, kinds: kinds, live: catalog?.media(of: $0.kind).map(SearchSession.liveMedia.contains) ?? false,
                    by: by)
                : tile($0, uncensored: nil, kinds: kinds, media: catalog?.media(of: $0.kind))
        }
        let rowList: HTML = rows.isEmpty ? "" : "<dl>\(rows)</dl>"
        let linkList: HTML = links.isEmpty ? "" : "<ul class=\"links\">\(links)</ul>"
        let itemList: HTML =
            items.isEmpty
            ? ""
            : playable
                ? "<ol class=\"tracks\"\(HTML(raw: list.map { " id=\"\($0)\"" } ?? ""))>\(items)</ol>"
                : "<ol class=\"tiles small\">\(items)</ol>"
        // Tracks that play one after another (an album, a book's sections, episodes).
        let playAll: HTML =
            showsPlayAll && playsAll(section) ? list.map { playAllButton(list: $0) } ?? "" : ""
        if let open {
            return """
                <section class="section part" data-title="\(section.title)"><details\(HTML(raw: open ? " open" : ""))>\
                <summary>\(heading(section, first: false)) <span class="count">\(Formatting.grouped(section.items.count))</span></summary>
                \(rowList)\(linkList)\(playAll)\(itemList)
                </details></section>
                """
        }
        return """
            <section class="section\(HTML(raw: first ? " header" : ""))" data-title="\(section.title)">
            \(heading(section, first: first))
            \(rowList)\(linkList)\(playAll)\(itemList)
            </section>
            """
    }
}
