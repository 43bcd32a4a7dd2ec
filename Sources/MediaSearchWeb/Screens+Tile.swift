import Foundation
import MediaSearchCore
import MediaSearchKit

/// The pieces every screen shows results with: a tile, a track row, a fact, a placeholder.
extension Screens {
    /// One tile: artwork, kind badge, title, creator and the provider's facts; a censored name
    /// can be revealed in place. A tile of a kind some provider renders opens its detail here;
    /// any other (a podcast's episode) opens its own page outside, or nothing when it has none.
    /// A censored tile's detail link says so (`?explicit=off`), so the detail censors the same names.
    static func tile(
        _ tile: Tile, uncensored: MediaItem?, kinds: Set<String>, censored: Bool = false, starred: Bool? = nil,
        media: String? = nil
    ) -> HTML {
        let facts = also(tile.item?.otherSources ?? []) + tile.facts.map(fact)
        let artwork: HTML =
            tile.artworkUrl.map { url in
                "<img class=\"art\" src=\"\(url: Formatting.artwork(url, size: 200))\" alt=\"\" loading=\"lazy\" width=\"200\" height=\"200\">"
            } ?? placeholder(media: media ?? tile.kind, title: tile.title)
        var reveal: HTML = ""
        if let uncensored, uncensored.title != tile.title || uncensored.creator != tile.subtitle {
            reveal =
                "<details class=\"reveal\"><summary>\(Texts.current("tile.reveal"))</summary><span>\(uncensored.title)</span> <span>\(uncensored.creator)</span></details>"
        }
        // A picture's preview (a film's) plays on its detail, where there is room for it. A merged
        // work plays another store's when its own has none (#75 item 3).
        let kind = media ?? tile.kind
        let play: HTML =
            preview(of: tile).flatMap { url in
                Self.videoMedia.contains(kind)
                    ? nil
                    : playLink(
                        url, title: tile.title, creator: tile.subtitle, artwork: tile.artworkUrl,
                        detail: kinds.contains(tile.kind) ? detailPath(tile.kind, tile.id) : nil,
                        live: SearchSession.liveMedia.contains(kind))
            } ?? ""
        // The kind of media, one name whatever the source (#60): a Deezer song is a Song.
        let badge = kindLabel(media ?? tile.kind)
        // Only a result this server can open can be kept (its record is looked up by kind and id).
        let starButton: HTML =
            starred.map {
                kinds.contains(tile.kind) ? star(kind: tile.kind, id: tile.id, title: tile.title, pressed: $0) : ""
            }
            ?? ""
        let open: HTML
        let close: HTML
        if kinds.contains(tile.kind) {
            let path = detailPath(tile.kind, tile.id) + (censored ? "?explicit=off" : "")
            (open, close) = ("<a class=\"open\" href=\"\(local: path)\">", "</a>")
        } else if let url = tile.url {
            (open, close) = (
                "<a class=\"open outside\" href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer external\">",
                "</a>"
            )
        } else {
            (open, close) = ("<div class=\"open\">", "</div>")
        }
        return """
            <li class="tile" data-kind="\(tile.kind)" data-id="\(tile.id)" data-icon="\(kindIcon(media ?? tile.kind))">\(open)\
            \(artwork)<span class="badge">\(badge)</span>\
            <span class="title">\(tile.title)</span><span class="creator">\(tile.subtitle)</span>\
            <ul class="facts">\(facts)</ul>\(close)\(reveal)\(play)\(starButton)</li>
            """
    }

    /// One row of a list that plays, in one line as media apps show it (#75 item 2): its Play
    /// (for the page's one player), title (opening its detail when some provider renders it, else
    /// its own page) and creator, the start of what it is about, its facts (the length), its star.
    /// - Parameter live: whether it plays a station's live stream: a stream that fails says so.
    /// - Parameter by: the creator of the item the rows are part of (an album's artist), which a
    ///   row of the same creator does not repeat.
    static func track(_ tile: Tile, kinds: Set<String>, star: HTML = "", live: Bool = false, by: String? = nil) -> HTML
    {
        let facts = tile.facts.map(fact)
        let title: HTML
        let detail = kinds.contains(tile.kind) ? detailPath(tile.kind, tile.id) : nil
        if let detail {
            title = "<a class=\"open\" href=\"\(local: detail)\">\(tile.title)</a>"
        } else if let url = tile.url {
            title =
                "<a class=\"open outside\" href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer external\">\(tile.title)</a>"
        } else {
            title = "<span>\(tile.title)</span>"
        }
        // A row with nothing to play keeps the column, so the titles line up.
        let play: HTML =
            preview(of: tile).map { url in
                playLink(
                    url, title: tile.title, creator: tile.subtitle,
                    artwork: tile.artworkUrl ?? tile.item?.artworkURL.flatMap(SafeURL.http), detail: detail, live: live)
            } ?? "<span class=\"play none\" aria-hidden=\"true\"></span>"
        let creator: HTML =
            (tile.subtitle ?? "").isEmpty || tile.subtitle == by
            ? "" : "<span class=\"creator\">\(tile.subtitle)</span>"
        // An episode says what it is about: the start of its description, as plain text.
        let about: HTML =
            tile.item?.description.map(HTMLText.plain).map { text -> HTML in
                let short =
                    text.count > 240 ? String(text.prefix(240)).trimmingCharacters(in: .whitespaces) + "…" : text
                return "<p class=\"about\">\(short)</p>"
            } ?? ""
        return """
            <li class="track" data-kind="\(tile.kind)" data-id="\(tile.id)">\(play)<div class="what">\
            <span class="title">\(title)</span>\(creator)\(about)</div>\
            <ul class="facts">\(facts)</ul>\(star)</li>
            """
    }

    /// The kinds of media whose previews are pictures (a film's trailer): they play on the detail,
    /// not in the page's player of sound.
    static let videoMedia: Set<String> = ["movie", "music-video"]

    /// The path of an item's detail on this site.
    static func detailPath(_ kind: String, _ id: String) -> String {
        "/item/\(QueryString.encode(kind))/\(QueryString.encode(id))"
    }

    /// A Play for the page's one player (#75 item 3): a link to the preview itself, so a page whose
    /// script does not run still plays it (the browser opens the file), which the script plays in
    /// the now-playing bar instead, the rest of its list after it. What the bar shows of it (title,
    /// creator, artwork, the detail it links to) rides along in data attributes.
    /// - Parameter label: the words beside the icon (the detail's main action); else the icon alone.
    static func playLink(
        _ url: String, title: String, creator: String?, artwork: String?, detail: String?, live: Bool,
        label: HTML? = nil
    ) -> HTML {
        let t = Texts.current
        let art: HTML = artwork.map { "data-artwork=\"\(url: Formatting.artwork($0, size: 200))\" " } ?? ""
        let link: HTML = detail.map { "data-href=\"\(local: $0)\" " } ?? ""
        let stream: HTML = live ? "data-live\(unplayable(live: true)) " : ""
        let name = t(live ? "player.listen" : "player.playTitle", ["title": title])
        let words: HTML = label.map { " <span class=\"label\">\($0)</span>" } ?? ""
        return """
            <a class="play\(HTML(raw: label == nil ? "" : " primary"))" href="\(url: url)" data-title="\(title)" \
            data-creator="\(creator)" \(art)\(link)\(stream)aria-label="\(name)">\(Icon.play)\(words)</a>
            """
    }

    /// One of a tile's facts in the page's words (#72): a typed value written from the catalog's
    /// keys (`320 эпизодов`, `1 ч 48 мин`); a source's own words (an album's name, a genre)
    /// marked as not for translating.
    static func fact(_ fact: Fact) -> HTML {
        let text = fact.text(Texts.current.facts) ?? ""
        switch fact.kind {
        case .text, .list, .id: return "<li translate=\"no\">\(text)</li>"
        default: return "<li>\(text)</li>"
        }
    }

    /// The sources a result merged, as its first fact (`also on Deezer`), marked for a page that
    /// fills in (StreamedSearch) to bring it up to date; nothing for a result of one source.
    static func also(_ offers: [SourceOffer]) -> [HTML] {
        guard !offers.isEmpty else { return [] }
        let names = offers.map(\.source).joined(separator: ", ")
        return ["<li data-also>\(Texts.current("tile.alsoOn", ["names": names]))</li>"]
    }

    /// What a tile plays: its own preview, else its item's (a track listed in an album's detail).
    static func preview(of tile: Tile) -> String? {
        tile.previewUrl ?? tile.item?.playablePreviewURL.flatMap(SafeURL.http)
    }

    /// A player's own words for when it cannot play: a station's live stream says "stream" (#60
    /// item 6); a preview takes the page's.
    static func unplayable(live: Bool) -> HTML {
        live ? " data-unplayable=\"\(Texts.current("script.unplayableStream"))\"" : ""
    }

    /// What stands where a tile has no artwork, or where its artwork fails to load (the script
    /// swaps a failing image for the same): the kind's icon and the title.
    static func placeholder(media: String, title: String) -> HTML {
        "<span class=\"art none\" aria-hidden=\"true\"><span class=\"icon\">\(kindIcon(media))</span><span class=\"name\">\(title)</span></span>"
    }

    /// A glyph per kind of media, for placeholders: the same for every source's songs (#60). The
    /// page gives it in `data-icon`, for the script's placeholder of artwork that fails to load.
    static func kindIcon(_ media: String) -> String {
        [
            "song": "♪", "album": "◉", "movie": "▶", "music-video": "▶", "audiobook": "❡", "podcast": "◎", "book": "▤",
            "tv-show": "▭", "radio-station": "◍",
        ][media] ?? "■"
    }

    static func kindLabel(_ kind: String) -> String {
        Texts.current.ifKnown("kind." + kind) ?? kind.prefix(1).uppercased()
            + kind.dropFirst().replacingOccurrences(of: "-", with: " ")
    }
}
