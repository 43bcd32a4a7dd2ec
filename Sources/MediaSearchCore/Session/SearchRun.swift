import Foundation
import MediaSearchKit

/// One page of a search as it runs (#72 item 6): it asks the planned sources, merges what each
/// answers into the results shown so far, says each step as an arrival, falls back to the
/// offline library when no source can answer, and hands what it received to the
/// ``ResultKeeper``. ``SearchSession/stream(_:order:offline:uncensored:patience:progress:)``
/// starts one.
struct SearchRun {
    let session: SearchSession
    let request: SearchRequest
    let plan: [PlannedSearch]
    let order: ResultOrder
    let offline: Bool
    let uncensored: Bool
    let patience: Duration?
    let progress: @Sendable (ProviderStatus) -> Void
    var notices: [String]

    /// The results shown so far, merged, numbered as shown.
    private var shown = ShownResults()
    private var answers: [SearchEngine.ProviderAnswer] = []
    private var pending: [String] = []
    /// Each source's records, kept in the library as it answers, beside the next answers; the
    /// page is returned once every write has ended.
    private var keeping: [Task<[String], Never>] = []
    private var answer: OfflineAnswer?
    private var unreachable: Unreachable?

    init(
        session: SearchSession, request: SearchRequest, plan: [PlannedSearch], order: ResultOrder, offline: Bool,
        uncensored: Bool, notices: [String], patience: Duration?,
        progress: @escaping @Sendable (ProviderStatus) -> Void
    ) {
        self.session = session
        self.request = request
        self.plan = plan
        self.order = order
        self.offline = offline
        self.uncensored = uncensored
        self.notices = notices
        self.patience = patience
        self.progress = progress
        pending = plan.map(\.provider.kind)
    }

    private var providers: [String: any MediaProvider] {
        Dictionary(plan.map { ($0.provider.kind, $0.provider) }, uniquingKeysWith: { a, _ in a })
    }

    private func weight(_ kind: String) -> Double {
        session.provider(kind: kind).map { session.configuration.weight(for: $0) }
            ?? session.configuration.weight(for: kind)
    }

    /// Takes in a batch of answers and says what it adds, with the results as they now stand.
    private mutating func take(
        _ batch: [SearchEngine.ProviderAnswer], fromLibrary: Bool = false, arrived: (SearchArrival) -> Void
    ) {
        answers += batch
        let done = Set(batch.map(\.status.kind))
        pending.removeAll { done.contains($0) }
        let firstNumber = shown.entries.count + 1
        let (added, joined) = shown.update(with: batch, providers: providers, weight: weight)
        arrived(
            SearchArrival(
                statuses: batch.map(\.status), added: added, firstNumber: firstNumber, joined: joined,
                pending: pending, fromLibrary: fromLibrary, results: shown.entries,
                answered: answers.map(\.status)))
    }

    /// Runs the search, saying each arrival, and returns its page once all is kept.
    mutating func execute(arrived: (SearchArrival) -> Void) async throws -> SearchPage {
        let reports = Reports()
        let keeper = session.keeper
        var engine = SearchEngine(
            censorNames: !request.explicit && !uncensored
        ) { [session, request, reports] provider in
            session.context(
                for: provider, country: request.country, lang: request.lang, explicit: request.explicit,
                reports: reports)
        }
        let library = session.library
        if offline, let library {
            engine.library = library
            for await batch in engine.arrivals(plan, patience: patience, progress: progress) {
                take(batch, arrived: arrived)
            }
            let outcome = SearchEngine.outcome(of: answers, plan: plan)
            answer = OfflineAnswer(results: outcome.total, records: (try? await library.count()) ?? 0, fallback: false)
            answer?.unsearchable =
                outcome.failures.first { if case .storage = $0.error { true } else { false } }?
                .error.description
        } else {
            SearchSession.prepare(network: true)
            library?.prepare()
            for await batch in engine.arrivals(plan, patience: patience, progress: progress) {
                if library != nil, batch.contains(where: { !$0.entries.isEmpty }) {
                    let received = SearchEngine.outcome(of: batch, plan: plan, merged: false)
                    keeping.append(Task { await keeper.keep(received) })
                }
                take(batch, arrived: arrived)
            }
            if Task.isCancelled {
                // What was shown is kept: its records, and the numbers `show --result N` opens.
                for write in keeping { _ = await write.value }
                if !shown.entries.isEmpty {
                    let partial = SearchPage(
                        request: request, plan: plan, outcome: SearchOutcome(perProvider: [], statuses: []),
                        results: shown.entries, order: order, repeatsPrevious: false, notices: [], saved: true)
                    _ = keeper.saveLastResults(of: partial, withRecords: true)
                }
                throw MediaSearchError.cancelled
            }
            try await fallBack(engine: &engine, arrived: arrived)
        }
        if Task.isCancelled { throw MediaSearchError.cancelled }
        let outcome = SearchEngine.outcome(of: answers, plan: plan)
        // Results that several sources have are kept as shown, with every source in them, once
        // every source's own records are written (the same record, written later, wins).
        let merged =
            answer == nil
            ? shown.entries.filter { !$0.item.otherSources.isEmpty }.map { (kind: $0.kind, item: $0.item) } : []
        let results = order == ResultOrder() ? shown.entries : order.apply(to: outcome, weight: weight)
        var (page, problems) = await keeper.remember(
            SearchPage(
                request: request, plan: plan, outcome: outcome, results: results, order: order,
                repeatsPrevious: keeper.repeatsPrevious(results, request: request), notices: [], saved: true,
                offline: answer, unreachable: unreachable), writes: keeping, merged: merged)
        // A cache that cannot be read or kept is said (once a process), and fails nothing: the
        // search did what was asked, as pip's and curl's do without their caches (#76 item 4).
        let cacheProblems = session.responseCache().takeNotices()
        page.notices =
            notices + problems + reports.all + (library?.takeNotices() ?? []) + cacheProblems + page.notices
        return page
    }

    /// When every source failed for want of the network or of its leave, says where it could
    /// not reach, and answers from the offline library when it keeps something.
    private mutating func fallBack(engine: inout SearchEngine, arrived: (SearchArrival) -> Void) async throws {
        let outcome = SearchEngine.outcome(of: answers, plan: plan)
        let library = session.library
        if outcome.allFailed, outcome.statuses.allSatisfy({ $0.error?.neverSent ?? false }) {
            var hosts: [String] = []
            for url in plan.compactMap({ session.configuration.location(of: $0.provider) }) {
                let host = (url.host ?? url.absoluteString) + (url.port.map { ":\($0)" } ?? "")
                if !hosts.contains(host) { hosts.append(host) }
            }
            unreachable = Unreachable(
                host: hosts.isEmpty ? "the sources" : hosts.joined(separator: ", "),
                records: (try? await library?.count()) ?? 0, libraryEnabled: library != nil)
        }
        guard outcome.allFailed, outcome.statuses.allSatisfy({ $0.error?.isUnavailability ?? false }),
            let library, let records = try? await library.count(), records > 0
        else { return }
        // What some provider took in before failing is kept before the library is asked.
        for write in keeping { notices += await write.value }
        keeping = []
        engine.library = library
        let failures = outcome.failures
        answers = []
        shown = ShownResults()
        var fallback: [SearchEngine.ProviderAnswer] = []
        for await batch in engine.arrivals(plan) { fallback += batch }
        take(fallback, fromLibrary: true, arrived: arrived)
        answer = OfflineAnswer(
            results: SearchEngine.outcome(of: answers, plan: plan).total, records: records, fallback: true,
            reasons: failures.map { .init(kinds: $0.kinds, error: $0.error.description, failure: $0.error) })
    }
}
