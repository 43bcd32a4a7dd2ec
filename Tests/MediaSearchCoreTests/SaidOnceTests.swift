import MediaSearchCore
import MediaSearchKit
import TestSlots
import Testing

/// A value is said once (#60), on tiles and in a detail's own facts, for every source alike.
@Suite("A value is said once", .slots)
struct SaidOnceTests {
    @Test func aTileLeavesOutAFactThatIsItsTitleOrItsSubtitle() {
        // A Deezer single: its album is named as the single.
        let tile = Tile(
            kind: "deezer-song", id: "1", title: "Get Lucky (Radio Edit)", subtitle: "Daft Punk",
            summary: ["get lucky (radio edit)", "4:08", "Daft Punk", "4:08"], artworkUrl: nil, url: nil)
        #expect(tile.summary == ["4:08"])
    }

    @Test func aResultLeavesOutAFactThatOnlyNamesItsKindOfMedia() {
        let tile = Tile(
            kind: "musicbrainz-album", id: "1", title: "A La Sala", subtitle: "Khruangbin",
            summary: ["Dead Oceans", "Album", "12 tracks"], artworkUrl: nil, url: nil)
        let entry = ResultEntry(
            kind: "musicbrainz-album", rank: 0, item: MediaItem(id: "1", title: "A La Sala"), tile: tile, media: "album"
        )
        #expect(entry.tile.summary == ["Dead Oceans", "12 tracks"])
        // An EP or a single says more than the badge: kept.
        let single = ResultEntry(
            kind: "deezer-album", rank: 0, item: MediaItem(id: "2", title: "Da Funk"),
            tile: Tile(
                kind: "deezer-album", id: "2", title: "Da Funk", subtitle: nil, summary: ["single"], artworkUrl: nil,
                url: nil),
            media: "album")
        #expect(single.tile.summary == ["single"])
    }

    @Test func aDetailsOwnFactsSayEachValueOnceAndOthersKeepTheirs() {
        let detail = Detail(sections: [
            DetailSection("Discovery", rows: [("By", "Daft Punk"), ("Released", "2001-03-07"), ("Genre", "Dance")]),
            DetailSection(
                "On Deezer",
                rows: [
                    ("Artist", "Daft Punk"), ("Released", "2001-03-07"), ("Genres", "dance"), ("Tracks", "14"),
                    ("Explicit", "no"), ("Label", "Parlophone France"),
                ]),
            DetailSection("Tracks", rows: [("Count", "14"), ("Explicit", "no")]),
            DetailSection("Author", rows: [("Name", "Daft Punk")]),
        ])
        #expect(detail.sections[1].rows.map(\.label) == ["Tracks", "Explicit", "Label"])
        #expect(detail.sections[3].rows.map(\.value) == ["Daft Punk"])
    }
}
