import Foundation
import MediaSearchCore
import MediaSearchKit

/// The two screens of the reference apps, rendered on the server: the search screen (tiles with
/// artwork, tabs per enabled kind, per-provider errors, paging) and the detail screen (large
/// artwork, the provider's sections, the author, other works, episodes and the preview player).
package enum Screens {
    /// The whole page around a screen.
    static func page(title: String, body: HTML, bodyClass: String) -> HTML {
        "\(pageStart(title: title, bodyClass: bodyClass))\n\(body)\n\(pageEnd)"
    }

    /// The page up to its screen: the head and the body's opening, with the config's notice (the
    /// operator's words, in whatever language they wrote: not translated, by us or the browser).
    static func pageStart(title: String, bodyClass: String) -> HTML {
        let t = Texts.current
        return """
            <!doctype html>
            <html lang="\(t.code)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <link rel="stylesheet" href="/assets/app.css">
            <script src="/assets/app.js" defer></script>
            </head>
            <body class="\(bodyClass)" data-loading="\(t("script.loading"))" data-back="\(t("script.back"))" \
            data-back-for="\(t("script.backFor"))" data-unplayable="\(t("script.unplayable"))" \
            data-star-failed="\(t("star.failed"))">
            \(t.notice.map { notice -> HTML in "<aside class=\"site-notice\" translate=\"no\"><p>\(notice)</p></aside>" } ?? "")
            """
    }

    /// The page after its screen: the footer, the keys' dialog and the body's end.
    static var pageEnd: HTML {
        let t = Texts.current
        return """
            <footer class="foot"><a class="lists-link" href="/lists">\(t("lists.link"))</a>\(t.switcher)<button type="button" class="keys-open" hidden>\(t("keys.open")) <kbd>?</kbd></button></footer>
            \(nowPlaying)
            \(keys)
            </body>
            </html>
            """
    }

    /// The page's one player (#75 item 3), which the script shows once something plays
    /// (``Assets/player``): the artwork, the title (a link to its detail) and creator, previous,
    /// play/pause and next, the position, a close; a polite status line says what plays, another
    /// what cannot. It holds the words the script says, in the page's language.
    static var nowPlaying: HTML {
        let t = Texts.current
        return """
            <section class="now-playing" hidden aria-label="\(t("player.nowPlaying"))" data-play="\(t("player.play"))" \
            data-pause="\(t("player.pause"))" data-resume="\(t("player.resume"))" data-play-all="\(t("player.playAll"))" \
            data-playing="\(t("player.playing"))" data-live="\(t("player.live"))" data-nothing-plays="\(t("player.nothing"))">\
            <img class="cover" alt="" width="48" height="48" hidden>\
            <div class="what"><a class="title" translate="no"></a><span class="creator" translate="no"></span></div>\
            <div class="controls"><button type="button" class="previous" aria-label="\(t("player.previous"))">\(Icon.previous)</button>\
            <button type="button" class="toggle" aria-label="\(t("player.play"))" aria-pressed="false">\(Icon.play)\(Icon.pause)</button>\
            <button type="button" class="next" aria-label="\(t("player.next"))">\(Icon.next)</button></div>\
            <div class="place"><input type="range" class="position" min="0" max="0" step="any" value="0" aria-label="\(t("player.position"))">\
            <span class="time">0:00</span></div>\
            <button type="button" class="close" aria-label="\(t("player.close"))">\(Icon.close)</button>\
            <p class="now sr-only" role="status"></p><p class="unplayable" role="status" hidden></p></section>
            """
    }

    /// The keyboard's shortcuts, in a dialog that `?` (or the footer's button) opens; the script
    /// that answers the keys shows the button, since without it no key works.
    static var keys: HTML {
        let t = Texts.current
        let rows: [(keys: [String], what: String)] = [
            (["/"], "keys.search"), (["j", "k"], "keys.move"), (["Enter"], "keys.enter"), (["Esc"], "keys.back"),
            (["s"], "keys.star"), (["p"], "keys.play"), (["n", "b"], "keys.skip"), (["?"], "keys.help"),
        ]
        let list = rows.map { row -> HTML in
            let keys = row.keys.map { key -> HTML in "<kbd>\(key)</kbd>" }
            let separated = keys.enumerated().flatMap { $0.offset == 0 ? [$0.element] : [" ", $0.element] as [HTML] }
            return "<dt>\(separated)</dt><dd>\(t(row.what))</dd>"
        }
        return """
            <dialog id="keys" aria-labelledby="keys-title"><h2 id="keys-title">\(t("keys.title"))</h2>\
            <dl class="keys">\(list)</dl><p><label><input type="checkbox" id="keys-on" checked> \(t("keys.toggle"))</label></p>\
            <button type="button" class="keys-close">\(t("keys.close"))</button></dialog>
            """
    }

    // MARK: errors

    /// A page for a request that could not be answered.
    /// A detail a link from another site opened: nothing looked up yet, one link to open it here.
    /// Its badge names the kind of media (a Deezer song is a Song, #60).
    static func confirmDetail(
        media: String, link: String, configuration: Configuration, catalog: ProviderCatalog? = nil
    ) -> HTML {
        let t = Texts.current
        return page(
            title: "\(t("detail.confirm.title")) – MediaSearch",
            body: """
                \(form(nil, configuration: configuration, catalog: catalog))
                <main class="confirm-detail"><span class="badge">\(kindLabel(media))</span><h1>\(t("detail.confirm.title"))</h1>\
                <p role="status" class="confirm">\(t("detail.confirm"))</p><p><a class="open-detail" href="\(local: link)">\(t("detail.confirm.open"))</a></p></main>
                """, bodyClass: "screen-confirm")
    }

    static func error(status: Int, message: String, configuration: Configuration) -> HTML {
        page(
            title: "\(status) – MediaSearch",
            body: """
                \(form(nil, configuration: configuration))
                <main class="failure"><h1>\(Texts.current(status == 404 ? "error.404" : status == 400 ? "error.400" : "error.other"))</h1>\
                <p class="error">\(message)</p><p><a href="/">\(Texts.current("error.back"))</a></p></main>
                """, bodyClass: "screen-error")
    }
}
