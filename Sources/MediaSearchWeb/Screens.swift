import Foundation
import MediaSearchCore
import MediaSearchKit

/// The two screens of the reference apps, rendered on the server: the search screen (tiles with
/// artwork, tabs per enabled kind, per-provider errors, paging) and the detail screen (large
/// artwork, the provider's sections, the author, other works, episodes and the preview player).
package enum Screens {
    /// The whole page around a screen.
    static func page(title: String, body: HTML, bodyClass: String) -> HTML {
        HTML(joining: [pageStart(title: title, bodyClass: bodyClass), body, pageEnd])
    }

    /// A screen's body: the search form, then what `template` draws of `model`.
    static func body(
        _ template: String, _ model: Any, configuration: Configuration, catalog: ProviderCatalog? = nil
    ) -> HTML {
        HTML(joining: [form(nil, configuration: configuration, catalog: catalog), Templates.render(template, model)])
    }

    /// The page up to its screen: the head and the body's opening, with the config's notice (the
    /// operator's words, in whatever language they wrote: not translated, by us or the browser);
    /// drawn by `Templates/web/page-start.mustache`.
    static func pageStart(title: String, bodyClass: String) -> HTML {
        let t = Texts.current
        return Templates.render(
            "page-start",
            PageStart(
                language: t.code, title: Templates.text(title), bodyClass: bodyClass, loading: t("script.loading"),
                back: t("script.back"), backFor: t("script.backFor"), unplayable: t("script.unplayable"),
                starFailed: t("star.failed"), notice: t.notice.map(Templates.text)))
    }

    /// The page after its screen: the footer, the page's one player and the keys' dialog, and the
    /// body's end; drawn by `Templates/web/page-end.mustache`.
    static var pageEnd: HTML {
        let t = Texts.current
        // The page's one player (#75 item 3), which the script shows once something plays
        // (``Assets/player``): the artwork, the title (a link to its detail) and creator, previous,
        // play/pause and next, the position, a close; a polite status line says what plays,
        // another what cannot. It holds the words the script says, in the page's language.
        let player = PageEnd.Player(
            nowPlaying: t("player.nowPlaying"), play: t("player.play"), pause: t("player.pause"),
            resume: t("player.resume"), playAll: t("player.playAll"), playing: t("player.playing"),
            live: t("player.live"), nothing: t("player.nothing"), previous: t("player.previous"),
            next: t("player.next"), position: t("player.position"), close: t("player.close"),
            playIcon: Icon.play, pauseIcon: Icon.pause, previousIcon: Icon.previous, nextIcon: Icon.next,
            closeIcon: Icon.close)
        // The keyboard's shortcuts, in a dialog that `?` (or the footer's button) opens; the script
        // that answers the keys shows the button, since without it no key works.
        let rows: [(keys: [String], what: String)] = [
            (["/"], "keys.search"), (["j", "k"], "keys.move"), (["Enter"], "keys.enter"), (["Esc"], "keys.back"),
            (["s"], "keys.star"), (["p"], "keys.play"), (["n", "b"], "keys.skip"), (["?"], "keys.help"),
        ]
        let dialog = PageEnd.Keys(
            title: t("keys.title"),
            rows: rows.map { row in
                .init(
                    keys: row.keys.enumerated().map { .init(key: $0.element, after: $0.offset > 0) },
                    what: t(row.what))
            }, toggle: t("keys.toggle"), close: t("keys.close"))
        return Templates.render(
            "page-end",
            PageEnd(
                listsLink: t("lists.link"), switchLabel: t("language.switch"), languages: t.switcher,
                keysOpen: t("keys.open"), player: player,
                dialog: dialog))
    }

    // MARK: errors

    /// A detail a link from another site opened: nothing looked up yet, one link to open it here.
    /// Its badge names the kind of media (a Deezer song is a Song, #60).
    static func confirmDetail(
        media: String, link: String, configuration: Configuration, catalog: ProviderCatalog? = nil
    ) -> HTML {
        let t = Texts.current
        let model = ConfirmDetailScreen(
            badge: Templates.text(kindLabel(media)), title: t("detail.confirm.title"), confirm: t("detail.confirm"),
            link: Templates.local(link), open: t("detail.confirm.open"))
        return page(
            title: "\(t("detail.confirm.title")) – MediaSearch",
            body: body("confirm-detail", model, configuration: configuration, catalog: catalog),
            bodyClass: "screen-confirm")
    }

    /// A page for a request that could not be answered.
    static func error(status: Int, message: String, configuration: Configuration) -> HTML {
        let t = Texts.current
        let model = ErrorScreen(
            title: t(status == 404 ? "error.404" : status == 400 ? "error.400" : "error.other"),
            message: Templates.text(message), back: t("error.back"))
        return page(
            title: "\(status) – MediaSearch",
            body: body("error", model, configuration: configuration), bodyClass: "screen-error")
    }
}

/// What every page's head and body's opening show (`Templates/web/page-start.mustache`).
struct PageStart: TemplateModel {
    var language: String
    var title: String
    var bodyClass: String
    var loading: String
    var back: String
    var backFor: String
    var unplayable: String
    var starFailed: String
    var notice: String?
}

/// What every page shows after its screen (`Templates/web/page-end.mustache`).
struct PageEnd: TemplateModel {
    struct Player: TemplateModel {
        var nowPlaying, play, pause, resume, playAll, playing, live, nothing: String
        var previous, next, position, close: String
        var playIcon, pauseIcon, previousIcon, nextIcon, closeIcon: String
    }

    struct Keys: TemplateModel {
        struct Row: TemplateModel {
            struct Key: TemplateModel {
                var key: String
                /// Whether another key comes before it (a space then).
                var after: Bool
            }

            var keys: [Key]
            var what: String
        }

        var title: String
        var rows: [Row]
        var toggle: String
        var close: String
    }

    var listsLink: String
    var switchLabel: String
    /// The links to the page in the other languages.
    var languages: [LinkModel.Language]
    var keysOpen: String
    var player: Player
    var dialog: Keys
}

/// What the page before a detail opened from another site shows (`Templates/web/confirm-detail.mustache`).
struct ConfirmDetailScreen: TemplateModel {
    var badge, title, confirm, link, open: String
}

/// What a page for a request that could not be answered shows (`Templates/web/error.mustache`).
struct ErrorScreen: TemplateModel {
    var title, message, back: String
}
