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
        let artwork: HTML =
            item.artworkURL.flatMap(SafeURL.http).map { url in
                "<img class=\"artwork\" src=\"\(url: Formatting.artwork(url, size: 600))\" alt=\"\" width=\"600\" height=\"600\">"
            }
            ?? "<span class=\"artwork none\" aria-hidden=\"true\"><span class=\"icon\">\(kindIcon(page.media ?? page.kind))</span><span class=\"name\">\(item.title ?? Texts.current.label("Untitled"))</span></span>"
        var player: HTML = ""
        // A merged work whose own store has no preview plays another store's (#75 item 3).
        if let preview = item.playablePreviewURL.flatMap(SafeURL.http) {
            let video = ["movie", "music-video"].contains(page.media ?? page.kind) || preview.hasSuffix(".m4v")
            // A station's stream that fails says so in its own words, not a preview's (#60 item 6).
            let live: HTML =
                page.isLive ? " aria-label=\"\(Texts.current.label("Listen live"))\"\(unplayable(live: true))" : ""
            player =
                video
                ? "<video class=\"preview\" controls preload=\"none\" src=\"\(url: preview)\"></video>"
                : "<audio class=\"preview\" controls preload=\"none\" src=\"\(url: preview)\"\(live)></audio>"
        }
        // The header section (the item's own facts) sits beside the artwork; the rest below.
        let header = page.detail.sections.first.map { section($0, first: true, kinds: kinds, catalog: catalog) } ?? ""
        // A merged work's stores are links and players here, not the terminal's rows.
        // A list's parts (a show's seasons) fold, the last one open (#60).
        let below = Array(page.detail.sections.dropFirst().filter { $0 != page.storesSection })
        let lastPart = below.lastIndex(where: \.folded)
        let sections =
            below.enumerated().map { index, part in
                section(part, first: false, kinds: kinds, open: part.folded ? index == lastPart : nil, catalog: catalog)
            } + [stores(page.offers)]
        let notices = page.detail.notices.map { notice -> HTML in "<li class=\"notice\">\(notice)</li>" }
        let noticeList: HTML = notices.isEmpty ? "" : "<ul class=\"messages\">\(notices)</ul>"
        return Self.page(
            title: "\(item.title ?? Texts.current.label("Untitled")) – MediaSearch",
            body: """
                \(form(nil, configuration: configuration, catalog: catalog))
                <main class="detail" data-kind="\(page.kind)" data-id="\(item.id)" data-icon="\(kindIcon(page.media ?? page.kind))">
                <div class="hero">\(artwork)<div class="heading"><span class="badge">\(kindLabel(page.media ?? page.kind))</span>\
                <h1>\(item.title ?? Texts.current.label("Untitled"))</h1>\(starred.map { star(kind: page.kind, id: item.id, title: item.title ?? item.id, pressed: $0) } ?? "")\(creatorLine(item, albumKind: albumKind))\(reveal(page))\(player)\(header)</div></div>
                \(noticeList)
                \(sections)
                </main>
                """, bodyClass: "screen-detail")
    }

    /// The stores of a merged work: each source's page as a link, with its price, and a player
    /// per preview.
    static func stores(_ offers: [SourceOffer]) -> HTML {
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
            let label = t("stores.preview", ["source": offer.source])
            let player: HTML =
                offer.previewURL.flatMap(SafeURL.http).map { url in
                    "<audio class=\"episode\" controls preload=\"none\" src=\"\(url: url)\" aria-label=\"\(label)\"></audio>"
                } ?? ""
            return
                "<li class=\"track offer\" data-source=\"\(offer.source)\"><div class=\"what\"><span class=\"title\">\(name)</span>\(price)\(facts)</div>\(player)</li>"
        }
        return """
            <section class="section stores" data-title="Stores">
            <h2>\(t.label("Stores"))</h2>
            <ol class="tracks">\(rows)</ol>
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
    static func section(
        _ section: DetailSection, first: Bool, kinds: Set<String>, open: Bool? = nil, catalog: ProviderCatalog? = nil
    ) -> HTML {
        let label = Texts.current.label
        // The header's Kind row repeats the badge above it on this page.
        let rows = section.rows.filter { !first || $0.label != "Kind" }.map { row -> HTML in
            if let values = row.values {
                // A source's tags or genres: its own words, one entry each.
                let entries = values.map { value -> HTML in "<li>\(value)</li>" }
                return "<dt>\(label(row.label))</dt><dd><ul class=\"tags\" translate=\"no\">\(entries)</ul></dd>"
            }
            return row.value.contains("\n") || row.value.count > 120
                ? "<dt>\(label(row.label))</dt><dd class=\"long\">\(block: row.value)</dd>"
                : "<dt>\(label(row.label))</dt><dd\(HTML(raw: [.text, .list, .id].contains(row.fact.kind) ? " translate=\"no\"" : ""))>\(row.value(Texts.current.facts))</dd>"
        }
        let links = section.links.map { link -> HTML in
            "<li><a href=\"\(url: link.url)\" target=\"_blank\" rel=\"noopener noreferrer external\">\(label(link.label))</a></li>"
        }
        // Items that play (an album's tracks, a podcast's episodes) are rows with a full-width
        // player, and so are items with no picture (a show's episodes): a row says all they
        // have; others (other works, a cast) are tiles.
        let playable =
            !section.items.isEmpty
            && section.items.allSatisfy { preview(of: $0) != nil || $0.artworkUrl == nil }
        let items = section.items.map {
            playable
                ? track(
                    $0, kinds: kinds, live: catalog?.media(of: $0.kind).map(SearchSession.liveMedia.contains) ?? false)
                : tile($0, uncensored: nil, kinds: kinds, media: catalog?.media(of: $0.kind))
        }
        let rowList: HTML = rows.isEmpty ? "" : "<dl>\(rows)</dl>"
        let linkList: HTML = links.isEmpty ? "" : "<ul class=\"links\">\(links)</ul>"
        let itemList: HTML =
            items.isEmpty
            ? "" : playable ? "<ol class=\"tracks\">\(items)</ol>" : "<ol class=\"tiles small\">\(items)</ol>"
        // Tracks that play one after another (an album, a book's sections, episodes): the script
        // shows the button, which needs it.
        let playAll: HTML =
            playable && section.items.filter({ preview(of: $0) != nil }).count > 1
            ? "<p class=\"play-all\" hidden><button type=\"button\">\(Texts.current("player.playAll"))</button><span class=\"now\" role=\"status\"></span></p>"
            : ""
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
