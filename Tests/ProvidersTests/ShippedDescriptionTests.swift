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
            (
                "    facts: {A: [a, b]}\n",
                "config.yaml:7: providers.shows.facts.A: expected a dotted path, or path and type"
            ),
            ("    empty_status: often\n", "config.yaml:7: providers.shows.empty_status: 'often' is not a whole number"),
            ("    empty_status: 200\n", "config.yaml:7: providers.shows.empty_status: '200' is not an HTTP status"),
            (
                "    duration_unit: hours\n",
                "config.yaml:7: providers.shows.duration_unit: 'hours' is not one of s, ms, min"
            ),
            ("    labels: {creator: [a]}\n", "config.yaml:7: providers.shows.labels.creator: expected a word or text"),
            (
                "    filters: {year: {field: released}}\n",
                "config.yaml:7: providers.shows.filters.year: expected the field it narrows (creator, collection"
            ),
            // A misspelt key is named, not what its absence broke (a fresh-eyes review found both).
            (
                "    lists:\n      Cast:\n        ulr: \"https://a.example/{id}\"\n        fields: {id: id, title: t}\n",
                "config.yaml:9: providers.shows.lists.Cast.ulr: unknown key (known here: url, results, fields, group)"
            ),
            (
                "    facts: {Votes: {path: votes, typ: count, unit: vote}}\n",
                "config.yaml:7: providers.shows.facts.Votes.typ: unknown key (known here: path, type, unit, scale, scheme)"
            ),
            (
                "    labels: {creater: Country}\n",
                "config.yaml:7: providers.shows.labels.creater: unknown key (known here: creator,"
            ),
            ("    source: MusicBrainz\n", "config.yaml:7: providers.shows.source: a source's name is lower-case"),
        ]
        for (extra, message) in cases {
            let found = Self.problem(Self.minimal + extra)
            #expect(found.hasPrefix(message), "\(found)")
        }
        let withoutKind = Self.minimal.replacingOccurrences(of: "    kind: tv-show\n", with: "")
        #expect(
            Self.problem(withoutKind)
                == "config.yaml:3: providers.shows.kind: is required: the kind of media its results are, e.g. tv-show")
        let blankKind = Self.minimal.replacingOccurrences(of: "kind: tv-show", with: "kind: \"\"")
        #expect(Self.problem(blankKind).hasPrefix("config.yaml:4: providers.shows.kind: is required"))
        // A misspelt field is named before the field its absence leaves missing.
        let misspelt = Self.minimal.replacingOccurrences(of: "title: name", with: "titel: name")
        #expect(Self.problem(misspelt).hasPrefix("config.yaml:6: providers.shows.fields.titel: unknown key"))
    }

    /// Another source type's settings may hold any number Swift has: each is read from its
    /// text, in its range (each of these once recursed without end).
    @Test func everyNumberTypeReadsFromItsText() throws {
        struct Numbers: Decodable, Equatable {
            var small: Int8
            var wide: UInt64
            var ratio: Float
            var counts: [UInt16]
        }
        let node = SettingNode.mapping(
            [
                .init(key: "small", value: .text("-7", line: 1)),
                .init(key: "wide", value: .text("18000000000", line: 2)),
                .init(key: "ratio", value: .text("0.5", line: 3)),
                .init(key: "counts", value: .list([.text("1", line: 4), .text("65535", line: 4)], line: 4)),
            ], line: 1)
        #expect(
            try node.decode(Numbers.self) == Numbers(small: -7, wide: 18_000_000_000, ratio: 0.5, counts: [1, 65535]))
        var tooBig = node.entries
        tooBig[0] = .init(key: "small", value: .text("300", line: 1))
        #expect(throws: SourceSettingProblem(key: "small", line: 1, message: "'300' is not a number of this kind")) {
            try SettingNode.mapping(tooBig, line: 1).decode(Numbers.self)
        }
    }

    /// What every source takes (where it is, its timeout, its limit) is the user's to set: a
    /// shipped description says only its rate.
    @Test func theShippedFilesSayNoEngineKeyButTheirRate() throws {
        for (file, text) in JSONSource.shippedDescriptions {
            let configuration = try ConfigurationLoader.parse(
                text, file: file, sourceTypes: BuiltInProviders.sourceTypes)
            #expect(configuration.sourceTimeouts.isEmpty && configuration.sourceURLs.isEmpty, "\(file)")
            #expect(configuration.providers.values.allSatisfy { $0.limit == nil && $0.weight == nil }, "\(file)")
        }
    }

    /// `providers check NAME` needs no `--term` for any source that ships: each names a term it
    /// finds something for.
    @Test func everyBuiltInProviderNamesAnExampleTerm() {
        let without = BuiltInProviders.all.filter { ($0.exampleTerm ?? "").isEmpty }.map(\.kind)
        #expect(without == [])
    }

}
