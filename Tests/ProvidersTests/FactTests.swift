import DeclarativeProviders
import Foundation
import MediaSearchBuiltIns
import MediaSearchFixtures
import MediaSearchKit
import TestSlots
import Testing

/// A transport that answers every request with one recorded file.
private struct Recorded: HTTPTransport {
    let body: Data

    init(_ path: String) throws { body = try Fixtures.data("../" + path) }

    func get(_ url: URL, timeout: Double) async throws -> HTTPResponse { HTTPResponse(status: 200, body: body) }
}

/// One vocabulary of facts (#60 item 1): each type written one way, in the reader's language,
/// for built-in and described sources alike.
@Suite("Typed facts", .slots)
struct FactTests {
    @Test func eachTypeIsWrittenOneWay() {
        #expect(Fact("Tracks", .count, value: "12", unit: "track").text() == "12 tracks")
        #expect(Fact("Tracks", .count, value: "1", unit: "track").text() == "1 track")
        #expect(Fact("Pages", .count, value: "1712", unit: "page").text() == "1,712 pages")
        #expect(Fact("Kids", .count, value: "3", unit: "child|children").text() == "3 children")
        #expect(Fact("Year", .year, value: "1887").text() == "1887")
    }

    /// Durations as people write them (#72 item 2), one rule a kind of value: a track's length,
    /// a film's or a show's runtime, a book's length in hours; and the Russian forms.
    @Test func durationsAsPeopleWriteThem() {
        let russian = FactWords(code: "ru") { ["duration.h": "ч", "duration.min": "мин"][$0] }
        func said(_ milliseconds: Int, _ style: Fact.DurationStyle, _ words: FactWords = .english) -> String? {
            Fact.duration("Length", milliseconds: milliseconds, style: style)?.text(words)
        }
        #expect(said(224_000, .clock) == "3:44")
        #expect(said(2_460_000, .clock) == "41:00")
        #expect(said(47_224_000, .clock) == "13:07:04")
        #expect(said(2_460_000, .runtime) == "41 min")
        #expect(said(5_400_000, .runtime) == "1 h 30 min")
        #expect(said(3_600_000, .runtime) == "1 h")
        #expect(said(20_000, .runtime) == "1 min", "under a minute, a minute")
        #expect(said(5_400_000, .runtime, russian) == "1 ч 30 мин")
        #expect(said(47_224_000, .hours) == "13 h")
        #expect(said(19_800_000, .hours) == "5.5 h")
        #expect(said(19_800_000, .hours, russian) == "5,5 ч")
        #expect(said(1_500_000, .hours) == "25 min", "under an hour, as a runtime")
        #expect(Fact("Length", .duration, value: "2460000").text() == "41:00", "a duration kept untyped is timed")
        #expect(Fact.DurationStyle.of(media: "tv-show") == .runtime)
        #expect(Fact.DurationStyle.of(media: "book") == .hours)
        #expect(Fact.DurationStyle.of(media: "song") == .clock)
    }

    /// Counts, money, statuses and places in the reader's words, from keys, never by matching
    /// English text.
    @Test func countsMoneyStatusesAndPlacesInTheReadersWords() {
        let catalog = [
            "unit.track": "трек|трека|треков", "value.Free": "Бесплатно", "value.not explicit": "без мата",
            "phrase.{n} of {m}": "{n} из {m}", "phrase.track {n}": "трек {n}",
        ]
        let russian = FactWords(code: "ru") { catalog[$0] }
        #expect(Fact.count("Tracks", 1, unit: "track")?.text(russian) == "1 трек")
        #expect(Fact.count("Tracks", 3, unit: "track")?.text(russian) == "3 трека")
        #expect(Fact.count("Tracks", 11, unit: "track")?.text(russian) == "11 треков")
        #expect(Fact.count("Tracks", 1712, unit: "track")?.text(russian) == "1\u{00A0}712 треков")
        #expect(Fact.count("Tracks", 0, unit: "track") == nil)
        #expect(Fact.money("Price", 14.99, currency: "USD")?.text() == "$14.99")
        #expect(Fact.money("Price", 14.99, currency: "USD")?.text(russian) == "14,99\u{00A0}$")
        #expect(Fact.money("Price", 9.99, currency: "SEK")?.text() == "9.99 SEK")
        #expect(Fact.money("Price", 0, currency: "USD")?.text(russian) == "Бесплатно")
        #expect(Fact.money("Price", -1, currency: "USD")?.text() == nil, "iTunes' -1: not sold on its own")
        #expect(Fact.status("Explicitness", "notExplicit")?.text() == "not explicit")
        #expect(Fact.status("Explicitness", "notExplicit")?.text(russian) == "без мата")
        #expect(Fact.status("Status", "Ended")?.text(russian) == "Ended", "a source's word with no key stays")
        #expect(Fact.position("Track", 3, of: 10)?.text(russian) == "3 из 10")
        #expect(Fact.position("track", 3)?.text(russian) == "трек 3")
        #expect(Fact.position("Episode", 2)?.text() == "Episode 2")
        #expect(Fact.date("Latest", "2024-03-03T08:00:00Z", latest: true)?.text() == "latest 2024-03-03")
        #expect(DetailSection.Row(.position("Track", 3))?.value == "3", "a row's label names the place")
        #expect(DetailSection.Row(.position("Track", 12, of: 10))?.value == "12", "a total it is past is not said")
        #expect(DetailSection.Row(.listed("Genre", "Rock,"))?.value == "Rock", "one entry of a list, cleaned")
        #expect(Fact.plain("Title", "Veep\n")?.text() == "Veep", "line breaks around a value are no part of it")
        #expect(Phrase("Other albums by {name}", ["name": "Slayer"]).text() == "Other albums by Slayer")
        #expect(Fact("Rating", .rating, value: "8.6", unit: "10").text() == "8.6 / 10")
        #expect(Fact("Rating", .rating, value: "4", unit: "5").text() == "4 / 5")
        #expect(Fact("ISBN", .id, value: "9781534431003", unit: "isbn").text() == "9781534431003")
        #expect(!Fact("ISBN", .id, value: "9781534431003", unit: "isbn").isForTiles)
    }

    @Test func languagesAndCountriesByNameInTheReadersLanguage() {
        let russian = FactWords(code: "ru")
        for value in ["eng", "en", "English"] {
            #expect(Fact("Language", .language, value: value).text() == "English", "\(value)")
            #expect(Fact("Language", .language, value: value).text(russian) == "Английский", "\(value)")
        }
        #expect(Fact("Language", .language, value: "eng, fre").text() == "English, French")
        // What is neither a code nor a name stays as the source wrote it.
        #expect(Fact("Language", .language, value: "Klingon-ish").text() == "Klingon-ish")
        #expect(Fact("Country", .country, value: "BE").text() == "Belgium")
        #expect(Fact("Country", .country, value: "BE").text(russian) == "Бельгия")
        #expect(Fact("Country", .country, value: "Belgium").text(russian) == "Бельгия")
        // iTunes' store countries are ISO codes of three letters.
        #expect(Fact("Country", .country, value: "USA").text() == "United States")
        #expect(Fact("Country", .country, value: "GBR").text(russian) == "Великобритания")
        // MusicBrainz's regions that ISO 3166 does not name.
        #expect(Fact("Country", .country, value: "XE").text() == "Europe")
        #expect(Fact("Country", .country, value: "XW").text(russian) == "Весь мир")
    }

    /// A source's number that is not of its type is not shown (nor trapped on).
    @Test func aValueNotOfItsTypeIsLeftOut() {
        for value in ["", "0", "-3", "twelve", "99999999999999999999999", "1.5"] {
            #expect(Fact("Tracks", .count, value: value, unit: "track").text() == nil, "\(value)")
        }
        for value in ["11", "-1", "nan", "inf", "1e400"] {
            #expect(Fact("Rating", .rating, value: value, unit: "10").text() == nil, "\(value)")
        }
        #expect(Fact("Rating", .rating, value: "5", unit: "0").text() == nil)
        // Past any duration there is (a year's worth of milliseconds over the limit): left out.
        #expect(Fact("Length", .duration, value: "9223372036854775807").text() == nil)
        #expect(Fact("Year", .year, value: "abcd").text() == nil)
        #expect(Fact("Language", .language, value: " , ,").text() == nil)
        // A rating kept before ratings were typed (`8.6 / 10`) still reads.
        #expect(Fact("Rating", .rating, value: "8.6 / 10", unit: "10").text() == "8.6 / 10")
    }

    /// A tile says each value once: a fact repeated by another is dropped.
    @Test func aTileSaysAValueOnce() {
        let tile = Tile(
            kind: "k", id: "1", title: "T", subtitle: nil,
            facts: [.plain("Barcode", "5052498646524"), .plain("Format", "CD"), .plain("Catalog", "5052498646524")],
            artworkUrl: nil, url: nil)
        #expect(tile.summary == ["5052498646524", "CD"])
    }

    static func firstTile(_ source: JSONSource, _ recording: String) async throws -> Tile {
        let provider = JSONProvider(source)
        let items = try await provider.search(
            SearchQuery(term: "x", limit: 5), context: ProviderContext(http: try Recorded(recording)))
        return provider.tile(for: try #require(items.first))
    }

    /// The built-in described sources' tiles, from their recordings: counts with their unit,
    /// languages and countries by name, no standard id (#60: `6 · 1712 · eng · 147321369X`,
    /// `Asylum Records · 5052498646524 · 5052498646524 · CD · 12 · XE`, `English · 25 · …`).
    @Test func describedSourcesTilesSayWhatEachNumberIs() async throws {
        let book = try await Self.firstTile(
            .openLibrary, "open-library/search-this-is-how-you-lose-the-time-war-2020.json")
        #expect(book.summary.prefix(3) == ["1 edition", "English", "2019"], "\(book.summary)")
        let releases = JSONProvider(.musicBrainzReleases)
        let release = releases.tile(
            for: try #require(
                try await releases.lookup(
                    id: "94ad3a58-a1cc-46a3-acf4-9cb6c1d6f032",
                    context: ProviderContext(
                        http: try Recorded("musicbrainz/release-94ad3a58-ed-sheeran-plus-lookup.json")))))
        #expect(
            release.summary == ["Asylum Records", "CD", "12 tracks", "Europe", "2011", "Album"], "\(release.summary)")
        let reading = try await Self.firstTile(.librivox, "librivox/audiobooks-title-all-books-array-2018.json")
        #expect(reading.summary.prefix(2) == ["English", "25 sections"], "\(reading.summary)")
        #expect(reading.summary.contains("13 h"), "\(reading.summary)")
        let show = try await Self.firstTile(.tvmaze, "tvmaze/search-shows-silicon-valley-2017.json")
        #expect(show.summary == ["Running", "English", "8.6 / 10", "2014", "Comedy", "30 min"], "\(show.summary)")
        // The web writes them in its reader's language from the typed facts the tile carries.
        #expect(book.facts.prefix(3).map(\.kind) == [.count, .language, .year])
        guard case .object(let runtime)? = show.facts.last?.json else { Issue.record("no typed JSON"); return }
        #expect(runtime["type"] == .string("duration") && runtime["seconds"] == .number(1800))
        #expect(book.facts.first { $0.kind == .language }?.text(FactWords(code: "ru")) == "Английский")
    }

    /// The standard ids a tile leaves out are in the detail, each once.
    @Test func standardIdsAreInTheDetail() async throws {
        let provider = JSONProvider(.musicBrainzReleases)
        let transport = try Recorded("musicbrainz/release-94ad3a58-ed-sheeran-plus-lookup.json")
        let item = try #require(
            try await provider.lookup(
                id: "94ad3a58-a1cc-46a3-acf4-9cb6c1d6f032", context: ProviderContext(http: transport)))
        let detail = await provider.detail(for: item, context: ProviderContext(http: transport))
        let rows = detail.sections.flatMap(\.rows)
        #expect(rows.first { $0.label == "UPC" }?.value == "5052498646524")
        #expect(rows.first { $0.label == "Country" }?.value == "Europe")
        #expect(rows.first { $0.label == "Country" }?.fact.text(FactWords(code: "ru")) == "Европа")
        #expect(rows.first { $0.label == "Tracks" }?.value == "12", "its label names the unit")
    }
}

/// The sources MediaSearch ships described, as the executable reads them.
extension JSONSource {
    static func shipped(_ name: String) -> JSONSource {
        guard let source = BuiltInProviders.describedSources.first(where: { $0.name == name }) else {
            preconditionFailure("no shipped description of \(name)")
        }
        return source
    }
    static let openLibrary = shipped("openlibrary")
    static let musicBrainzReleases = shipped("musicbrainz-album")
    static let librivox = shipped("librivox")
    static let tvmaze = shipped("tv")
}
