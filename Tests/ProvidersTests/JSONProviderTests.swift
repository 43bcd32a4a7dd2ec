import DeclarativeProviders
import Foundation
import MediaSearchKit
import Synchronization
import TestSlots
import Testing

/// A transport that answers every request with one body and remembers the URLs asked.
private final class OneAnswer: HTTPTransport, Sendable {
    let body: String
    let status: Int
    let asked = Mutex<[String]>([])

    init(_ body: String, status: Int = 200) {
        self.body = body
        self.status = status
    }

    func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        asked.withLock { $0.append(url.absoluteString) }
        return HTTPResponse(status: status, body: Data(body.utf8))
    }
}

@Suite("The JSON provider maps any API's answer by paths", .slots)
struct JSONProviderTests {
    let shows = {
        var shows = JSONSource(
            name: "shows", mediaKind: "tv-show", search: "https://api.example.org/search/shows?q={term}&n={limit}",
            fields: [
                "id": "show.id", "title": "show.name", "creator": "show.network.name", "duration": "show.runtime",
                "genre": "show.genres", "description": "show.summary", "artwork": "show.image.medium",
                "released": "show.premiered",
            ])
        shows.lookup = "https://api.example.org/shows/{id}"
        shows.durationUnit = .minutes
        return shows
    }()

    static let answer = """
        [{"score": 0.9, "show": {"id": 139, "name": "Girls", "runtime": 30, "genres": ["Drama", "Romance"],
          "premiered": "2012-04-15", "network": {"name": "HBO"}, "summary": "<p>Four <b>friends</b> &amp; more</p>",
          "image": {"medium": "https://img.example.org/139.jpg"}}},
         {"score": 0.5, "show": {"name": "No id here"}},
         {"score": 0.4, "show": {"id": 140}},
         {"score": 0.3, "show": {"id": 141, "name": "Girls5eva", "network": null, "image": null}}]
        """

    @Test func theDefaultOriginIsTheSearchTemplatesSchemeHostAndPort() {
        func origin(_ search: String) -> String? {
            JSONProvider(JSONSource(name: "x", mediaKind: "x", search: search, fields: ["id": "id", "title": "t"]))
                .defaultBaseURL?.absoluteString
        }
        #expect(origin("https://api.example.org/search/shows?q={term}") == "https://api.example.org")
        #expect(origin("http://127.0.0.1:8765/s?q={term}&n={limit}") == "http://127.0.0.1:8765")
        #expect(origin("http://[::1]:9/s?q={term}") == "http://[::1]:9")
        // An internationalized host stays as written, encoded; a template without a host has none.
        #expect(origin("https://xn--bcher-kva.example/s?q={term}") == "https://xn--bcher-kva.example")
        #expect(origin("/search?q={term}") == nil)
    }

    @Test func resultsAreMappedAndThoseWithoutIdOrTitleSkippedAndCounted() async throws {
        let transport = OneAnswer(Self.answer)
        let reports = Mutex<[String]>([])
        let context = ProviderContext(http: transport, report: { line in reports.withLock { $0.append(line) } })
        let items = try await JSONProvider(shows).search(SearchQuery(term: "girls & boys", limit: 5), context: context)
        #expect(items.map(\.id) == ["139", "141"])
        let girls = try #require(items.first)
        #expect(girls.title == "Girls")
        #expect(girls.kind == "tv-show")
        #expect(girls.creator == "HBO")
        #expect(girls.durationMilliseconds == 30 * 60_000)
        #expect(girls.genre == "Drama, Romance")
        #expect(girls.description == "Four friends & more")
        #expect(girls.artworkURL == "https://img.example.org/139.jpg")
        #expect(girls.releaseYear == 2012)
        #expect(items[1].creator == nil)
        #expect(reports.withLock { $0 } == ["2 results without an id or a title skipped"])
        #expect(transport.asked.withLock { $0 } == ["https://api.example.org/search/shows?q=girls%20%26%20boys&n=5"])
    }

    @Test func aLookupReadsTheBareObjectASearchResultWraps() async throws {
        let transport = OneAnswer(#"{"id": 139, "name": "Girls", "network": {"name": "HBO"}}"#)
        let item = try await JSONProvider(shows).lookup(id: "139", context: ProviderContext(http: transport))
        #expect(item?.title == "Girls")
        #expect(item?.creator == "HBO")
        #expect(transport.asked.withLock { $0 } == ["https://api.example.org/shows/139"])
    }

    @Test func errorsAreTheSourcesOwn() async throws {
        let provider = JSONProvider(shows)
        await #expect {
            try await provider.search(SearchQuery(term: "x"), context: ProviderContext(http: OneAnswer("<html>")))
        } throws: { error in
            (error as? MediaSearchError)?.description == "unreadable answer from Shows: the answer is not JSON"
        }
        await #expect {
            try await provider.search(
                SearchQuery(term: "x"), context: ProviderContext(http: OneAnswer("{}", status: 429)))
        } throws: { error in
            if case .rateLimited(429, "Shows") = error as? MediaSearchError { return true }
            return false
        }
        let missing = try await provider.lookup(
            id: "1", context: ProviderContext(http: OneAnswer("{}", status: 404)))
        #expect(missing == nil)
    }

    /// The language's growth for Open Library: `@last` takes a key's last part (and only as the
    /// last step of a path), `lookup_by` looks an `isbn:` id up where the source says, and a
    /// `detail` request's answer fills what the item lacks, never what it has.
    @Test func pathFunctionsSchemeLookupsAndASecondRequest() async throws {
        var books = shows
        books.fields["id"] = "key.@last"
        books.fields["title"] = "title"
        books.fields["description"] = "description.value | description"
        books.lookupBy = ["isbn": "https://api.example.org/search?isbn={id}"]
        books.detail = "https://api.example.org/works/{id}.json"
        #expect(books.problems().isEmpty, "\(books.problems())")
        let keyed = ProviderContext(http: OneAnswer(#"{"key": "/works/OL45804W/", "title": "Fox"}"#))
        let item = try #require(try await JSONProvider(books).lookup(id: "x", context: keyed))
        #expect(item.id == "OL45804W")
        var linked = books
        linked.fields["url"] = "@id"
        linked.fields["genre"] = "subjects.@last"
        #expect(linked.problems().isEmpty, "a JSON-LD name such as @id is a member: \(linked.problems())")
        var broken = books
        broken.fields["id"] = "@last.key"
        broken.fields["creator"] = "author.@last.name"
        broken.lookupBy = ["ISBN!": "https://api.example.org/isbn/{id}"]
        broken.detail = "https://api.example.org/works"
        broken.filters = [.init("Year", "released"), .init("pages", "fact:Pages"), .init("mood", "colour")]
        #expect(
            broken.problems().map(\.key) == [
                "lookup_by.ISBN!", "detail", "filters.Year", "filters.pages", "filters.mood", "fields.creator",
                "fields.id",
            ], "\(broken.problems())")

        let transport = OneAnswer(#"{"key": "/works/OL1W", "title": "Fox", "description": {"value": "A fox."}}"#)
        let context = ProviderContext(http: transport)
        let found = try #require(try await JSONProvider(books).lookup(id: "isbn:978-0", context: context))
        #expect(found.id == "OL1W")
        var shown = found
        shown.description = nil
        shown.title = "Kept"
        let detail = await JSONProvider(books).detail(for: shown, context: context)
        let rows = detail.sections.flatMap(\.rows)
        #expect(rows.contains { $0.label == "Description" && $0.value == "A fox." }, "\(rows)")
        #expect(detail.sections.first?.title == "Kept", "what the item has stays")
        #expect(
            transport.asked.withLock { $0 } == [
                "https://api.example.org/search?isbn=978-0", "https://api.example.org/works/OL1W.json",
            ])
    }

    /// S13: every record of an answer was mapped, whatever the page needs: 300,000 within the
    /// byte cap cost seconds and hundreds of MB. Only the page and a margin are mapped now.
    @Test func aHugeAnswerIsMappedAsFarAsItsPage() async throws {
        let records = (0..<300_000).map { #"{"id":"g\#($0)","name":"t"}"# }.joined(separator: ",")
        let transport = OneAnswer(#"{"results":["# + records + "]}")
        let source = JSONSource(
            name: "gen", mediaKind: "gen", search: "https://api.example.org/s?q={term}",
            fields: ["id": "id", "title": "name"])
        var listed = source
        listed.results = "results"
        let provider = JSONProvider(listed)
        let context = ProviderContext(http: transport)
        let first = try await provider.search(SearchQuery(term: "t", limit: 10), context: context)
        // The page of 10, and 100 more for the records a page may skip; the engine cuts the page.
        #expect(first.count == 110 && first.first?.id == "g0", "\(first.count)")
        let later = try await provider.search(SearchQuery(term: "t", limit: 10, offset: 50), context: context)
        #expect(later.count == 160 && later.last?.id == "g159", "the results before the page are read too")
        // Saturating (an offset near Int.max traps nothing), and far enough when the engine will
        // drop records after the provider (filters, explicit items left out).
        #expect(SearchQuery(term: "t", limit: 10, offset: .max - 5).recordsWorthReading(sourcePages: false) == .max)
        #expect(SearchQuery(term: "t", limit: 10, explicit: false).recordsWorthReading(sourcePages: true) == 2_000)
        #expect(
            SearchQuery(term: "t", filters: ["year": .integer(1999)], limit: 10)
                .recordsWorthReading(sourcePages: true) == 2_000)
        // The answer itself is read that far: each list of it, from its start.
        let decoder = JSONDecoder()
        decoder.userInfo[JSONValue.listLimit] = 2
        let read = try decoder.decode(JSONValue.self, from: Data(#"{"a": [1, 2, 3], "b": [["x", "y", "z"]]}"#.utf8))
        #expect(
            read
                == .object([
                    "a": .array([.number(1), .number(2)]), "b": .array([.array([.string("x"), .string("y")])]),
                ]))
    }

    @Test func aDescriptionThatCannotWorkIsRefusedWithItsKey() {
        var broken = shows
        broken.search = "ftp://api.example.org/{query}"
        broken.fields["title"] = nil
        broken.fields["rating"] = "show.rating"
        let keys = broken.problems().map(\.key)
        #expect(keys == ["search", "search", "search", "fields", "fields.rating"])
        #expect(shows.problems().isEmpty)
        // A kind of media is a word: it is drawn in badges and tabs (S11).
        var escaped = shows
        escaped.mediaKind = "x\u{1B}[31my"
        #expect(escaped.problems().map(\.key) == ["kind"])
        escaped.mediaKind = "Tv Show"
        #expect(escaped.problems().map(\.key) == ["kind"])
    }
}

@Suite("A described source's values and numbers (#39)", .slots)
struct JSONProviderSafetyTests {
    let shows = JSONProviderTests().shows

    /// `{term}` and `{id}` are one path segment or one query value: `..` climbs nothing, a value
    /// holding a placeholder fills nothing, and a placeholder may not choose the host.
    @Test func valuesStayInTheirSegment() async throws {
        let transport = OneAnswer("[]")
        let context = ProviderContext(http: transport)
        #expect(try await JSONProvider(shows).lookup(id: "..", context: context) == nil)
        #expect(try await JSONProvider(shows).lookup(id: ".", context: context) == nil)
        _ = try await JSONProvider(shows).lookup(id: "a/../b{limit}", context: context)
        _ = try await JSONProvider(shows).search(SearchQuery(term: "..", limit: 5), context: context)
        #expect(
            transport.asked.withLock { $0 } == [
                "https://api.example.org/shows/a%2F..%2Fb%7Blimit%7D",
                "https://api.example.org/search/shows?q=..&n=5",
            ])
        var hostile = shows
        hostile.search = "https://{term}.example.org/search?q={term}"
        #expect(hostile.problems().map(\.message).contains { $0.contains("not in the host") })
    }

    /// Numbers that fit no field are left out of the item, never trapped on.
    @Test func numbersOutOfRangeAreLeftOut() async throws {
        var priced = shows
        priced.fields["price"] = "show.price"
        let answer = #"""
            [{"show": {"id": 1e300, "name": "Huge", "runtime": 1e300, "price": 1e300}},
             {"show": {"id": 2, "name": "Nan", "runtime": "nan", "price": "-inf"}},
             {"show": {"id": 3, "name": "Fine", "runtime": 30, "price": 1.5}}]
            """#
        let items = try await JSONProvider(priced).search(
            SearchQuery(term: "x", limit: 5), context: ProviderContext(http: OneAnswer(answer)))
        #expect(items.map(\.title) == ["Huge", "Nan", "Fine"])
        #expect(items.map(\.durationMilliseconds) == [nil, nil, 30 * 60_000])
        #expect(items.map(\.price) == [nil, nil, 1.5])
        #expect(items[0].id == "1e+300")
    }
}
