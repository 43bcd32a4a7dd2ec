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
        #expect(Fact("Length", .duration, value: "2460000").text() == "41:00")
        #expect(Fact("Length", .duration, value: "47224000").text() == "13h 07m")
        #expect(Fact("Rating", .rating, value: "8.6", unit: "10").text() == "8.6 / 10")
        #expect(Fact("Rating", .rating, value: "4", unit: "5").text() == "4 / 5")
        #expect(Fact("Year", .year, value: "1887").text() == "1887")
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
            kind: "k", id: "1", title: "T", subtitle: nil, summary: ["5052498646524", "CD", "5052498646524"],
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
        #expect(reading.summary.contains("13h 07m"), "\(reading.summary)")
        let show = try await Self.firstTile(.tvmaze, "tvmaze/search-shows-silicon-valley-2017.json")
        #expect(show.summary == ["Running", "English", "8.6 / 10", "2014", "Comedy", "30:00"], "\(show.summary)")
        // The web writes them in its reader's language from the typed facts the tile carries.
        #expect(book.facts.map(\.kind) == [.count, .language])
        #expect(book.facts.last?.text(FactWords(code: "ru")) == "Английский")
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
        #expect(rows.first { $0.label == "Country" }?.fact?.text(FactWords(code: "ru")) == "Европа")
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
