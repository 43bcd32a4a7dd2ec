import Foundation
import MediaSearchCore
import MediaSearchKit

/// The lists on the web (#61): a star on every result and detail, the Lists page, a list's page.
extension Screens {
    /// The button that keeps an item in a list or takes it off: a real toggle button
    /// (`aria-pressed`), named with the item's title, shown by the script that makes it work;
    /// drawn by `Templates/web/star.mustache`.
    /// - Parameter labelled: whether it says its state in words beside the glyph (a detail's,
    ///   among the main actions: "Star", "Starred").
    static func starModel(
        kind: String, id: String, title: String, list: String = ListName.starred, pressed: Bool,
        labelled: Bool = false
    ) -> StarModel {
        let t = Texts.current
        let shown = Templates.text(listName(list))
        let title = Templates.text(title)
        // One name whatever the state (aria-pressed says it); the tooltip says what a press does.
        let add = t("star.add", ["title": title, "list": shown])
        let remove = t("star.remove", ["title": title, "list": shown])
        return StarModel(
            pressed: pressed ? "true" : "false", kind: Templates.text(kind), id: Templates.text(id),
            list: Templates.text(list), title: title, add: add, remove: remove, tip: pressed ? remove : add,
            glyph: pressed ? "★" : "☆",
            state: labelled
                ? .init(on: t("star.on"), off: t("star.off"), now: t(pressed ? "star.on" : "star.off")) : nil)
    }

    /// A list's name for people: the starred list in the page's words, others as they were given.
    static func listName(_ name: String) -> String {
        name == ListName.starred ? Texts.current("lists.starred") : name
    }

    /// The path of a list's page.
    static func listPath(_ name: String) -> String { "/lists/" + QueryString.encode(name) }

    /// Every list, with its cover (the artwork of up to four of its latest items: one alone when it
    /// has fewer than four) and how many items it holds; drawn by `Templates/web/lists.mustache`.
    static func lists(
        _ lists: [ListSummary], covers: [String: [String]] = [:], configuration: Configuration,
        catalog: ProviderCatalog? = nil
    ) -> HTML {
        let t = Texts.current
        let model = ListsScreen(
            title: t("lists.title"),
            lists: lists.map { list in
                let art = covers[list.name] ?? []
                let shown = art.count >= 4 ? Array(art.prefix(4)) : Array(art.prefix(1))
                // Play all fetches the list's page and plays its rows (the script shows it).
                return ListsScreen.Row(
                    path: Templates.local(listPath(list.name)), name: Templates.text(listName(list.name)),
                    starred: list.name == ListName.starred,
                    count: t("list.count", ["n": Formatting.grouped(list.count)]),
                    covers: shown.map { Templates.url(Formatting.artwork($0, size: 100)) },
                    oneCover: shown.count == 1,
                    playAll: list.count > 0
                        ? ListsScreen.PlayAll(
                            label: t("player.playList", ["list": Templates.text(listName(list.name))]),
                            icon: Icon.play, words: t("player.playAll"))
                        : nil)
            },
            // The starred list is always there (the session's ``SearchSession/allLists()``); while
            // nothing is kept anywhere, the page says how to keep something.
            hint: lists.allSatisfy { $0.count == 0 } ? t("lists.empty") : nil,
            newList: t("lists.new"), create: t("lists.create"), maxLength: ListName.maxLength)
        return page(
            title: "\(t("lists.title")) – MediaSearch",
            body: body("lists", model, configuration: configuration, catalog: catalog), bodyClass: "screen-lists")
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
            tile.previewUrl = tile.previewUrl ?? entry.shown.playablePreviewURL.flatMap(SafeURL.http)
            return tile
        }
        let rows = tiles.map { tile in
            let star = starModel(kind: tile.kind, id: tile.id, title: tile.title, list: name, pressed: true)
            let live = SearchSession.liveMedia.contains(catalog?.media(of: tile.kind) ?? "")
            return track(tile, kinds: kinds, star: star, live: live)
        }
        let api = Templates.local("/api" + listPath(name))
        var downloads = [DownloadsModel.Link(href: api + "?format=csv", words: t("results.download.csv"))]
        if !Playlist(entries).entries.isEmpty {
            downloads.append(.init(href: api + "?format=m3u", words: t("results.download.m3u")))
        }
        if !Subscriptions(entries, title: "").feeds.isEmpty {
            downloads.append(.init(href: api + "?format=opml", words: t("results.download.opml")))
        }
        let model = ListScreen(
            listsTitle: t("lists.title"), title: Templates.text(listName(name)), name: Templates.text(name),
            starred: name == ListName.starred, path: Templates.local(listPath(name)),
            count: t("list.count", ["n": Formatting.grouped(entries.count)]), renameWords: t("list.rename"),
            renameTo: t("list.renameTo"), deleteWords: t("list.delete"), maxLength: ListName.maxLength,
            hasItems: !entries.isEmpty, empty: t("list.empty"),
            playAll: tiles.filter({ preview(of: $0) != nil }).count > 1 ? playAllModel(list: "tracks") : nil,
            rows: rows, downloads: DownloadsModel(line: t("list.download"), links: downloads))
        return page(
            title: "\(listName(name)) – MediaSearch",
            body: body("list", model, configuration: configuration, catalog: catalog), bodyClass: "screen-list")
    }

    /// Whether to delete a list: what goes with it, the button that deletes it, the way back.
    static func deleteList(_ list: ListSummary, configuration: Configuration, catalog: ProviderCatalog? = nil) -> HTML {
        let t = Texts.current
        let model = DeleteListScreen(
            listsTitle: t("lists.title"), title: t("list.deleteTitle", ["name": Templates.text(list.name)]),
            holds: list.count == 0
                ? t("list.deleteEmpty") : t("list.deleteHolds", ["n": Formatting.grouped(list.count)]),
            path: Templates.local(listPath(list.name)), count: list.count, confirm: t("list.deleteConfirm"),
            keep: t("list.keep"))
        return page(
            title: "\(t("list.delete")) – MediaSearch",
            body: body("list-delete", model, configuration: configuration, catalog: catalog), bodyClass: "screen-list")
    }
}

/// What the Lists page shows (`Templates/web/lists.mustache`): plain values, every text sanitized
/// and every link checked by the screen that makes it.
struct ListsScreen: TemplateModel {
    struct Row: TemplateModel {
        var path: String
        var name: String
        /// The starred list's name is the page's word for it; any other is the user's own, never
        /// translated.
        var starred: Bool
        var count: String
        var covers: [String]
        var oneCover: Bool
        var playAll: PlayAll?
    }

    struct PlayAll: TemplateModel {
        var label: String
        var icon: String
        var words: String
    }

    var title: String
    var lists: [Row]
    var hint: String?
    var newList: String
    var create: String
    var maxLength: Int
}

/// What a list's page shows (`Templates/web/list.mustache`).
struct ListScreen: TemplateModel {
    var listsTitle: String
    var title: String
    var name: String
    var starred: Bool
    var path: String
    var count: String
    var renameWords: String
    var renameTo: String
    var deleteWords: String
    var maxLength: Int
    var hasItems: Bool
    var empty: String
    var playAll: PlayAllModel?
    var rows: [TrackModel]
    var downloads: DownloadsModel
}

/// What the page that asks before deleting a list shows (`Templates/web/list-delete.mustache`).
struct DeleteListScreen: TemplateModel {
    var listsTitle: String
    var title: String
    var holds: String
    var path: String
    var count: Int
    var confirm: String
    var keep: String
}

/// The button that keeps an item in a list or takes it off (`Templates/web/star.mustache`).
struct StarModel: TemplateModel {
    /// The words of a star that says its state (a detail's).
    struct State: TemplateModel {
        var on, off, now: String
    }

    var pressed, kind, id, list, title, add, remove, tip, glyph: String
    var state: State?

    // Found by a switch, not by reflection: a page draws hundreds of tiles (docs/design.md).
    func child(named name: String) -> Any? {
        switch name {
        case "pressed": self.pressed
        case "kind": self.kind
        case "id": self.id
        case "list": self.list
        case "title": self.title
        case "add": self.add
        case "remove": self.remove
        case "tip": self.tip
        case "glyph": self.glyph
        case "state": Absent.or(self.state)
        // A name the model lacks is nothing, not an outer model's field.
        default: Absent()
        }
    }
}
