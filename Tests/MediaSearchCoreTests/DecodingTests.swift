import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

@Suite("Decoding recorded responses", .slots)
struct DecodingTests {
    /// Record counts of every valid fixture, counted independently of the decoder (with Python's json).
    static let expectedCounts: [String: Int] = [
        "audiobooks/erickrodr-search-audiobook-javascript.json": 1,
        "audiobooks/si507-sample-json-movie-song-audiobook-array.json": 3,
        "errors/rikas-lookup-bogus-id-empty-200.json": 0,
        "errors/rikas-lookup-wrong-storefront-empty-200.json": 0,
        "lookup/erickrodr-search-allArtist-hikaru-utada.json": 1,
        "lookup/mariodarco-lookup-album-entity-song-gb.json": 11,
        "lookup/mariodarco-lookup-artist-slayer-gb.json": 1,
        "lookup/mariodarco-lookup-song-id-entity-song-gb.json": 1,
        "lookup/mariodarco-search-musicArtist-slayer-gb.json": 56,
        "lookup/paulodiniz-lookup-software-artists-multi-id.json": 2,
        "movies/anndoko-search-carol-songs-movies-tv.json": 50,
        "movies/bloom-starwars-feature-movies.json": 10,
        "movies/erickrodr-search-movie.json": 1,
        "movies/failynsedik-au-star-movies.json": 5,
        "other/anndoko-search-beatles-with-music-video.json": 50,
        "other/bloom-software-search.json": 50,
        "other/erickrodr-search-album-collections.json": 3,
        "other/erickrodr-search-ebook.json": 1,
        "other/erickrodr-search-music-video.json": 1,
        "other/erickrodr-search-software.json": 1,
        "other/mariodarco-lookup-album-collection-gb.json": 1,
        "other/paulodiniz-lookup-software-multi-id.json": 3,
        "other/paulodiniz-lookup-software-uber.json": 1,
        "other/poznakks-collection-album-single.json": 1,
        "other/rikas-lookup-mac-software-pt-slack.json": 1,
        "other/rikas-lookup-software-fr-flooz.json": 1,
        "podcasts/erickrodr-search-podcast.json": 1,
        "podcasts/inditex-joebudden-episodes-lookup-body.json": 201,
        "podcasts/inditex-joebudden-lookup-podcast-only.json": 1,
        "podcasts/mdewilde-lookup-podcast-uhhyeahdude.json": 1,
        "podcasts/sharecast-lookup-podcast-stories.json": 1,
        "songs/andr3a88-jackjohnson-songs-raw.json": 5,
        "constructed/daft-punk-songs.json": 5,
        "constructed/podcast-episodes.json": 25,
        "songs/erickrodr-search-song.json": 1,
        "songs/glennposadas-star-songs-raw.json": 50,
        "songs/poznakks-track-post-malone.json": 1,
        "songs/ycchuang-hellogoodbye-2songs.json": 2,
        "songs/yokudera-jp-kobukuro-sakura.json": 1,
    ]

    @Test func everyFixtureIsAccountedFor() {
        let broken = [
            "other/bloom-yelp-software.broken.json", "errors/afurkantitiz-resultEntity-400.json",
            "podcasts/inditex-joebudden-episodes-allorigins-wrapped.json",
        ]
        #expect(Set(Fixtures.allPaths()) == Set(Self.expectedCounts.keys).union(broken))
    }

    @Test(arguments: expectedCounts.keys.sorted())
    func everyValidFixtureDecodesEveryRecord(path: String) throws {
        let items = try ITunesResponse.decode(try Fixtures.data(path))
        #expect(items.count == Self.expectedCounts[path])
        #expect(items.allSatisfy { !$0.id.isEmpty })
    }

    /// S13: an answer of 110,000 records within the byte cap was made into 110,000 items.
    @Test func anAnswerIsMadeIntoAtMostAThousandItems() throws {
        let records = (0..<5_000).map { #"{"wrapperType":"track","kind":"song","trackId":\#($0),"trackName":"t"}"# }
        let body = #"{"resultCount":5000,"results":["# + records.joined(separator: ",") + "]}"
        let items = try ITunesResponse.decode(Data(body.utf8))
        #expect(items.count == ITunesResponse.mostRecords && items.first?.id == "0", "\(items.count)")
    }

    @Test func brokenJSONIsACleanError() throws {
        let data = try Fixtures.data("other/bloom-yelp-software.broken.json")
        #expect {
            try ITunesResponse.decode(data)
        } throws: { error in
            guard case MediaSearchError.malformedResponse(let reason, _) = error else { return false }
            return reason == "the response is not valid JSON"
        }
    }

    @Test func aWrapperWithoutResultsIsACleanError() throws {
        let data = try Fixtures.data("podcasts/inditex-joebudden-episodes-allorigins-wrapped.json")
        #expect(throws: MediaSearchError.self) { try ITunesResponse.decode(data) }
    }

    @Test func errorBodyCarriesTheAPIMessage() throws {
        let response = HTTPResponse(status: 400, body: try Fixtures.data("errors/afurkantitiz-resultEntity-400.json"))
        #expect {
            try ITunesClient.interpret(response)
        } throws: { error in
            (error as? MediaSearchError)?.description == "iTunes rejected the request: invalid value for resultEntity"
        }
    }

    @Test func audiobookTitleComesFromCollectionName() throws {
        let item = try #require(
            try ITunesResponse.decode(try Fixtures.data("audiobooks/erickrodr-search-audiobook-javascript.json")).first)
        #expect(item.itunes.wrapperType == .audiobook)
        #expect(item.itunes.kind == nil)
        #expect(item.title == "Moby Dick: or the Whale (Unabridged)")
        #expect(item.id == "438363284")
        #expect(item.price == 15.99)
    }

    @Test func podcastEpisodeGenresAreObjects() throws {
        let items = try ITunesResponse.decode(try Fixtures.data("podcasts/inditex-joebudden-episodes-lookup-body.json"))
        #expect(items[0].itunes.kind == .podcast)
        #expect(items[1].itunes.wrapperType == .podcastEpisode)
        #expect(items[1].itunes.genres == ["Music"])
        #expect(items[0].itunes.genres.contains("Music"))
    }

    @Test func leadingBlankLinesAndOddTypesAreTolerated() throws {
        let body = """


            {"resultCount": 4, "results": [
              {"wrapperType": "track", "kind": "song", "trackId": "42", "trackName": "A", "trackPrice": "1.29",
               "trackTimeMillis": 1000.0, "artistName": 7, "genres": [1, "Rock", {"x": 1}]},
              {"wrapperType": "hologram", "kind": "smell", "trackId": 43},
              "not a record",
              {"wrapperType": "track", "kind": "song", "trackId": 44, "trackName": {"nested": true}}
            ]}
            """
        let items = try ITunesResponse.decode(Data(body.utf8))
        #expect(items.count == 3)
        #expect(items[0].itunes.trackId == 42)
        #expect(items[0].itunes.trackPrice == 1.29)
        #expect(items[0].itunes.trackTimeMillis == 1000)
        #expect(items[0].itunes.artistName == "7")
        #expect(items[0].itunes.genres == ["Rock"])
        #expect(items[1].itunes.wrapperType == .unknown)
        #expect(items[1].itunes.kind == .unknown)
        #expect(items[2].itunes.trackName == nil)
    }

    @Test(arguments: ["", "   \n", "<html><body>Service Unavailable</body></html>", "{\"resultCount\":1,\"resu"])
    func garbageIsAMalformedResponse(body: String) {
        #expect(throws: MediaSearchError.self) { try ITunesResponse.decode(Data(body.utf8)) }
    }

    @Test func statusCodesMapToTypedErrors() {
        for status in [403, 429] {
            do {
                _ = try ITunesClient.interpret(HTTPResponse(status: status, body: Data()))
                Issue.record("\(status) must throw")
            } catch {
                guard case MediaSearchError.rateLimited(status, _) = error else {
                    Issue.record("wrong error for \(status): \(error)")
                    continue
                }
            }
        }
        do {
            _ = try ITunesClient.interpret(HTTPResponse(status: 503, body: Data()))
            Issue.record("503 must throw")
        } catch {
            #expect(error.isTransient)
        }
    }

    /// The last search stores items this way; an item must read back equal, iTunes or not.
    @Test func itemsRoundTripThroughTheirStoredForm() throws {
        var song = try #require(
            try ITunesResponse.decode(Fixtures.data("lookup/mariodarco-lookup-song-id-entity-song-gb.json")).first)
        song.extras["note"] = "kept"
        let shelf = MediaItem(
            id: "r1", title: "Blue", kind: "record", creator: "Joni Mitchell", artwork: [100: "https://x/1.jpg"],
            releaseDate: "1971-06-22", price: 9.5, currency: "EUR", isExplicit: false, extras: ["format": "vinyl"])
        for item in [song, shelf] {
            let data = try JSONEncoder().encode(item)
            #expect(try JSONDecoder().decode(MediaItem.self, from: data) == item)
        }
        // A provider's edit of a shared field survives, beside the record it keeps.
        var edited = song
        edited.title = "Edited"
        edited.artwork = [1: "https://x/edited.jpg"]
        let reread = try JSONDecoder().decode(MediaItem.self, from: JSONEncoder().encode(edited))
        #expect(reread.title == "Edited")
        #expect(reread.artworkURL == "https://x/edited.jpg")
        #expect(reread.itunes.trackName == song.itunes.trackName)
        #expect(reread.itunes.trackName != nil)
    }

    /// Items stored before they carried their own fields (`{"itunes": record}`) still read back.
    @Test func itemsStoredAsBareITunesRecordsStillRead() throws {
        let song = try #require(
            try ITunesResponse.decode(Fixtures.data("lookup/mariodarco-lookup-song-id-entity-song-gb.json")).first)
        let record = try JSONEncoder().encode(song.itunes)
        let legacy = Data(#"{"itunes":"#.utf8) + record + Data(#","extras":{"note":"kept"}}"#.utf8)
        let decoder = JSONDecoder()
        decoder.userInfo[.mediaPayloadTypes] = [ITunesRecord.self] as [any MediaPayload.Type]
        let item = try decoder.decode(MediaItem.self, from: legacy)
        #expect(item.id == song.id)
        #expect(item.title == song.title)
        #expect(item.itunes == song.itunes)
        #expect(item.extras == ["note": "kept"])
    }

    /// A payload whose type the reader does not know is kept as read and written back unchanged.
    @Test func anUnknownPayloadSurvivesARoundTrip() throws {
        let text = #"{"id":"s1","title":"Station","payload":{"type":"radio","value":{"bitrate":128,"tags":["jazz"]}}}"#
        let item = try JSONDecoder().decode(MediaItem.self, from: Data(text.utf8))
        #expect(item.payload?.name == "radio")
        #expect(item.payload?.value(as: ITunesRecord.self) == nil)
        let again = try JSONDecoder().decode(MediaItem.self, from: JSONEncoder().encode(item))
        #expect(again == item)
        let written = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(again)) as? [String: Any])
        let payload = try #require(written["payload"] as? [String: Any])
        #expect((payload["value"] as? [String: Any])?["bitrate"] as? Int == 128)
    }
}
