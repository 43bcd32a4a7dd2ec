import Foundation
import MediaSearchCore
import MediaSearchITunes
import MediaSearchKit
import Synchronization
import TestSlots
import Testing

/// A provider whose search is a closure, for engine tests.
private struct StubProvider: MediaProvider {
    let kind: String
    let work: @Sendable (SearchQuery) async throws -> [MediaItem]

    func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        try await work(query)
    }
}

/// A transport that must never be used: the stub providers do not touch the network.
private struct NoTransport: HTTPTransport {
    func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        Issue.record("unexpected request to \(url)")
        throw MediaSearchError.httpStatus(599)
    }
}

private actor StartCounter {
    var count = 0

    func arrive() { count += 1 }

    func waitForAll(_ expected: Int) async throws {
        while count < expected { try await Task.sleep(for: .milliseconds(5)) }
    }
}

@Suite("Search engine", .slots)
struct EngineTests {
    let context = ProviderContext(http: NoTransport(), baseURL: URL(string: "http://127.0.0.1:9")!)

    static func item(_ id: Int) -> MediaItem {
        var record = ITunesRecord(wrapperType: .track, kind: .song)
        record.trackId = id
        record.trackName = "Item \(id)"
        record.trackCensoredName = "I*** \(id)"
        return MediaItem(itunes: record)
    }

    func plan(_ providers: [any MediaProvider]) throws -> [PlannedSearch] {
        var configuration = Configuration()
        configuration.kinds = providers.map(\.kind)
        return try SearchPlanner.plan(SearchRequest(term: "x"), providers: providers, configuration: configuration)
    }

    /// The README's "sources that answer within a tenth of the first answer's time are ranked
    /// together" (the test review's finding 12): the window's length, and what arrives in it.
    @Test func theFirstAnswerWaitsATenthOfItsTimeForItsPeers() {
        #expect(SearchEngine.settlingWait(after: .seconds(1), patience: .zero, fromDisk: false) == .milliseconds(100))
        #expect(SearchEngine.settlingWait(after: .seconds(10), patience: .zero, fromDisk: false) == .milliseconds(250))
        #expect(
            SearchEngine.settlingWait(after: .milliseconds(50), patience: .zero, fromDisk: true) == .milliseconds(20))
        #expect(SearchEngine.settlingWait(after: .seconds(1), patience: .seconds(2), fromDisk: false) == .seconds(2))
    }

    /// A peer that answers while the first waits joins its batch (and is ranked with it); one that
    /// answers after the first batch went is a batch of its own. Each peer waits for a gate the
    /// test opens on an event (the first's answer, or its batch), so no clock decides.
    @Test func aPeerInTheWindowJoinsTheFirstBatchAndALaterOneFollows() async throws {
        /// Lets one waiter go once released (before or after it waits).
        final class Gate: Sendable {
            private let state = Mutex<(open: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
            func wait() async {
                await withCheckedContinuation { continuation in
                    let go = state.withLock { state in
                        if !state.open { state.waiter = continuation }
                        return state.open
                    }
                    if go { continuation.resume() }
                }
            }
            func release() {
                state.withLock { state -> CheckedContinuation<Void, Never>? in
                    state.open = true
                    defer { state.waiter = nil }
                    return state.waiter
                }?.resume()
            }
        }
        for together in [true, false] {
            let gate = Gate()
            let providers: [any MediaProvider] = [
                StubProvider(kind: "first") { _ in [Self.item(1)] },
                StubProvider(kind: "peer") { _ in
                    await gate.wait()
                    return [Self.item(2)]
                },
            ]
            // Together: the peer is let go as the first answers, inside a window held open (60 s
            // of patience, never waited out: the batch goes once both are in). Apart: no window,
            // and the peer is let go once the first batch has come.
            let engine = SearchEngine(context: context, providerTimeout: 30)
            var batches: [[String]] = []
            for await batch in engine.arrivals(
                try plan(providers), patience: together ? Duration.seconds(60) : Duration.zero,
                progress: { status in if together && status.kind == "first" { gate.release() } })
            {
                batches.append(batch.map { $0.status.kind }.sorted())
                if !together { gate.release() }
            }
            #expect(batches == (together ? [["first", "peer"]] : [["first"], ["peer"]]), "\(batches)")
        }
    }

    /// An error a provider throws is its own failure in its own words, never a "network error".
    @Test func aProvidersOwnErrorIsReportedInItsOwnWords() async throws {
        struct CatalogMissing: Error, CustomStringConvertible {
            var description: String { "catalog.json: no such file" }
        }
        let providers: [any MediaProvider] = [
            StubProvider(kind: "a") { _ in throw CatalogMissing() },
            StubProvider(kind: "b") { _ in throw MediaSearchError.unavailable("the shelf is locked") },
        ]
        let outcome = await SearchEngine(context: context, providerTimeout: 5).run(try plan(providers))
        #expect(
            outcome.statuses.map { $0.error?.description } == ["catalog.json: no such file", "the shelf is locked"])
        #expect(outcome.statuses.allSatisfy { $0.error?.isUnavailability == true })
    }

    @Test func oneFailureNeverStopsTheOthers() async throws {
        let providers: [any MediaProvider] = [
            StubProvider(kind: "a") { _ in [Self.item(1), Self.item(2)] },
            StubProvider(kind: "b") { _ in throw MediaSearchError.httpStatus(500, source: "iTunes") },
        ]
        let outcome = await SearchEngine(context: context, providerTimeout: 5).run(try plan(providers))
        #expect(outcome.statuses.map(\.kind) == ["a", "b"])
        #expect(outcome.statuses[0].count == 2)
        #expect(outcome.statuses[1].error?.description == "iTunes answered HTTP 500")
        #expect(outcome.hasFailures && !outcome.allFailed)
    }

    @Test func aSourceThatSendsMoreThanTheLimitIsCutToIt() async throws {
        let providers: [any MediaProvider] = [StubProvider(kind: "a") { _ in (1...10_000).map { Self.item($0) } }]
        var configuration = Configuration()
        configuration.kinds = ["a"]
        let plan = try SearchPlanner.plan(
            SearchRequest(term: "x", limit: 5), providers: providers, configuration: configuration)
        let outcome = await SearchEngine(context: context, providerTimeout: 5).run(plan)
        #expect(outcome.statuses.first?.count == 5)
        #expect(outcome.perProvider.first?.1.map(\.item.id) == ["1", "2", "3", "4", "5"])
    }

    @Test func aSlowProviderTimesOutAlone() async throws {
        let providers: [any MediaProvider] = [
            StubProvider(kind: "fast") { _ in [Self.item(1)] },
            StubProvider(kind: "slow") { _ in
                try await Task.sleep(for: .seconds(30))
                return []
            },
        ]
        // 3 s is far more than the fast provider needs on a loaded machine, and far less than 30.
        let started = ContinuousClock.now
        let outcome = await SearchEngine(context: context, providerTimeout: 3).run(try plan(providers))
        #expect(
            ContinuousClock.now - started < .seconds(20),
            "a speed bound, wide: the 3 s deadline, not the slow provider's 30 s, ended the search")
        guard case .deadlineExceeded = outcome.statuses[1].error else {
            Issue.record("expected a time-out")
            return
        }
        // The provider is not an iTunes one: its failure must not blame iTunes.
        #expect(outcome.statuses[1].error?.description == "no answer within 3.0 s")
        #expect(outcome.statuses[0].count == 1)
    }

    /// Each provider waits until all four have started: run one after another, none would finish.
    @Test func providersRunConcurrently() async throws {
        let started = StartCounter()
        let providers: [any MediaProvider] = (0..<4).map { n in
            StubProvider(kind: "k\(n)") { _ in
                await started.arrive()
                try await started.waitForAll(4)
                return [Self.item(n)]
            }
        }
        let outcome = await SearchEngine(context: context, providerTimeout: 30).run(try plan(providers))
        #expect(outcome.statuses.allSatisfy { $0.error == nil && $0.count == 1 })
    }

    @Test func censoringShowsCensoredNames() async throws {
        let providers: [any MediaProvider] = [StubProvider(kind: "a") { _ in [Self.item(1)] }]
        let outcome = await SearchEngine(context: context, providerTimeout: 5, censorNames: true).run(
            try plan(providers))
        #expect(outcome.perProvider[0].entries[0].tile.title == "I*** 1")
    }

    @Test func planningChecksTermsKindsAndFilters() {
        let providers: [any MediaProvider] = [StubProvider(kind: "a") { _ in [] }]
        var configuration = Configuration()
        configuration.kinds = ["a"]
        #expect(throws: MediaSearchError.self) {
            try SearchPlanner.plan(SearchRequest(term: "   "), providers: providers, configuration: configuration)
        }
        #expect(throws: MediaSearchError.self) {
            try SearchPlanner.plan(SearchRequest(term: nil), providers: providers, configuration: configuration)
        }
        #expect(throws: MediaSearchError.self) {
            try SearchPlanner.plan(
                SearchRequest(term: "x", kinds: ["zzz"]), providers: providers, configuration: configuration)
        }
        #expect(throws: MediaSearchError.self) {
            try SearchPlanner.plan(
                SearchRequest(term: "x", filters: ["nope": "1"]), providers: providers, configuration: configuration)
        }
    }
}

/// A provider over a fixed list that records what it was asked: the shape of a source that
/// cannot page or filter, with a maximum of its own.
private struct ListProvider: MediaProvider {
    let kind = "shelf"
    let items: [MediaItem]
    let asked: Asked
    var supportsPaging = false
    var maximumLimit: Int? = nil

    var filters: [FilterSpec] {
        [
            .text("by", help: "creator", attribute: "creatorTerm") { [$0.creator] },
            .text("genre", help: "genre") { [$0.genre] },
        ]
    }

    func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        await asked.record(query)
        // A source that pages answers one page; one that cannot answers everything it has.
        return supportsPaging ? Array(items.dropFirst(query.offset).prefix(query.limit)) : items
    }
}

private actor Asked {
    var queries: [SearchQuery] = []
    func record(_ query: SearchQuery) { queries.append(query) }
}

@Suite("The engine does the providers' shared work", .slots)
struct SharedWorkTests {
    let context = ProviderContext(http: NoTransport())
    let shelf = (1...30).map { n in
        MediaItem(
            id: "\(n)", title: "Record \(n)", creator: n % 2 == 0 ? "Even Band" : "Odd Band",
            genre: n % 3 == 0 ? "Jazz" : "Rock")
    }

    func request(_ term: String?, filters: [String: String] = [:], limit: Int, page: Int = 1) -> SearchRequest {
        var request = SearchRequest(term: term, filters: filters, limit: limit)
        request.page = page
        return request
    }

    fileprivate func run(
        _ provider: ListProvider, _ request: SearchRequest
    ) async throws -> (ids: [String], asked: [SearchQuery]) {
        var configuration = Configuration()
        configuration.kinds = [provider.kind]
        let plan = try SearchPlanner.plan(request, providers: [provider], configuration: configuration)
        let outcome = await SearchEngine(context: context, providerTimeout: 5).run(plan)
        #expect(outcome.statuses.allSatisfy { $0.error == nil }, "\(outcome.statuses)")
        return (outcome.perProvider.flatMap(\.1).map(\.item.id), await provider.asked.queries)
    }

    @Test func aSourceThatCannotPageIsAskedFromTheStartAndTheEngineSkips() async throws {
        let provider = ListProvider(items: shelf, asked: Asked())
        let (ids, asked) = try await run(provider, request("record", limit: 5, page: 3))
        #expect(asked.map(\.offset) == [0])
        #expect(asked.map(\.limit) == [15])
        #expect(ids == ["11", "12", "13", "14", "15"])
    }

    @Test func aSourceThatPagesGetsTheOffsetAndKeepsItsMaximum() async throws {
        let provider = ListProvider(items: shelf, asked: Asked(), supportsPaging: true, maximumLimit: 4)
        let (ids, asked) = try await run(provider, request("record", limit: 10, page: 2))
        #expect(asked.map(\.offset) == [10])
        #expect(asked.map(\.limit) == [4])
        #expect(ids.count == 4)
    }

    @Test func filtersAreAppliedByTheEngine() async throws {
        let provider = ListProvider(items: shelf, asked: Asked())
        let (ids, _) = try await run(
            provider, SearchRequest(term: "record", filters: ["genre": "jazz", "by": "even"], limit: 30))
        #expect(ids == ["6", "12", "18", "24", "30"])
    }

    @Test func aFilterThatCanBeTheSearchBecomesTheTermWithItsAttribute() async throws {
        let provider = ListProvider(items: shelf, asked: Asked())
        let (ids, asked) = try await run(provider, SearchRequest(term: nil, filters: ["by": "odd"], limit: 3))
        #expect(asked.map(\.term) == ["odd"])
        #expect(asked.map(\.attribute) == ["creatorTerm"])
        #expect(ids == ["1", "3", "5"])
    }
}
