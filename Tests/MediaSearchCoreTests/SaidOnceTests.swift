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
            facts: [
                .plain("Album", "get lucky (radio edit)"), .duration("Time", milliseconds: 248_000),
                .plain("Artist", "Daft Punk"), .duration("Length", milliseconds: 248_000),
            ], artworkUrl: nil, url: nil)
        #expect(tile.summary == ["4:08"])
    }

    @Test func aResultLeavesOutAFactThatOnlyNamesItsKindOfMedia() {
        let tile = Tile(
            kind: "musicbrainz-album", id: "1", title: "A La Sala", subtitle: "Khruangbin",
            facts: [.plain("Label", "Dead Oceans"), .plain("Type", "Album"), .count("Tracks", 12, unit: "track")],
            artworkUrl: nil, url: nil)
        let entry = ResultEntry(
            kind: "musicbrainz-album", rank: 0, item: MediaItem(id: "1", title: "A La Sala"), tile: tile, media: "album"
        )
        #expect(entry.tile.summary == ["Dead Oceans", "12 tracks"])
        // An EP or a single says more than the badge: kept.
        let single = ResultEntry(
            kind: "deezer-album", rank: 0, item: MediaItem(id: "2", title: "Da Funk"),
            tile: Tile(
                kind: "deezer-album", id: "2", title: "Da Funk", subtitle: nil, facts: [.status("Type", "single")],
                artworkUrl: nil, url: nil),
            media: "album")
        #expect(single.tile.summary == ["single"])
    }

    @Test func aDetailsOwnFactsSayEachValueOnceAndOthersKeepTheirs() {
        let detail = Detail(sections: [
            DetailSection(
                "Discovery",
                rows: [.plain("By", "Daft Punk"), .date("Released", "2001-03-07"), .listed("Genre", "Dance")]),
            DetailSection(
                "On Deezer",
                rows: [
                    .plain("Artist", "Daft Punk"), .date("Released", "2001-03-07"), .listed("Genres", "dance"),
                    .count("Tracks", 14, unit: "track"), .status("Explicit", "no"),
                    .plain("Label", "Parlophone France"),
                ]),
            DetailSection("Tracks", rows: [.count("Count", 14, unit: "track"), .status("Explicit", "no")]),
            DetailSection("Author", rows: [.plain("Name", "Daft Punk")]),
        ])
        #expect(detail.sections[1].rows.map(\.label) == ["Tracks", "Explicit", "Label"])
        #expect(detail.sections[3].rows.map { $0.value } == ["Daft Punk"])
    }
}
