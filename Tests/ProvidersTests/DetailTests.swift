import AlbumProvider
import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import MovieProvider
import PodcastProvider
import SongProvider
import TestSlots
import Testing

/// Detail views against the loopback fixture server, counting the lookups each one sends.
@Suite("Details per kind", .slots)
struct DetailTests {
    func context(_ server: FixtureServer) throws -> ProviderContext {
        // Loopback answers in milliseconds; 60 s only matters to a machine loaded by other work.
        let base: URL = try #require(URL(string: server.baseURL))
        return ProviderContext(http: NetworkTransport(source: ITunesClient.source), baseURL: base, timeout: 60)
    }

    func section(_ detail: Detail, _ title: String) -> DetailSection? {
        detail.sections.first { $0.title == title }
    }

    /// A recorded record as a JSON object, with some fields replaced.
    func recorded(_ path: String, id: Int, changes: [String: Any]) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: try Fixtures.data(path)) as? [String: Any]
        let list = try #require(object?["results"] as? [[String: Any]])
        var record = try #require(list.first { $0["trackId"] as? Int == id })
        record.merge(changes) { _, new in new }
        return record
    }

    func body(_ records: [[String: Any]]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["resultCount": records.count, "results": records])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func albumTileAndClaims() throws {
        let albums = try records("other/erickrodr-search-album-collections.json")
        let provider = AlbumProvider()
        #expect(albums.allSatisfy(provider.accepts))
        let tile = provider.tile(for: albums[0])
        #expect(tile.title == "Nemesis (Special Edition)")
        #expect(tile.subtitle == "Stratovarius")
        #expect(tile.summary == ["2013", "13 tracks", "$9.99"])
        let song = try #require(try records("lookup/mariodarco-lookup-song-id-entity-song-gb.json").first)
        let movie = try #require(try records("movies/erickrodr-search-movie.json").first)
        #expect(!provider.accepts(song) && !provider.accepts(movie))
    }

    @Test func albumListsItsTracksInOrderWithTwoLookups() async throws {
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        let album = try #require(try records("other/mariodarco-lookup-album-collection-gb.json").first)
        let detail = await AlbumProvider().detail(for: album, context: try context(server))
        #expect(detail.notices.isEmpty)
        let tracks = try #require(section(detail, "Tracks")).items
        #expect(tracks.count == 10)
        #expect(tracks.first?.id == "1038991437" && tracks.first?.title == "Angel of Death")
        #expect(tracks.first?.summary == ["track 1", "4:51"])
        #expect(tracks.last?.title == "Raining Blood")
        #expect(section(detail, "Author")?.rows.contains { $0.value == "Slayer" } == true)
        #expect(detail.sections.first?.title == "Reign In Blood")
        let sent = await server.requests().map(\.rawQuery).sorted()
        #expect(
            sent == ["id=1038991417&entity=song&limit=200&country=US", "id=414425&entity=album&limit=7&country=US"])
    }

    @Test func songAuthorAndOtherWorksCostOneLookup() async throws {
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        let song = try #require(try records("lookup/mariodarco-lookup-song-id-entity-song-gb.json").first)
        let detail = await SongProvider().detail(for: song, context: try context(server))
        #expect(section(detail, "Author")?.rows.first { $0.label == "Name" }?.value == "Slayer")
        #expect(section(detail, "Other works by Slayer")?.items.map(\.id) == ["1038991417"])
        #expect(await server.requests().map(\.rawQuery) == ["id=414425&entity=album&limit=7&country=US"])
    }

    @Test func podcastShowsOtherShowsByItsArtistButNeverItself() async throws {
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        let path = "podcasts/erickrodr-search-podcast.json"
        let podcast = try #require(try records(path).first)
        let artist: [String: Any] = [
            "wrapperType": "artist", "artistType": "Podcast Artist", "artistName": "CBS News Radio",
            "artistId": 121_020_699, "artistLinkUrl": "https://podcasts.apple.com/us/artist/id121020699",
        ]
        let others = try (1...6).map { number in
            try recorded(path, id: 81_210_923, changes: ["trackId": number, "collectionId": number])
        }
        let answer = try body([artist, try recorded(path, id: 81_210_923, changes: [:])] + others)
        await server.inject(
            FaultRule(path: "/lookup", query: ["id": "121020699", "entity": "podcast"], fault: .body(answer)))
        let detail = await PodcastProvider().detail(for: podcast, context: try context(server))
        let shows = try #require(section(detail, "Other shows by CBS News Radio")).items
        #expect(shows.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(section(detail, "Author")?.links.first?.url == "https://podcasts.apple.com/us/artist/id121020699")
        #expect(detail.sections.map(\.title).suffix(2) == ["Author", "Other shows by CBS News Radio"])
    }

    @Test func movieWithAnArtistIdShowsOtherFilmsAndWithoutOneSendsNoLookup() async throws {
        let server = try await FixtureServer.start()
        TestLifetime.stopAtEnd { await server.stop() }
        let path = "movies/erickrodr-search-movie.json"
        let plain = try #require(try records(path).first)
        #expect(plain.itunes.artistId == nil)
        let without = await MovieProvider().detail(for: plain, context: try context(server))
        #expect(without.sections.allSatisfy { !$0.title.hasPrefix("Other films") && $0.title != "Author" })
        #expect(await server.requests().isEmpty)

        #expect(plain.isITunes)
        var record = plain.itunes
        record.artistId = 42
        let directed = MediaItem(itunes: record)
        let other = try recorded(path, id: 1_078_111_961, changes: ["trackId": 7, "artistId": 42])
        await server.inject(
            FaultRule(path: "/lookup", query: ["id": "42", "entity": "movie"], fault: .body(try body([other]))))
        let with = await MovieProvider().detail(for: directed, context: try context(server))
        #expect(section(with, "Other films by Tim Miller")?.items.map(\.id) == ["7"])
        #expect(await server.requests().count == 1)
    }
}
