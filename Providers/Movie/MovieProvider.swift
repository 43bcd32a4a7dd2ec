import MediaSearchITunes
import MediaSearchKit

/// Feature films from the iTunes store (`media=movie`, `entity=movie`).
public struct MovieProvider: ITunesProvider {
    public let kind = "movie"
    public let displayName = "Movies"
    public let exampleTerm: String? = "star wars"
    public let media = "movie"
    public let entity = "movie"

    /// The content advisory ratings the `--rating` filter accepts.
    static let ratings = ["G", "PG", "PG-13", "R", "NC-17", "NR", "Unrated"]

    /// Creates the provider.
    public init() {}

    public var filters: [FilterSpec] {
        [
            .text("director", help: "only movies whose director contains this", attribute: "directorTerm") {
                [$0.itunes.artistName]
            },
            FilterSpec(
                name: "year", valueType: .integer(1880...2100), help: "only movies released in this year",
                attribute: "releaseYearTerm"
            ) { item, value in item.releaseYear.map(String.init) == value.text },
            FilterSpec(name: "rating", valueType: .choice(Self.ratings), help: "only movies with this advisory rating")
            {
                item, value in item.itunes.contentAdvisoryRating?.caseInsensitiveCompare(value.text) == .orderedSame
            },
            .text("genre", help: "only movies of this genre, e.g. Comedy") { [$0.itunes.primaryGenreName] },
        ]
    }

    public func accepts(_ item: MediaItem) -> Bool { item.itunes.kind == .featureMovie }

    public func tile(for item: MediaItem) -> Tile {
        Tile(
            item: item, kind: kind,
            facts: [
                .year("Year", item.releaseYear),
                .duration("Runtime", milliseconds: item.itunes.trackTimeMillis, style: .runtime),
                .plain("Rating", item.itunes.contentAdvisoryRating),
                .money("Price", item.itunes.trackPrice ?? item.itunes.collectionPrice, currency: item.currency),
            ])
    }
}
