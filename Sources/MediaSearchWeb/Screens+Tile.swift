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
        let audio: HTML =
            tile.previewUrl.map { url in
                "<audio class=\"episode\" controls preload=\"none\" src=\"\(url: url)\"></audio>"
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
            let path =
                "/item/\(QueryString.encode(tile.kind))/\(QueryString.encode(tile.id))"
                + (censored ? "?explicit=off" : "")
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
            <ul class="facts">\(facts)</ul>\(close)\(reveal)\(audio)\(starButton)</li>
            """
    }

    /// One row of a list that plays: title (opening its detail when some provider renders it, else
    /// its own page), creator, facts, and a player as wide as the row.
    /// - Parameter live: whether it plays a station's live stream: a stream that fails says so.
    static func track(_ tile: Tile, kinds: Set<String>, star: HTML = "", live: Bool = false) -> HTML {
        let facts = tile.facts.map(fact)
        let title: HTML
        if kinds.contains(tile.kind) {
            let path = "/item/\(QueryString.encode(tile.kind))/\(QueryString.encode(tile.id))"
            title = "<a class=\"open\" href=\"\(local: path)\">\(tile.title)</a>"
        } else if let url = tile.url {
            title =
                "<a class=\"open outside\" href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer external\">\(tile.title)</a>"
        } else {
            title = "<span>\(tile.title)</span>"
        }
        let audio: HTML =
            preview(of: tile).map { url in
                "<audio class=\"episode\" controls preload=\"none\" src=\"\(url: url)\"\(unplayable(live: live))></audio>"
            } ?? ""
        // An episode says what it is about: the start of its description, as plain text.
        let about: HTML =
            tile.item?.description.map(HTMLText.plain).map { text -> HTML in
                let short =
                    text.count > 240 ? String(text.prefix(240)).trimmingCharacters(in: .whitespaces) + "…" : text
                return "<p class=\"about\">\(short)</p>"
            } ?? ""
        return """
            <li class="track" data-kind="\(tile.kind)" data-id="\(tile.id)"><div class="what">\
            <span class="title">\(title)</span><span class="creator">\(tile.subtitle)</span>\
            <ul class="facts">\(facts)</ul>\(about)</div>\(audio)\(star)</li>
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
