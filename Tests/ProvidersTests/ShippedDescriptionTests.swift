import DeclarativeProviders
import MediaSearchBuiltIns
import MediaSearchCore
import MediaSearchKit
import TestSlots
import Testing

/// The description language read into `Decodable` types (#60 item 2): the sources MediaSearch
/// ships are YAML files read by the reader of a user's config.yaml, and that reader names every
/// problem's key and line, at any depth.
@Suite("Descriptions, shipped and a user's, read alike", .slots)
struct ShippedDescriptionTests {
    /// Reads a config's `providers:` as the executable reads the shipped descriptions.
    static func read(_ yaml: String) throws(MediaSearchError) -> [JSONSource] {
        try ConfigurationLoader.describedSources(in: yaml, file: "config.yaml", types: [JSONSourceType()]).compactMap {
            $0.source as? JSONSource
        }
    }

    /// The problem a description has, as the user reads it.
    static func problem(_ yaml: String) -> String {
        do {
            _ = try read(yaml)
            return "no problem"
        } catch {
            return error.description
        }
    }

    static let minimal = """
        providers:
          shows:
            type: json
            kind: tv-show
            search: "https://api.example.org/search?q={term}"
            fields: {id: id, title: name}

        """

    @Test func everyShippedDescriptionReadsIntoTheProvidersListed() {
        let sources = BuiltInProviders.describedSources
        #expect(sources.map(\.name) == ["radio", "tv", "librivox", "musicbrainz", "musicbrainz-album", "openlibrary"])
        #expect(
            sources.map { $0.rateLimit.map { "\($0.count)/\(Int($0.seconds))" } } == [
                "10/10", "20/10", nil, "1/1", "1/1", "1/1",
            ])
        #expect(sources.allSatisfy { $0.problems().isEmpty && $0.example != nil })
        let names = BuiltInProviders.all.map(\.kind)
        #expect(sources.allSatisfy { names.contains($0.name) })
    }

    /// A shipped file copied as a user's config.yaml, read as every config is, is the same source.
    @Test func aCopyOfAShippedFileAsAConfigIsTheSameSource() throws {
        for (file, text) in JSONSource.shippedDescriptions {
            let configuration = try ConfigurationLoader.parse(
                text, file: "config.yaml", sourceTypes: BuiltInProviders.sourceTypes)
            #expect(!configuration.sources.isEmpty, "\(file)")
            for case var copy as JSONSource in configuration.sources {
                copy.rateLimit = configuration.sourceRates[copy.name]
                #expect(BuiltInProviders.describedSources.contains(copy), "\(file): \(copy.name)")
            }
        }
    }

    /// Facts, filters and lists keep the order they are written in: a tile shows its facts so.
    @Test func namedSettingsKeepTheFilesOrder() throws {
        let source = try #require(
            try Self.read(
                Self.minimal + """
                        facts: {Zeta: z, Alpha: {path: a, type: count, unit: page}, Mid: "{m} kbps"}
                        filters: {year: released, author: creator}
                        lists:
                          Second: {url: "https://api.example.org/b/{id}", fields: {id: id, title: t}}
                          First: {url: "https://api.example.org/a/{id}", fields: {id: id, title: t}, group: "Season {s}"}

                    """
            ).first)
        #expect(source.facts.map(\.label) == ["Zeta", "Alpha", "Mid"])
        #expect(source.facts.map(\.kind) == [.text, .count, .text])
        #expect(source.facts[1].unit == "page")
        #expect(
            source.filters.map(\.name) == ["year", "author"] && source.filters.map(\.field) == ["released", "creator"])
        #expect(source.lists.map(\.title) == ["Second", "First"] && source.lists[1].group == "Season {s}")
    }

    /// Each problem is the file's line and the key's whole path, however deep.
    @Test func everyProblemNamesItsKeyAndLine() {
        let cases: [(String, String)] = [
            (
                "    lists:\n      Cast:\n        url: \"https://a.example/{id}\"\n        colour: red\n        fields: {id: id, title: t}\n",
                "config.yaml:10: providers.shows.lists.Cast.colour: unknown key (known here: url, results, fields, group)"
            ),
            (
                "    lists:\n      Cast: {fields: {id: id, title: t}}\n",
                "config.yaml:8: providers.shows.lists.Cast.url: is required"
            ),
            ("    lists: Cast\n", "config.yaml:7: providers.shows.lists: expected a mapping"),
            ("    facts: {A: [a, b]}\n", "config.yaml:7: providers.shows.facts.A: expected a mapping"),
            ("    empty_status: often\n", "config.yaml:7: providers.shows.empty_status: 'often' is not a whole number"),
            ("    empty_status: 200\n", "config.yaml:7: providers.shows.empty_status: '200' is not an HTTP status"),
            (
                "    duration_unit: hours\n",
                "config.yaml:7: providers.shows.duration_unit: 'hours' is not one of s, ms, min"
            ),
            ("    labels: {creator: [a]}\n", "config.yaml:7: providers.shows.labels.creator: expected a word or text"),
            (
                "    filters: {year: {field: released}}\n",
                "config.yaml:7: providers.shows.filters.year: expected a word or text"
            ),
        ]
        for (extra, message) in cases {
            let found = Self.problem(Self.minimal + extra)
            #expect(found.hasPrefix(message), "\(found)")
        }
        let withoutKind = Self.minimal.replacingOccurrences(of: "    kind: tv-show\n", with: "")
        #expect(
            Self.problem(withoutKind)
                == "config.yaml:3: providers.shows.kind: is required: the kind of media its results are, e.g. tv-show")
    }
}
