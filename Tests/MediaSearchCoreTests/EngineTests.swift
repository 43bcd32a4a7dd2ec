import Foundation
import MediaSearchITunes
import MediaSearchKit
import Testing

@testable import MediaSearchCore

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

@Suite("Search engine")
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
        #expect(ContinuousClock.now - started < .seconds(20))
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
