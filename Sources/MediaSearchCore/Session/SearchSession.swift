import Foundation

/// One user's search session: the single entry point that every front end (the CLI, a web UI)
/// drives. It plans, runs, orders and pages searches, detects repeated pages, keeps the history
/// and the last results, and renders details, reusing the records a search already fetched.
/// Faces only parse, show progress, print and map outcomes to their own codes.
public struct SearchSession: Sendable {
    public var providers: [any MediaProvider]
    public var configuration: Configuration
    public var paths: StoragePaths
    /// The client every provider and lookup shares (with its cache, budget and retries).
    public var client: ITunesClient

    /// Creates a session; `client` defaults to ``ITunesClient/standard(configuration:paths:policy:)``.
    public init(
        providers: [any MediaProvider], configuration: Configuration, paths: StoragePaths,
        client: ITunesClient? = nil
    ) {
        self.providers = providers
        self.configuration = configuration
        self.paths = paths
        self.client = client ?? .standard(configuration: configuration, paths: paths)
    }

    /// The provider of a kind.
    public func provider(kind: String) -> (any MediaProvider)? {
        providers.first { $0.kind == kind }
    }

    // MARK: searching

    /// Runs one page of a search across the planned providers, orders it, and remembers it.
    /// - Parameters:
    ///   - uncensored: show names uncensored even when explicit content is off.
    ///   - started: called once planned, with the kinds about to be searched, e.g. to start a spinner.
    ///   - progress: called as each provider finishes, e.g. to update a spinner.
    /// - Throws: ``MediaSearchError/usage(_:)`` for a request that cannot run, or `cancelled`.
    public func search(
        _ request: SearchRequest, order: ResultOrder = ResultOrder(), uncensored: Bool = false,
        started: ([String]) -> Void = { _ in }, progress: @escaping @Sendable (ProviderStatus) -> Void = { _ in }
    ) async throws -> SearchPage {
        var request = request
        var notices: [String] = []
        if let limit = request.limit {
            let (value, clamped) = ResultLimit.clamp(limit)
            if clamped { notices.append("limit \(limit) is outside 1-200; using \(value)") }
            request.limit = value
        }
        let plan = try SearchPlanner.plan(request, providers: providers, configuration: configuration)
        started(plan.map(\.provider.kind))
        let context = ProviderContext(
            itunes: client, country: request.country, lang: request.lang, explicit: request.explicit)
        let engine = SearchEngine(
            context: context, providerTimeout: configuration.providerDeadline,
            censorNames: !request.explicit && !uncensored)
        let outcome = await engine.run(plan, progress: progress)
        if Task.isCancelled { throw MediaSearchError.cancelled }
        let results = order.apply(to: outcome, weight: configuration.weight(for:))
        let repeats = repeatsPrevious(results, request: request)
        var page = SearchPage(
            request: request, plan: plan, outcome: outcome, results: results, order: order,
            repeatsPrevious: repeats, notices: notices, saved: true)
        remember(&page)
        return page
    }

    /// Whether this page shows the same items as the page before it of the same query.
    private func repeatsPrevious(_ results: [ResultEntry], request: SearchRequest) -> Bool {
        guard request.page > 1, !results.isEmpty, let last = LastSearch.load(from: paths.lastSearchFile),
            last.queryKey == request.queryKey, last.page == request.page - 1
        else { return false }
        return Set(last.entries.map(\.id)) == Set(results.map(\.tile.id))
    }

    /// Records the query in the history and the results for `result(N)`, when some provider
    /// answered. A storage problem is a notice, never a lost search; a history file that cannot
    /// be read is left untouched.
    private func remember(_ page: inout SearchPage) {
        guard !page.outcome.allFailed else { return }
        do {
            if let warning = try history().record(page.request.historyText) { page.notices.append(warning) }
        } catch {
            page.notices.append("history not saved: \(MediaSearchError.wrap(error).description)")
            page.saved = false
        }
        do {
            try LastSearch(queryKey: page.request.queryKey, page: page.request.page, results: page.results)
                .save(to: paths.lastSearchFile)
        } catch {
            page.notices.append("results not saved for show --result: \(MediaSearchError.wrap(error).description)")
            page.saved = false
        }
    }

    // MARK: details

    /// The detail view of an item. A result of the last search is rendered from the record the
    /// search fetched, with no request for the item itself; only the provider that produced or
    /// claims an item is asked to render it.
    /// - Throws: ``MediaSearchError/notFound(_:)``, ``MediaSearchError/usage(_:)`` or a lookup's error.
    public func detail(of target: DetailTarget, uncensored: Bool = false) async throws -> DetailPage {
        let context = detailContext(uncensored: uncensored)
        let found = try await find(target, context: context)
        let item = context.censorNames ? found.item.censored() : found.item
        let renderer = found.owner ?? providers.first { $0.accepts(item) && $0.detailRenderer != nil }
        let detail = await (renderer?.detailRenderer ?? GenericDetailRenderer()).detail(for: item, context: context)
        if Task.isCancelled { throw MediaSearchError.cancelled }
        return DetailPage(kind: renderer?.kind ?? item.kindLabel.lowercased(), item: item, detail: detail)
    }

    /// The item of a target, as `detail(of:)` finds it (from the last search when it can), names
    /// censored unless revealed; e.g. to open its page or play its preview.
    public func item(of target: DetailTarget, uncensored: Bool = false) async throws -> MediaItem {
        let context = detailContext(uncensored: uncensored)
        let item = try await find(target, context: context).item
        return context.censorNames ? item.censored() : item
    }

    private func detailContext(uncensored: Bool) -> ProviderContext {
        ProviderContext(
            itunes: client, country: configuration.country, lang: configuration.lang,
            explicit: configuration.explicit, censorNames: !configuration.explicit && !uncensored)
    }

    /// The item of a target and the provider that produced it, when known.
    private func find(
        _ target: DetailTarget, context: ProviderContext
    ) async throws -> (item: MediaItem, owner: (any MediaProvider)?) {
        let (id, kind) = try resolve(target)
        let chosen = try kind.map { kind throws(MediaSearchError) -> any MediaProvider in
            guard let provider = provider(kind: kind) else {
                throw .usage(DidYouMean.unknownKind(kind, known: providers.map(\.kind)))
            }
            return provider
        }
        let found: (item: MediaItem, owner: (any MediaProvider)?)
        if let stored = LastSearch.load(from: paths.lastSearchFile)?.item(id: id, kind: kind), let item = stored.item {
            found = (item, provider(kind: stored.kind))
        } else if let chosen {
            guard let item = try await chosen.lookup(id: id, context: context) else {
                throw MediaSearchError.notFound(id)
            }
            found = (item, chosen)
        } else {
            guard let number = Int(id),
                let item = try await client.lookup(ITunesLookupParameters(ids: [number], country: context.country))
                    .first
            else { throw MediaSearchError.notFound(id) }
            found = (item, nil)
        }
        return found
    }

    /// The id and kind of a target.
    private func resolve(_ target: DetailTarget) throws(MediaSearchError) -> (String, String?) {
        switch target {
        case .id(let id, let kind):
            return (id, kind)
        case .result(let number):
            guard let last = LastSearch.load(from: paths.lastSearchFile) else {
                throw .usage("there is no previous search to pick from; run mediasearch search first")
            }
            guard number >= 1, number <= last.entries.count else {
                throw .usage("there is no result \(number); the last search showed \(last.entries.count) result(s)")
            }
            let entry = last.entries[number - 1]
            return (entry.id, provider(kind: entry.kind) == nil ? nil : entry.kind)
        }
    }

    // MARK: history

    /// The search history (S10, S11).
    public func history() -> HistoryStore {
        HistoryStore(path: paths.historyFile, capacity: configuration.historySize)
    }

    /// The response cache.
    public func responseCache() -> ResponseCache {
        ResponseCache(paths: paths, configuration: configuration)
    }
}
