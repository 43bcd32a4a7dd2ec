import AudiobookProvider
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

func records(_ path: String) throws -> [MediaItem] {
    try ITunesResponse.decode(try Fixtures.data(path))
}

@Suite("Tiles per kind", .slots)
struct TileTests {
    @Test func songTile() throws {
        let song = try #require(try records("lookup/mariodarco-lookup-song-id-entity-song-gb.json").first)
        let tile = SongProvider().tile(for: song)
        #expect(tile.kind == "song")
        #expect(tile.id == "1038991877")
        #expect(tile.subtitle == "Slayer")
        #expect(tile.summary.count >= 2 && tile.summary.count <= 4)
        #expect(tile.summary.contains("Reign In Blood"))
        #expect(tile.summary.contains { $0.hasPrefix("£") })
        #expect(tile.url?.hasPrefix("https://") == true)
    }

    @Test func movieTile() throws {
        let movie = try #require(try records("movies/erickrodr-search-movie.json").first)
        let tile = MovieProvider().tile(for: movie)
        #expect(tile.title == "Deadpool")
        #expect(tile.subtitle == "Tim Miller")
        #expect(tile.summary == ["2016", "1 h 48 min", "R", "$14.99"])
    }

    @Test func audiobookTile() throws {
        let book = try #require(try records("audiobooks/erickrodr-search-audiobook-javascript.json").first)
        let tile = AudiobookProvider().tile(for: book)
        #expect(tile.title == "Moby Dick: or the Whale (Unabridged)")
        #expect(tile.subtitle == "Herman Melville")
        #expect(tile.summary == ["Classics", "$15.99", "2011"])
    }

    @Test func podcastTile() throws {
        let podcast = try #require(try records("podcasts/erickrodr-search-podcast.json").first)
        let tile = PodcastProvider().tile(for: podcast)
        #expect(tile.subtitle == "CBS News Radio")
        #expect(tile.summary == ["320 episodes", "News", "latest 2021-05-24"])
        #expect(tile.artworkUrl?.contains("600x600") == true)
    }

    /// An episode found across podcasts names its show where a creator would stand, then its
    /// date and its length, and plays whole (#74 item 4).
    @Test func podcastEpisodeTile() throws {
        let episodes = try records("constructed/podcast-episodes.json")
        #expect(episodes.count == 25 && episodes.allSatisfy(PodcastEpisodeProvider().accepts))
        let tile = PodcastEpisodeProvider().tile(for: episodes[0])
        #expect(tile.kind == "podcast-episode")
        #expect(tile.title == "Episode 721 | \"Unbuttoned\"")
        #expect(tile.subtitle == "The Joe Budden Podcast")
        #expect(tile.summary == ["2024-05-01", "3:36:14"])
        #expect(tile.previewUrl?.hasSuffix("Joe_Budden_Podcast_721.mp3?dest-id=2422538") == true)
        let show = try FilterTests().spec(PodcastEpisodeProvider(), "show")
        #expect(show.matches(episodes[0], .text("joe budden")))
        #expect(!show.matches(episodes[0], .text("60 minutes")))
        // A podcast search never keeps episodes as podcasts of its own, nor the other way round.
        let podcasts = try records("podcasts/erickrodr-search-podcast.json")
        #expect(podcasts.filter(PodcastEpisodeProvider().accepts).isEmpty)
    }

    @Test func missingFactsAreLeftOutAndNegativePricesHidden() {
        var record = ITunesRecord(wrapperType: .track, kind: .song)
        record.trackId = 1
        record.trackName = "Only a name"
        record.trackPrice = -1
        record.currency = "USD"
        let item = MediaItem(itunes: record)
        #expect(item.price == nil, "the API's -1 means not sold separately")
        let tile = SongProvider().tile(for: item)
        #expect(tile.summary.isEmpty)
        #expect(tile.subtitle == nil)
        #expect(tile.url == nil)
    }

    @Test func everyProviderAcceptsOnlyItsKind() throws {
        let mixed = try records("songs/glennposadas-star-songs-raw.json")
        #expect(mixed.filter(SongProvider().accepts).count == 24)
        #expect(mixed.filter(MovieProvider().accepts).count == 23)
        #expect(mixed.filter(AudiobookProvider().accepts).count == 1)
        #expect(mixed.filter(PodcastProvider().accepts).isEmpty)
    }
}

@Suite("Provider filters", .slots)
struct FilterTests {
    func spec(_ provider: some MediaProvider, _ name: String) throws -> FilterSpec {
        try #require(provider.filters.first { $0.name == name })
    }

    @Test func everyProviderOffersAtLeastTwoFilters() {
        let providers: [any MediaProvider] = [SongProvider(), MovieProvider(), AudiobookProvider(), PodcastProvider()]
        for provider in providers { #expect(provider.filters.count >= 2, "\(provider.kind)") }
    }

    @Test func songArtistFilterIsCaseAndAccentInsensitive() throws {
        let songs = try records("songs/andr3a88-jackjohnson-songs-raw.json")
        let artist = try spec(SongProvider(), "artist")
        let value = try artist.parse("JACK johnson")
        #expect(songs.filter { artist.matches($0, value) }.count == 1)
        #expect(artist.attribute == "artistTerm")
        // Accents fold both ways: in what the user types, and in the record.
        let accented = try artist.parse("JÁCK jöhnson")
        #expect(songs.filter { artist.matches($0, accented) }.count == 1)
        let album = try spec(SongProvider(), "album")
        let star = try records("songs/glennposadas-star-songs-raw.json")
        let folded = try album.parse("trilogia STAR trek")
        let trilogy = star.filter { album.matches($0, folded) }
        #expect(!trilogy.isEmpty && trilogy.allSatisfy { $0.itunes.collectionName == "Trilogía Star Trek" })
        let near = try album.parse("trilogiq")
        #expect(star.filter { album.matches($0, near) }.isEmpty)
    }

    @Test func movieYearAndRatingAreChecked() throws {
        let year = try spec(MovieProvider(), "year")
        #expect(throws: MediaSearchError.self) { try year.parse("nineteen") }
        #expect(throws: MediaSearchError.self) { try year.parse("3000") }
        let movies = try records("movies/bloom-starwars-feature-movies.json").filter(MovieProvider().accepts)
        #expect(movies.filter { year.matches($0, .integer(1977)) }.count == 1)
        let rating = try spec(MovieProvider(), "rating")
        let pg13 = try rating.parse("pg-13")
        #expect(pg13 == .text("PG-13"))
        #expect(throws: MediaSearchError.self) { try rating.parse("XXX") }
        #expect(movies.filter { rating.matches($0, pg13) }.count >= 1)
    }

    @Test func podcastGenreLooksAtEveryGenre() throws {
        let podcast = try #require(try records("podcasts/erickrodr-search-podcast.json").first)
        let genre = try spec(PodcastProvider(), "genre")
        #expect(genre.matches(podcast, .text("podcasts")))
        #expect(!genre.matches(podcast, .text("comedy")))
    }
}
