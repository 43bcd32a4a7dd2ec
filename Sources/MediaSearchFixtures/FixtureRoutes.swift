import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// Which recorded response answers which `/search`, by `media`.
public struct FixtureRoutes: Sendable {
    /// Fixture path by `media` value, or by `media/entity` (e.g. `music/album`), which wins.
    public var search: [String: String]
    /// Whether `offset` pages through the recorded results (the real API sometimes ignores it).
    public var honorsOffset: Bool
    /// Whether a short recording is repeated to fill the requested `limit` (for benchmarks).
    public var fillToLimit: Bool
    /// Whether each search term gets the recorded records under ids of its own (for tests that
    /// need distinct records from many searches).
    public var distinctIDsPerTerm: Bool
    /// Whether artwork links point at this server, which draws a picture for each (no internet needed).
    public var localArtwork = false
    /// Fixture path by `media` and a word in the term (`music|daft punk`), which wins over `media` alone.
    public var byTerm: [String: String] = ["music|daft punk": "constructed/daft-punk-songs.json"]
    /// Whether a search's answer keeps only the recorded results that have its words (the demo's:
    /// ``FollowingTerms``); the tests' answers are the recordings whatever the words.
    public var followTerms = false
    /// The `media` whose searches answer ``FixtureServer/hostileAnswer`` instead of a recording.
    public var hostileMedia: String?
    /// Files that answer the requests of a path and the paths under it (`/json/stations`:
    /// `/json/stations/search` too), read at each request (a fuzz rewrites one between runs),
    /// ahead of any recording; the longest path wins.
    public var answerFiles: [String: String] = [:]

    /// Creates routes.
    public init(
        search: [String: String], honorsOffset: Bool = true, fillToLimit: Bool = false,
        distinctIDsPerTerm: Bool = false
    ) {
        self.search = search
        self.honorsOffset = honorsOffset
        self.fillToLimit = fillToLimit
        self.distinctIDsPerTerm = distinctIDsPerTerm
    }

    /// Songs by Jack Johnson, Star Wars movies (with three audiobooks mixed in, as the API does),
    /// Moby Dick as an audiobook, 60 Minutes as a podcast, three albums, a music video and an ebook.
    public static let `default` = FixtureRoutes(search: [
        "music": "songs/andr3a88-jackjohnson-songs-raw.json",
        "music/album": "other/erickrodr-search-album-collections.json",
        "movie": "movies/bloom-starwars-feature-movies.json",
        "audiobook": "audiobooks/erickrodr-search-audiobook-javascript.json",
        "podcast": "podcasts/erickrodr-search-podcast.json",
        "podcast/podcastEpisode": "constructed/podcast-episodes.json",
        "musicVideo": "other/erickrodr-search-music-video.json",
        "ebook": "other/erickrodr-search-ebook.json",
    ])
}
