import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization
import TestSlots
import Testing

/// A provider that answers its items once its gate opens (at once without a gate), or fails.
private struct GatedProvider: MediaProvider {
    let kind: String
    var mediaKind = "song"
    let source: String
    var items: [MediaItem] = []
    var gate: HeldGate? = nil
    var failure: MediaSearchError? = nil

    func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        if let gate { await gate.wait() }
        if let failure { throw failure }
        return items
    }
}

/// Opens once; every waiter goes on then, or after ten seconds whatever happens: a search that
/// waited for every source before saying anything fails these tests, never hangs them.
private actor HeldGate {
    private var open = false

    func wait() async {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(10)
        while !open && clock.now < end {
            do { try await Task.sleep(for: .milliseconds(5)) } catch { return }
        }
    }

    func release() { open = true }
}

/// The search as a stream of events (#59): a source that has not answered never holds back one
/// that has; a later source's record of a work already shown joins it; the page keeps the order
/// shown. No test here waits on a clock: the slow source answers when the test lets it.
@Suite("A search as its sources answer", .slots)
struct SearchStreamTests {
    static func song(
        _ id: String, _ title: String, by creator: String = "Daft Punk", seconds: Double = 320
    ) -> MediaItem {
        MediaItem(id: id, title: title, creator: creator, durationMilliseconds: Int(seconds * 1000))
    }

    /// A session over the providers, its files in a folder of its own (removed by the caller).
    static func session(_ providers: [any MediaProvider], root: String) -> SearchSession {
        var configuration = Configuration()
        configuration.kinds = providers.map(\.kind)
        configuration.libraryEnabled = false
        let paths = StoragePaths(stateDirectory: root + "/state", cacheDirectory: root + "/cache")
        return SearchSession(providers: providers, configuration: configuration, paths: paths)
    }

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)").path
    }

    /// Reads a search to its end, opening the gate once only `kinds` are pending: the ids added,
    /// the results joined, and the page.
    fileprivate static func read(_ search: SearchStream, releasing gate: HeldGate, when kinds: [String]) async throws
        -> (
            shown: [String], joined: [JoinedResult], page: SearchPage?
        )
    {
        var shown: [String] = []
        var joined: [JoinedResult] = []
        var page: SearchPage?
        for try await event in search.events {
            switch event {
            case .arrived(let arrival):
                shown += arrival.added.map(\.item.id)
                joined += arrival.joined
                if arrival.pending == kinds { await gate.release() }
            case .finished(let finished):
                page = finished
            }
        }
        return (shown, joined, page)
    }

    @Test func aFastSourcesResultsArriveWhileASlowOneIsPending() async throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let gate = HeldGate()
        let fast = GatedProvider(kind: "song", source: "itunes", items: [Self.song("1", "Around the World")])
        let slow = GatedProvider(
            kind: "deezer-song", source: "deezer",
            items: [Self.song("d1", "Around the World"), Self.song("d2", "Veridis Quo")],
            gate: gate)
        let search = try Self.session([fast, slow], root: root).stream(SearchRequest(term: "daft punk"))
        var events = search.events.makeAsyncIterator()
        guard case .arrived(let first) = try await events.next() else {
            Issue.record("the first event is not an arrival")
            return
        }
        // The slow source has not answered (its gate is shut), and the fast one's result is here.
        #expect(first.statuses.map(\.kind) == ["song"])
        #expect(first.added.map(\.item.id) == ["1"] && first.firstNumber == 1)
        #expect(first.pending == ["deezer-song"])
        await gate.release()
        guard case .arrived(let second) = try await events.next() else {
            Issue.record("the second event is not an arrival")
            return
        }
        // Its record of the work shown joins result 1; only the new work is added, as result 2.
        #expect(second.pending.isEmpty)
        #expect(second.added.map(\.item.id) == ["d2"] && second.firstNumber == 2)
        #expect(second.joined.map(\.number) == [1] && second.joined.first?.id == "1")
        #expect(second.joined.first?.entry.item.otherSources.map(\.id) == ["d1"])
        // Each arrival carries the results as they stand and every source's status so far, so no
        // face folds them (#72 item 6).
        #expect(first.results.map(\.item.id) == ["1"] && first.answered.map(\.kind) == ["song"])
        #expect(second.results.map(\.item.id) == ["1", "d2"])
        #expect(second.results.first?.item.otherSources.map(\.id) == ["d1"], "the joined result as it now stands")
        #expect(second.answered.map(\.kind) == ["song", "deezer-song"])
        guard case .finished(let page) = try await events.next() else {
            Issue.record("the last event is not the page")
            return
        }
        #expect(page.results.map(\.item.id) == ["1", "d2"], "the page keeps the order shown")
        #expect(page.results.first?.item.otherSources.map(\.source) == ["Deezer"])
        #expect(page.results.first?.tile.summary.contains { $0.hasPrefix("also on") } == false)
        #expect(try await events.next() == nil)
    }

    /// A source of the plan's first place that answers last: the work it shares with a result
    /// already shown joins that result (its number stays), never a second result.
    @Test func aLateSourceOfTheSameWorkNeverShowsItTwice() async throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let gate = HeldGate()
        let late = GatedProvider(kind: "song", source: "itunes", items: [Self.song("1", "One More Time")], gate: gate)
        let early = GatedProvider(kind: "deezer-song", source: "deezer", items: [Self.song("d1", "One More Time")])
        let search = try Self.session([late, early], root: root).stream(SearchRequest(term: "daft punk"))
        let (shown, joined, page) = try await Self.read(search, releasing: gate, when: ["song"])
        #expect(shown == ["d1"], "one result for the work, as first shown")
        #expect(joined.map(\.number) == [1] && joined.first?.kind == "deezer-song" && joined.first?.id == "d1")
        #expect(page?.results.count == 1)
    }

    /// Two results shown apart (their lengths 3 s apart) and a late record that is the same work
    /// as both (1.5 s from each): it joins one of them, both keep their numbers and records, and
    /// nothing is shown twice or lost.
    @Test func aLateRecordBetweenTwoResultsJoinsOneAndLeavesBoth() async throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let gate = HeldGate()
        let late = GatedProvider(
            kind: "song", source: "itunes", items: [Self.song("a1", "Da Funk", seconds: 201.5)], gate: gate)
        let first = GatedProvider(
            kind: "deezer-song", source: "deezer", items: [Self.song("b1", "Da Funk", seconds: 200)])
        let second = GatedProvider(
            kind: "mb-song", source: "musicbrainz", items: [Self.song("c1", "Da Funk", seconds: 203)])
        let search = try Self.session([late, first, second], root: root).stream(SearchRequest(term: "daft punk"))
        let (shown, joined, page) = try await Self.read(search, releasing: gate, when: ["song"])
        #expect(Set(shown) == ["b1", "c1"] && shown.count == 2, "\(shown)")
        #expect(joined.count == 1 && joined.first?.entry.item.otherSources.map(\.id) == ["a1"])
        let results = try #require(page?.results)
        #expect(results.map(\.item.id) == shown, "the page keeps the results as shown, each once")
        #expect(results.flatMap(\.item.otherSources).map(\.id) == ["a1"])
    }

    /// A source that fails says so in its own arrival; the others' results stand.
    @Test func aFailedSourceIsAnArrivalOfItsOwn() async throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let gate = HeldGate()
        let fast = GatedProvider(kind: "song", source: "itunes", items: [Self.song("1", "Digital Love")])
        let broken = GatedProvider(
            kind: "deezer-song", source: "deezer", gate: gate, failure: .httpStatus(503))
        let search = try Self.session([fast, broken], root: root).stream(SearchRequest(term: "daft punk"))
        var arrivals: [SearchArrival] = []
        var page: SearchPage?
        for try await event in search.events {
            switch event {
            case .arrived(let arrival):
                arrivals.append(arrival)
                if !arrival.pending.isEmpty { await gate.release() }
            case .finished(let finished):
                page = finished
            }
        }
        #expect(arrivals.count == 2)
        #expect(arrivals.last?.statuses.map(\.kind) == ["deezer-song"] && arrivals.last?.statuses.first?.error != nil)
        #expect(arrivals.last?.added.isEmpty == true)
        #expect(page?.results.map(\.item.id) == ["1"] && page?.outcome.hasFailures == true)
    }

    /// `search` is the stream waited for: the same page, every provider's progress said once.
    @Test func searchIsTheStreamToItsEnd() async throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let a = GatedProvider(kind: "song", source: "itunes", items: [Self.song("1", "Aerodynamic")])
        let b = GatedProvider(kind: "deezer-song", source: "deezer", items: [Self.song("d2", "Voyager")])
        let seen = Seen()
        let page = try await Self.session([a, b], root: root).search(
            SearchRequest(term: "daft punk"), progress: { status in seen.add(status.kind) })
        #expect(Set(page.results.map(\.item.id)) == ["1", "d2"])
        #expect(seen.all.sorted() == ["deezer-song", "song"])
    }
}

private final class Seen: Sendable {
    private let kinds = Mutex<[String]>([])
    func add(_ kind: String) { kinds.withLock { $0.append(kind) } }
    var all: [String] { kinds.withLock { $0 } }
}
