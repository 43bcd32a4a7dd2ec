import Foundation
import MediaSearchCore
import MediaSearchKit

/// The pieces every screen shows results with: a tile, a track row, a fact, a placeholder.
extension Screens {
    /// One tile: artwork, kind badge, title, creator and the provider's facts; a censored name
    /// can be revealed in place. A tile of a kind some provider renders opens its detail here;
    /// any other (a podcast's episode) opens its own page outside, or nothing when it has none.
    /// A censored tile's detail link says so (`?explicit=off`), so the detail censors the same names.
    /// Drawn by `Templates/web/tile.mustache`.
    static func tileModel(
        _ tile: Tile, uncensored: MediaItem?, kinds: Set<String>, censored: Bool = false, starred: Bool? = nil,
        media: String? = nil
    ) -> TileModel {
        let kind = media ?? tile.kind
        var reveal: TileModel.Reveal?
        if let uncensored, uncensored.title != tile.title || uncensored.creator != tile.subtitle {
            reveal = .init(
                summary: Texts.current("tile.reveal"), title: Templates.text(uncensored.title),
                creator: Templates.text(uncensored.creator))
        }
        // A picture's preview (a film's) plays on its detail, where there is room for it. A merged
        // work plays another store's when its own has none (#75 item 3).
        let play = preview(of: tile).flatMap { url in
            Self.videoMedia.contains(kind)
                ? nil
                : playModel(
                    url, title: tile.title, creator: tile.subtitle, artwork: tile.artworkUrl,
                    detail: kinds.contains(tile.kind) ? detailPath(tile.kind, tile.id) : nil,
                    live: SearchSession.liveMedia.contains(kind))
        }
        // Only a result this server can open can be kept (its record is looked up by kind and id).
        let star = starred.flatMap {
            kinds.contains(tile.kind) ? starModel(kind: tile.kind, id: tile.id, title: tile.title, pressed: $0) : nil
        }
        let target = Target(tile, kinds: kinds, query: censored ? "?explicit=off" : "")
        return TileModel(
            kind: Templates.text(tile.kind), id: Templates.text(tile.id), icon: kindIcon(kind), detail: target.detail,
            outside: target.outside, inert: target.inert,
            art: tile.artworkUrl.map { Templates.url(Formatting.artwork($0, size: 200)) },
            // The kind of media, one name whatever the source (#60): a Deezer song is a Song.
            badge: Templates.text(kindLabel(kind)), title: Templates.text(tile.title),
            creator: Templates.text(tile.subtitle), also: also(tile.item?.otherSources ?? []),
            facts: tile.facts.map(factModel), reveal: reveal, play: play, star: star)
    }

    /// One row of a list that plays, in one line as media apps show it (#75 item 2): its Play
    /// (for the page's one player), title (opening its detail when some provider renders it, else
    /// its own page) and creator, the start of what it is about, its facts (the length), its star;
    /// drawn by `Templates/web/track.mustache`.
    /// - Parameter live: whether it plays a station's live stream: a stream that fails says so.
    /// - Parameter by: the creator of the item the rows are part of (an album's artist), which a
    ///   row of the same creator does not repeat.
    static func track(
        _ tile: Tile, kinds: Set<String>, star: StarModel? = nil, live: Bool = false, by: String? = nil
    ) -> TrackModel {
        let target = Target(tile, kinds: kinds)
        // A row with nothing to play keeps the column, so the titles line up.
        let play = preview(of: tile).map { url in
            playModel(
                url, title: tile.title, creator: tile.subtitle,
                artwork: tile.artworkUrl ?? tile.item?.artworkURL.flatMap(SafeURL.http), detail: target.detail,
                live: live)
        }
        // An episode says what it is about: the start of its description, as plain text.
        let about = tile.item?.description.map(HTMLText.plain).map { text in
            text.count > 240 ? String(text.prefix(240)).trimmingCharacters(in: .whitespaces) + "…" : text
        }
        return TrackModel(
            kind: Templates.text(tile.kind), id: Templates.text(tile.id), play: play, detail: target.detail,
            outside: target.outside, inert: target.inert, title: Templates.text(tile.title),
            creator: (tile.subtitle ?? "").isEmpty || tile.subtitle == by ? nil : Templates.text(tile.subtitle),
            about: about.map(Templates.text), facts: tile.facts.map(factModel), star: star)
    }

    /// Where a result leads: its detail on this site when some provider renders its kind, else its
    /// own page outside, else nowhere.
    struct Target {
        var detail: String?
        var outside: String?
        var inert: Bool

        init(_ tile: Tile, kinds: Set<String>, query: String = "") {
            if kinds.contains(tile.kind) {
                (detail, outside, inert) = (Templates.local(detailPath(tile.kind, tile.id) + query), nil, false)
            } else if let url = tile.url {
                (detail, outside, inert) = (nil, Templates.url(url), false)
            } else {
                (detail, outside, inert) = (nil, nil, true)
            }
        }
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
    /// creator, artwork, the detail it links to) rides along in data attributes; drawn by
    /// `Templates/web/play.mustache`.
    /// - Parameter label: the words beside the icon (the detail's main action); else the icon alone.
    static func playModel(
        _ url: String, title: String, creator: String?, artwork: String?, detail: String?, live: Bool,
        label: String? = nil
    ) -> PlayModel {
        let t = Texts.current
        return PlayModel(
            href: Templates.url(url), title: Templates.text(title), creator: Templates.text(creator),
            artwork: artwork.map { Templates.url(Formatting.artwork($0, size: 200)) },
            detail: detail.map(Templates.local),
            unplayable: live ? t("script.unplayableStream") : nil,
            name: t(live ? "player.listen" : "player.playTitle", ["title": Templates.text(title)]), icon: Icon.play,
            words: label)
    }

    /// One of a tile's facts in the page's words (#72): a typed value written from the catalog's
    /// keys (`320 эпизодов`, `1 ч 48 мин`); a source's own words (an album's name, a genre)
    /// marked as not for translating.
    static func factModel(_ fact: Fact) -> FactModel {
        FactModel(text: Templates.text(fact.text(Texts.current.facts)), own: Self.ownWords(fact))
    }

    /// Whether a fact is a source's own words (a name, a genre, an id), which a browser's
    /// translation leaves as they are.
    static func ownWords(_ fact: Fact) -> Bool { [.text, .list, .id].contains(fact.kind) }

    /// The sources a result merged, as its first fact (`also on Deezer`), marked for a page that
    /// fills in (StreamedSearch) to bring it up to date; nothing for a result of one source.
    static func also(_ offers: [SourceOffer]) -> String? {
        guard !offers.isEmpty else { return nil }
        let names = offers.map(\.source).joined(separator: ", ")
        return Texts.current("tile.alsoOn", ["names": Templates.text(names)])
    }

    /// What a tile plays: its own preview, else its item's (a track listed in an album's detail).
    static func preview(of tile: Tile) -> String? {
        tile.previewUrl ?? tile.item?.playablePreviewURL.flatMap(SafeURL.http)
    }

    /// A glyph per kind of media, for placeholders: the same for every source's songs (#60). The
    /// page gives it in `data-icon`, for the script's placeholder of artwork that fails to load.
    static func kindIcon(_ media: String) -> String {
        [
            "song": "♪", "album": "◉", "movie": "▶", "music-video": "▶", "audiobook": "❡", "podcast": "◎",
            "podcast-episode": "◎", "book": "▤",
            "tv-show": "▭", "radio-station": "◍",
        ][media] ?? "■"
    }

    static func kindLabel(_ kind: String) -> String {
        Texts.current.ifKnown("kind." + kind) ?? kind.prefix(1).uppercased()
            + kind.dropFirst().replacingOccurrences(of: "-", with: " ")
    }
}

/// What a tile shows (`Templates/web/tile.mustache`): plain values, every text sanitized and every
/// link checked by the screen that makes it.
struct TileModel: TemplateModel {
    /// A censored name, as the source gave it.
    struct Reveal: TemplateModel {
        var summary: String
        var title: String
        var creator: String
    }

    var kind, id, icon: String
    /// Its detail here, its own page outside, or neither (``Screens/Target``).
    var detail, outside: String?
    var inert: Bool
    var art: String?
    var badge, title, creator: String
    var also: String?
    var facts: [FactModel]
    var reveal: Reveal?
    var play: PlayModel?
    var star: StarModel?

    // Found by a switch, not by reflection: a page draws hundreds of tiles (docs/design.md).
    func child(named name: String) -> Any? {
        switch name {
        case "kind": self.kind
        case "id": self.id
        case "icon": self.icon
        case "detail": Absent.or(self.detail)
        case "outside": Absent.or(self.outside)
        case "inert": self.inert
        case "art": Absent.or(self.art)
        case "badge": self.badge
        case "title": self.title
        case "creator": self.creator
        case "also": Absent.or(self.also)
        case "facts": self.facts
        case "reveal": Absent.or(self.reveal)
        case "play": Absent.or(self.play)
        case "star": Absent.or(self.star)
        // A name the model lacks is nothing, not an outer model's field.
        default: Absent()
        }
    }
}

/// One row of a list that plays (`Templates/web/track.mustache`).
struct TrackModel: TemplateModel {
    var kind, id: String
    var play: PlayModel?
    var detail, outside: String?
    var inert: Bool
    var title: String
    /// Its creator, where it is not the creator of what the rows are part of.
    var creator: String?
    var about: String?
    var facts: [FactModel]
    var star: StarModel?

    // Found by a switch, not by reflection: a page draws hundreds of tiles (docs/design.md).
    func child(named name: String) -> Any? {
        switch name {
        case "kind": self.kind
        case "id": self.id
        case "play": Absent.or(self.play)
        case "detail": Absent.or(self.detail)
        case "outside": Absent.or(self.outside)
        case "inert": self.inert
        case "title": self.title
        case "creator": Absent.or(self.creator)
        case "about": Absent.or(self.about)
        case "facts": self.facts
        case "star": Absent.or(self.star)
        // A name the model lacks is nothing, not an outer model's field.
        default: Absent()
        }
    }
}

/// A Play for the page's one player (`Templates/web/play.mustache`).
struct PlayModel: TemplateModel {
    var href, title, creator: String
    var artwork, detail: String?
    /// A station's words for a stream that fails; `nil` for a preview (the page's words).
    var unplayable: String?
    var name, icon: String
    /// The words beside the icon (a detail's main action).
    var words: String?

    // Found by a switch, not by reflection: a page draws hundreds of tiles (docs/design.md).
    func child(named name: String) -> Any? {
        switch name {
        case "href": self.href
        case "title": self.title
        case "creator": self.creator
        case "artwork": Absent.or(self.artwork)
        case "detail": Absent.or(self.detail)
        case "unplayable": Absent.or(self.unplayable)
        case "name": self.name
        case "icon": self.icon
        case "words": Absent.or(self.words)
        // A name the model lacks is nothing, not an outer model's field.
        default: Absent()
        }
    }
}

/// One of a result's facts (`Templates/web/fact.mustache`).
struct FactModel: TemplateModel {
    var text: String
    /// A source's own words, not for translating.
    var own: Bool

    // Found by a switch, not by reflection: a page draws hundreds of tiles (docs/design.md).
    func child(named name: String) -> Any? {
        switch name {
        case "text": self.text
        case "own": self.own
        // A name the model lacks is nothing, not an outer model's field.
        default: Absent()
        }
    }
}
