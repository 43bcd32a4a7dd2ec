import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization
import TestSlots
import Testing

/// A source in memory that keeps the provider contract, except for the one flaw it is given:
/// the conformance suite must fail that check, and only that one (#58).
struct FlawedProvider: MediaProvider {
    enum Flaw: String, CaseIterable, Sendable {
        case none
        /// Its first answer lists an id twice (a cold source's first page).
        case firstAnswerRepeatsAnID
        /// Claims to page, but every page is the first.
        case ignoresTheOffset
        /// Finds nothing by the ids it lists.
        case forgetsWhatItListed
        /// An id it does not know is an error, not "nothing".
        case unknownIDIsAnError
        /// Fails whenever explicit content is off.
        case failsWithoutExplicit
        /// Gives an item without a title for a term of markup.
        case breaksOnMarkup
        /// Fails a term of markup with an error of two lines (a Swift provider's own message).
        case errsInManyLines
        /// Hangs past the check's patience for an offset of 100,000.
        case hangsOnAHugeOffset
        /// Keeps working for 15 s once asked, whatever cancels it.
        case ignoresCancellation
        /// Keeps working for 15 s once asked unless it is cancelled: no flaw, but only a check
        /// that cancels sees that it stops (with the cancel left out, it would fail).
        case stopsOnlyWhenCancelled
        /// Fails a search asked while another is under way.
        case oneAtATime
    }

    /// What it has answered and what it is answering, shared by its copies.
    final class Counts: Sendable {
        let answers = Mutex(0)
        let running = Mutex(0)
    }

    let flaw: Flaw
    let kind: String
    let counts = Counts()

    init(_ flaw: Flaw) {
        self.flaw = flaw
        kind = "flawed-\(flaw.rawValue.lowercased())"
    }

    var supportsPaging: Bool { true }
    var maximumLimit: Int? { 50 }
    var exampleTerm: String? { "anything" }

    static func item(_ number: Int) -> MediaItem {
        MediaItem(id: "item-\(number)", title: "Item \(number)", creator: "Someone")
    }

    func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        let others = counts.running.withLock { count in
            count += 1
            return count - 1
        }
        defer { counts.running.withLock { $0 -= 1 } }
        let answer = counts.answers.withLock { count in
            count += 1
            return count
        }
        switch flaw {
        case .failsWithoutExplicit where !query.explicit:
            throw MediaSearchError.badRequest("explicit=No is not understood")
        case .hangsOnAHugeOffset where query.offset >= 100_000:
            try await Task.sleep(for: .seconds(60))
        case .errsInManyLines where query.term.contains("<script>"):
            throw MediaSearchError.network("the term has markup:\n<script> is not a word")
        case .stopsOnlyWhenCancelled where query.term.hasSuffix(" cancelled"):
            try await Task.sleep(for: .seconds(15))
        case .ignoresCancellation where query.term.hasSuffix(" cancelled"):
            // A wait nothing can cut short (a blocking call in a library it uses).
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + 15) { done.resume() }
            }
        case .oneAtATime where others > 0:
            throw MediaSearchError.network("another search is under way")
        default: break
        }
        // Several at once must overlap for the flaw to show: the first of the four (limits 7 to
        // 10, started together; no other check asks 7 to 9) to find itself alone waits for a
        // second, at most 4 s (the check's patience is 5).
        if flaw == .oneAtATime, others == 0, (7...9).contains(query.limit) {
            let end = ContinuousClock.now + .seconds(4)
            while counts.running.withLock({ $0 }) == 1, ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        let offset = flaw == .ignoresTheOffset ? 0 : query.offset
        let count = min(query.limit, 40)
        var items = (offset..<offset + count).map(Self.item)
        if flaw == .firstAnswerRepeatsAnID, answer == 1, items.count > 1 { items[1] = items[0] }
        if flaw == .breaksOnMarkup, query.term.contains("<script>") { items[0].title = " " }
        return offset >= 1_000 ? [] : items
    }

    func lookup(id: String, context: ProviderContext) async throws -> MediaItem? {
        guard id.hasPrefix("item-"), let number = Int(id.dropFirst(5)) else {
            if flaw == .unknownIDIsAnError { throw MediaSearchError.network("could not connect to the server") }
            return nil
        }
        return flaw == .forgetsWhatItListed ? nil : Self.item(number)
    }
}

/// Every check of the conformance suite is shown to bite: a provider with one flaw fails the
/// check that guards it, and passes every other (#58). Nothing here asks the network.
@Suite("Each conformance check fails the provider it guards against", .slots)
struct ConformanceBiteTests {
    static let guarded: [(FlawedProvider.Flaw, String)] = [
        (.firstAnswerRepeatsAnID, "search"), (.ignoresTheOffset, "paging"), (.forgetsWhatItListed, "lookup"),
        (.unknownIDIsAnError, "not found"), (.failsWithoutExplicit, "explicit"), (.breaksOnMarkup, "hostile text"),
        (.errsInManyLines, "hostile text"), (.hangsOnAHugeOffset, "extreme numbers"),
        (.ignoresCancellation, "cancellation"), (.oneAtATime, "several at once"),
    ]
    /// Providers without a flaw, each of which a check passes only if it does what it says (#76
    /// item 5: with `task.cancel()` left out of the cancellation check, `stopsOnlyWhenCancelled`
    /// runs its 15 s and fails it).
    static let sound: [FlawedProvider.Flaw] = [.none, .stopsOnlyWhenCancelled]

    static func run(_ flaw: FlawedProvider.Flaw) async -> [Conformance.Result] {
        let provider = FlawedProvider(flaw)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bite-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var configuration = Configuration()
        configuration.kinds = [provider.kind]
        configuration.libraryEnabled = false
        configuration.cacheEnabled = false
        let paths = StoragePaths(stateDirectory: root + "/state", cacheDirectory: root + "/cache")
        var session = SearchSession(providers: [provider], configuration: configuration, paths: paths)
        session.recordsHistory = false
        session.savesLastResults = false
        // In memory, every good answer is at once: five seconds is a hang, however busy the machine.
        return await Conformance(term: "anything", patience: 5).run(provider, in: session)
    }

    @Test func everyCheckIsGuardedAndEveryFlawNamed() {
        var checks: [String] = []
        for (_, check) in Self.guarded where !checks.contains(check) { checks.append(check) }
        #expect(checks == Conformance.checks)
        #expect(Set(Self.guarded.map(\.0) + Self.sound) == Set(FlawedProvider.Flaw.allCases))
    }

    @Test(arguments: sound)
    func aProviderWithoutAFlawPassesEveryCheck(_ flaw: FlawedProvider.Flaw) async {
        let results = await Self.run(flaw)
        #expect(results.map(\.check) == Conformance.checks)
        #expect(results.allSatisfy { $0.outcome == .passed }, "\(results)")
    }

    @Test(arguments: guarded)
    func aFlawFailsItsCheckAlone(flaw: FlawedProvider.Flaw, check: String) async {
        let results = await Self.run(flaw)
        #expect(results.map(\.check) == Conformance.checks)
        let failed = results.filter(\.failed).map(\.check)
        #expect(failed == [check], "\(flaw): \(results)")
        #expect(results.filter { $0.check != check }.allSatisfy { $0.outcome == .passed }, "\(flaw): \(results)")
    }
}
