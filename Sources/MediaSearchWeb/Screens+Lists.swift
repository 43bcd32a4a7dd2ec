import Foundation
import MediaSearchCore
import MediaSearchKit

/// The lists on the web (#61): a star on every result and detail, the Lists page, a list's page.
extension Screens {
    /// The button that keeps an item in a list or takes it off: a real toggle button
    /// (`aria-pressed`), named with the item's title, shown by the script that makes it work.
    static func star(kind: String, id: String, title: String, list: String = ListName.starred, pressed: Bool)
        -> HTML
    {
        let t = Texts.current
        let shown = listName(list)
        // One name whatever the state (aria-pressed says it); the tooltip says what a press does.
        let label = t("star.add", ["title": title, "list": shown])
        let tip = t(pressed ? "star.remove" : "star.add", ["title": title, "list": shown])
        return """
            <button type="button" class="star" hidden aria-pressed="\(pressed ? "true" : "false")" \
            data-kind="\(kind)" data-id="\(id)" data-list="\(list)" data-title="\(title)" \
            data-add="\(t("star.add", ["title": title, "list": shown]))" \
            data-remove="\(t("star.remove", ["title": title, "list": shown]))" \
            aria-label="\(label)" title="\(tip)"><span aria-hidden="true">\(pressed ? "★" : "☆")</span></button>
            """
    }

    /// A list's name for people: the starred list in the page's words, others as they were given.
    static func listName(_ name: String) -> String {
        name == ListName.starred ? Texts.current("lists.starred") : name
    }

    /// The path of a list's page.
    static func listPath(_ name: String) -> String { "/lists/" + QueryString.encode(name) }

    /// Every list, with how many items it holds.
    static func lists(_ lists: [ListSummary], configuration: Configuration, catalog: ProviderCatalog? = nil) -> HTML {
        let t = Texts.current
        let rows = lists.map { list -> HTML in
            "<li><a href=\"\(local: listPath(list.name))\"\(HTML(raw: list.name == ListName.starred ? "" : " translate=\"no\""))>\(listName(list.name))</a> <span class=\"count\">\(t("list.count", ["n": Formatting.grouped(list.count)]))</span></li>"
        }
        let body: HTML = rows.isEmpty ? "<p>\(t("lists.empty"))</p>" : "<ul class=\"lists\">\(rows)</ul>"
        return page(
            title: "\(t("lists.title")) – MediaSearch",
            body: """
                \(form(nil, configuration: configuration, catalog: catalog))
                <main class="lists"><h1>\(t("lists.title"))</h1>\(body)</main>
                """, bodyClass: "screen-lists")
    }

    /// A list's items, the latest added first: rows that play one after another when several can,
    /// each with its star (pressed: pressing it takes the item off), and the list as a table and
    /// a playlist to download.
    static func list(
        _ name: String, entries: [ResultEntry], kinds: Set<String>, configuration: Configuration,
        catalog: ProviderCatalog? = nil
    ) -> HTML {
        let t = Texts.current
        let tiles = entries.map { entry -> Tile in
            var tile = entry.tile
            tile.previewUrl = tile.previewUrl ?? entry.shown.previewURL.flatMap(SafeURL.http)
            return tile
        }
        let rows = tiles.map { tile -> HTML in
            let star = star(kind: tile.kind, id: tile.id, title: tile.title, list: name, pressed: true)
            let live = SearchSession.liveMedia.contains(catalog?.media(of: tile.kind) ?? "")
            return track(tile, kinds: kinds, star: star, live: live)
        }
        let api = "/api" + listPath(name)
        var content: HTML = "<p>\(t("list.empty"))</p>"
        if !entries.isEmpty {
            var links: [HTML] = ["<a href=\"\(local: api + "?format=csv")\" download>\(t("results.download.csv"))</a>"]
            if !Playlist(entries).entries.isEmpty {
                links.append("<a href=\"\(local: api + "?format=m3u")\" download>\(t("results.download.m3u"))</a>")
            }
            if !Subscriptions(entries, title: "").feeds.isEmpty {
                links.append("<a href=\"\(local: api + "?format=opml")\" download>\(t("results.download.opml"))</a>")
            }
            let separated = links.enumerated().flatMap {
                $0.offset == 0 ? [$0.element] : [" · ", $0.element] as [HTML]
            }
            let playAll: HTML =
                tiles.filter({ preview(of: $0) != nil }).count > 1
                ? "<p class=\"play-all\" hidden><button type=\"button\">\(t("player.playAll"))</button><span class=\"now\" role=\"status\"></span></p>"
                : ""
            content = """
                <section class="section" data-title="\(name)">\(playAll)<ol class="tracks">\(rows)</ol></section>
                <p class="downloads">\(t("list.download")) \(separated)</p>
                """
        }
        return page(
            title: "\(listName(name)) – MediaSearch",
            body: """
                \(form(nil, configuration: configuration, catalog: catalog))
                <main class="list"><p><a href="/lists">\(t("lists.title"))</a></p>\
                <h1\(HTML(raw: name == ListName.starred ? "" : " translate=\"no\""))>\(listName(name))</h1>\
                <p class="count">\(t("list.count", ["n": Formatting.grouped(entries.count)]))</p>
                \(content)
                </main>
                """, bodyClass: "screen-list")
    }
}
