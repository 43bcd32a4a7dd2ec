import Foundation
import MediaSearchKit

/// Runs the planned searches concurrently, each with its own time limit, and gathers the outcome.
public struct SearchEngine: Sendable {
    /// The context each provider works in.
    public var context: @Sendable (any MediaProvider) -> ProviderContext
    /// Seconds one provider's search may take in all (retries included); `nil` gives each
    /// provider its source's deadline (``SourceTimeout/deadline``, from its context's timeout).
    public var providerTimeout: Double?
    /// Whether tiles show censored names (explicit content off and not revealed).
    public var censorNames: Bool
    /// When set, every provider's query is answered from this library instead of the provider.
    public var library: (any LibraryStore)?

    /// Creates an engine; with a `library`, it searches the library, never a provider's source.
    public init(
        providerTimeout: Double? = nil, censorNames: Bool = false, library: (any LibraryStore)? = nil,
        context: @escaping @Sendable (any MediaProvider) -> ProviderContext
    ) {
        self.context = context
        self.providerTimeout = providerTimeout
        self.censorNames = censorNames
        self.library = library
    }

    /// Creates an engine in which every provider gets the same context.
    public init(
        context: ProviderContext, providerTimeout: Double, censorNames: Bool = false, library: (any LibraryStore)? = nil
    ) {
        self.init(providerTimeout: providerTimeout, censorNames: censorNames, library: library) { _ in context }
    }

    /// Searches every planned provider at once; one provider's failure never stops the others.
    /// The same work from several sources comes back as one result (``SameWork``).
    /// - Parameter progress: called as each provider finishes, e.g. to update a spinner.
    public func run(
        _ plan: [PlannedSearch], progress: @escaping @Sendable (ProviderStatus) -> Void = { _ in }
    ) async -> SearchOutcome {
        var answers: [ProviderAnswer] = []
        for await batch in arrivals(plan, patience: nil, progress: progress) { answers += batch }
        return Self.outcome(of: answers, plan: plan)
    }

    /// The outcome of the answers received so far, in plan order, the same works merged.
    static func outcome(of answers: [ProviderAnswer], plan: [PlannedSearch], merged: Bool = true) -> SearchOutcome {
        let finished = answers.sorted { $0.index < $1.index }
        let outcome = SearchOutcome(
            perProvider: finished.map { ($0.status.kind, $0.entries) }, statuses: finished.map(\.status))
        guard merged else { return outcome }
        let providers = Dictionary(plan.map { ($0.provider.kind, $0.provider) }, uniquingKeysWith: { a, _ in a })
        return outcome.mergingSameWorks(providers)
    }

    /// How long the first answer waits for its peers, which are then ranked with it (README):
    /// a tenth of its own time, at most 250 ms, at least `patience`, and at least 20 ms when it
    /// came from the disk (the cache or the library answer in microseconds, before any peer).
    package static func settlingWait(after elapsed: Duration, patience: Duration, fromDisk: Bool) -> Duration {
        max(min(elapsed / 10, .milliseconds(250)), patience, fromDisk ? .milliseconds(20) : .zero)
    }

    /// Every planned provider's answer as it comes, in batches: a provider that answers within a
    /// tenth of the first answer's time after it (at most 250 ms), or within `patience` of it,
    /// joins that answer's batch, so that sources answering together are ranked together; after
    /// that, each answer is a batch of its own as soon as it arrives. A slow provider never holds
    /// back a fast one's batch. With no `patience` (`nil`), every answer is one batch at the end.
    /// An answer the response cache or the library gave (no source asked) waits at least 20 ms:
    /// answers read from disk come a few milliseconds apart, and a search answered again is
    /// ranked as it was. The stream ends once every provider has answered or failed; ending the
    /// iteration (or cancelling its task) cancels the providers still asked.
    /// - Parameter progress: called as each provider finishes, whatever its batch.
    public func arrivals(
        _ plan: [PlannedSearch], patience: Duration? = .zero,
        progress: @escaping @Sendable (ProviderStatus) -> Void = { _ in }
    ) -> AsyncStream<[ProviderAnswer]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [ProviderAnswer].self)
        let engine = self
        let task = Task {
            await engine.gather(plan, patience: patience, progress: progress) { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private enum Arrival: Sendable {
        case answer(ProviderAnswer)
        case settled
    }

    private func gather(
        _ plan: [PlannedSearch], patience: Duration?, progress: @escaping @Sendable (ProviderStatus) -> Void,
        yield: @Sendable ([ProviderAnswer]) -> Void
    ) async {
        let clock = ContinuousClock()
        let start = clock.now
        await withTaskGroup(of: Arrival.self) { group in
            // The place is bound on its own before the task captures it: a tuple element of the
            // loop captured by `addTask` was read as 0 or garbage by the release build of Swift
            // 6.3 (seen in JSONProvider's lists).
            for position in plan.indices {
                let planned = plan[position]
                group.addTask {
                    var answer = await runOne(planned)
                    answer.index = position
                    progress(answer.status)
                    return .answer(answer)
                }
            }
            var remaining = plan.count
            var batch: [ProviderAnswer] = []
            var settling = false
            var first = true
            while remaining > 0, let arrival = await group.next() {
                switch arrival {
                case .answer(let answer):
                    remaining -= 1
                    batch.append(answer)
                    if patience == nil {
                        continue
                    } else if first && remaining > 0, let patience {
                        // The first answer waits a tenth of its own time for its peers.
                        first = false
                        settling = true
                        let wait = Self.settlingWait(
                            after: clock.now - start, patience: patience,
                            fromDisk: library != nil || answer.status.fromCache)
                        group.addTask {
                            try? await Task.sleep(for: wait)
                            return .settled
                        }
                    } else if !settling {
                        yield(batch)
                        batch = []
                    }
                case .settled:
                    settling = false
                    if !batch.isEmpty {
                        yield(batch)
                        batch = []
                    }
                }
            }
            if !batch.isEmpty { yield(batch) }
            // A settling wait still running has nothing left to wait for.
            group.cancelAll()
        }
    }

    /// One provider's answer: its status and its results, the rules applied, not yet merged.
    public struct ProviderAnswer: Sendable {
        public var status: ProviderStatus
        public var entries: [ResultEntry]
        /// The provider's place in the plan.
        public var index = 0
    }

    /// One provider's items for a query, with the work every provider shares done here: the
    /// limit kept within the provider's maximum, paging for a provider that cannot page, and
    /// the query's filters applied.
    static func ask(
        _ provider: any MediaProvider, _ query: SearchQuery, context: ProviderContext, rules: ItemRules
    ) async throws -> [MediaItem] {
        var asked = query
        if !provider.supportsPaging {
            let (end, overflow) = query.offset.addingReportingOverflow(query.limit)
            asked.offset = 0
            asked.limit = overflow ? .max : end
        }
        if let maximum = provider.maximumLimit { asked.limit = min(asked.limit, maximum) }
        var items = try await provider.search(asked, context: context)
        let filters = provider.filters
        if !query.filters.isEmpty { items = items.filter { filters.matchAll($0, query.filters) } }
        items = rules.admitted(items)
        if !provider.supportsPaging { items = Array(items.dropFirst(query.offset)) }
        return items
    }

    private func runOne(_ planned: PlannedSearch) async -> ProviderAnswer {
        let clock = ContinuousClock()
        let start = clock.now
        let provider = planned.provider
        let origin = AnswerOrigin()
        let rules = ItemRules(explicit: planned.query.explicit, censorNames: censorNames)
        do {
            let items: [MediaItem]
            if let library {
                let query = planned.query
                items = rules.admitted(
                    try await library.search(kind: provider.kind, query: query, filters: provider.filters))
            } else {
                let context = context(provider)
                items = try await AnswerOrigin.$current.withValue(origin) {
                    try await Deadline.run(seconds: providerTimeout ?? SourceTimeout(request: context.timeout).deadline)
                    {
                        try await Self.ask(provider, planned.query, context: context, rules: rules)
                    }
                }
            }
            // However many records a source sends, a page holds at most the limit asked: an
            // upstream that answers 10,000 records for 5 fills neither the screen nor the library.
            let entries = items.prefix(max(planned.query.limit, 0)).enumerated().map { rank, item in
                let shown = rules.shown(item)
                // The record stays as received (detail views censor on their own); the tile shows it.
                return ResultEntry(
                    kind: provider.kind, rank: rank, item: item, tile: provider.tile(for: shown), censored: censorNames,
                    sourceName: provider.sourceName, media: provider.mediaKind)
            }
            var status = ProviderStatus(
                kind: provider.kind, count: entries.count, error: nil, elapsed: (clock.now - start).seconds)
            status.fromCache = library == nil && origin.onlyCached
            return ProviderAnswer(status: status, entries: entries)
        } catch {
            let failure = MediaSearchError.wrap(error)
            let status = ProviderStatus(
                kind: provider.kind, count: 0, error: failure, elapsed: (clock.now - start).seconds)
            return ProviderAnswer(status: status, entries: [])
        }
    }
}
