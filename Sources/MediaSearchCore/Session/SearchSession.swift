import Foundation
import MediaSearchKit

/// One user's search session: the single entry point that every front end (the CLI, a web UI)
/// drives. It plans, runs, orders and pages searches, detects repeated pages, keeps the history
/// and the last results, and renders details, reusing the records a search already fetched.
/// Faces only parse, show progress, print and map outcomes to their own codes.
public struct SearchSession: Sendable {
    public var providers: [any MediaProvider]
    /// The record types every store the session opens reads items with: its providers' by
    /// default, or more (those of every provider the binary ships, so that items a provider the
    /// config now replaces kept still read).
    public var payloadTypes: PayloadTypes
    public var configuration: Configuration
    public var paths: StoragePaths
    /// How each source is reached (the response cache, the source's request budget, retries,
    /// same-host redirects), by source; handed to its providers in their ``ProviderContext``.
    public var transports: [String: any HTTPTransport]
    /// The offline library every record seen goes to; `nil` when `library.enabled` is off.
    public var library: (any LibraryStore)?
    /// The shared store's cache, budgets and library, when `store:` names one.
    public var shared: SharedStores?
    /// Whether a search's results are saved for `show --result N` (a terminal's numbers); a face
    /// without numbers (the web UI) turns it off, so browsing never changes what they point at.
    public var savesLastResults = true
    /// Whether a search is written to the history (and so offered as a suggestion). Programs
    /// calling the web's JSON API are not a person searching: that face turns it off.
    public var recordsHistory = true
    /// How the face names filters and commands in the session's messages.
    public var words: FaceVocabulary = .commandLine

    /// Creates a session: each source gets ``StandardTransport/make(configuration:paths:policy:source:)``
    /// under `policy`, unless one `transport` is given for all; the library is the one under
    /// ``StoragePaths/libraryFile`` when the config enables it.
    public init(
        providers: [any MediaProvider], configuration: Configuration, paths: StoragePaths,
        policy: NetworkPolicy = NetworkPolicy(), transport: (any HTTPTransport)? = nil,
        library: (any LibraryStore)? = nil, shared: SharedStores? = nil, payloadTypes: PayloadTypes? = nil
    ) {
        self.providers = providers
        self.payloadTypes = payloadTypes ?? PayloadTypes(of: providers)
        self.configuration = configuration
        self.paths = paths
        self.shared = shared
        var transports: [String: any HTTPTransport] = [:]
        for source in Set(providers.map(\.source)) {
            let first = providers.first { $0.source == source }
            transports[source] =
                transport
                ?? StandardTransport.make(
                    configuration: configuration, paths: paths, policy: policy, source: source, provider: first,
                    shared: shared)
        }
        self.transports = transports
        self.library =
            library
            ?? (configuration.libraryEnabled
                ? (shared?.library
                    ?? LocalLibrary(
                        MediaLibrary(
                            path: paths.libraryFile, maxRecords: configuration.libraryMaxRecords,
                            payloadTypes: self.payloadTypes)))
                : nil)
    }

    /// The context a provider works in: the command's facts, the shared transport, and the
    /// provider's own source and settings from the config.
    func context(
        for provider: any MediaProvider, country: String, lang: String?, explicit: Bool, censorNames: Bool = false,
        reports: Reports? = nil
    ) -> ProviderContext {
        let kind = provider.kind
        return ProviderContext(
            http: transports[provider.source] ?? OfflineTransport(),
            baseURL: configuration.baseURL(for: provider),
            timeout: configuration.timeout(for: provider), country: country, lang: lang, explicit: explicit,
            censorNames: censorNames, settings: configuration.settings(for: provider),
            report: { reports?.add("\(kind): \($0)") })
    }

    /// The context a provider works in under the session's config (its country, language and
    /// explicitness, or the one given): what `providers check` and the conformance suite use.
    public func context(for provider: any MediaProvider, explicit: Bool? = nil) -> ProviderContext {
        let explicit = explicit ?? configuration.explicit
        return context(
            for: provider, country: configuration.country, lang: configuration.lang, explicit: explicit,
            censorNames: !explicit)
    }

    /// The provider of a kind.
    public func provider(kind: String) -> (any MediaProvider)? {
        providers.first { $0.kind == kind }
    }

    /// The providers a detail may ask: the enabled kinds, then the disabled kinds of the same
    /// sources (an album id found through the songs' source is the album kind's to show). A
    /// source no enabled kind asks is never asked for a detail, nor a program run, whatever id
    /// or kind a link names.
    public var askableProviders: [any MediaProvider] {
        let enabled = configuration.enabledProviders(providers)
        let sources = Set(enabled.map(\.source))
        let alike = providers.filter { provider in
            !enabled.contains { $0.kind == provider.kind } && sources.contains(provider.source)
        }
        return enabled + alike
    }

    /// The provider of a kind, if a detail may ask it.
    public func askableProvider(kind: String) -> (any MediaProvider)? {
        askableProviders.first { $0.kind == kind }
    }

    // MARK: searching

    /// Starts, each on a thread of its own and once per process, what a search will need: the
    /// threads for blocking work (the budget, the library, the history) and, for a search that
    /// may go online, the HTTP client and its event loops. A one-shot command calls it as soon as
    /// it knows it will search, so that these are ready when the first request has a budget slot
    /// (made on first use, they held up the first requests by 1-2 ms); ``search(_:order:offline:uncensored:started:progress:)``
    /// calls it too.
    public static func prepare(network: Bool) {
        _ = preparedPool
        if network { _ = preparedClient }
    }

    private static let preparedPool: Void = Thread.detachNewThread { _ = BlockingWork.pool }
    private static let preparedClient: Void = Thread.detachNewThread { _ = NetworkTransport.client }

    /// Runs one page of a search across the planned providers, orders it, and remembers it: the
    /// ``stream(_:order:offline:uncensored:patience:)`` of the search, waited for to its end, every
    /// source ranked with the others (interleaved by rank and weight, whatever their timing).
    /// - Parameters:
    ///   - offline: answer from the library only, with no request at all.
    ///   - uncensored: show names uncensored even when explicit content is off.
    ///   - started: called once planned, with the kinds about to be searched, e.g. to start a spinner.
    ///   - progress: called as each provider finishes, e.g. to update a spinner.
    /// - Throws: ``MediaSearchError/usage(_:)`` for a request that cannot run, or `cancelled`.
    public func search(
        _ request: SearchRequest, order: ResultOrder = ResultOrder(), offline: Bool = false, uncensored: Bool = false,
        started: ([String]) -> Void = { _ in }, progress: @escaping @Sendable (ProviderStatus) -> Void = { _ in }
    ) async throws -> SearchPage {
        let search = try stream(
            request, order: order, offline: offline, uncensored: uncensored, patience: nil, progress: progress)
        started(search.plan.map(\.provider.kind))
        for try await event in search.events {
            if case .finished(let page) = event { return page }
        }
        await search.ended()
        throw MediaSearchError.cancelled
    }

    /// Starts one page of a search across the planned providers: its events say each source's
    /// results as it answers (already through the item rules and merged with the works shown
    /// before), then the whole page, once every record is kept in the library and the history
    /// and the last results are written.
    ///
    /// Every record an online search receives is kept in the library, as each source answers.
    /// When every provider fails for want of the network or of the source's leave (rate limit,
    /// spent budget, time-outs), the same plan is answered from the library instead and the page
    /// says so (``SearchPage/offline``).
    ///
    /// The page's results are in the order they were shown: the sources that answered first
    /// interleaved by rank, then each later source's new results as it answered. A sort or a
    /// grouping other than relevance orders the whole page once every source has answered.
    /// - Parameter patience: how long after the first source's answer the others that answer
    ///   are ranked with it (at least a tenth of its time): a face that shows a page whole when
    ///   its sources answer close together (a terminal's pager) waits that long for them; `nil`
    ///   ranks every source together, in one arrival at the end (a face that waits for the whole
    ///   page, which is then the same whatever the sources' timing).
    /// - Parameter progress: called as each source answers or fails (a spinner), whatever its
    ///   arrival; not for a fallback to the library.
    /// - Throws: ``MediaSearchError/usage(_:)`` for a request that cannot run.
    public func stream(
        _ request: SearchRequest, order: ResultOrder = ResultOrder(), offline: Bool = false, uncensored: Bool = false,
        patience: Duration? = .zero, progress: @escaping @Sendable (ProviderStatus) -> Void = { _ in }
    ) throws -> SearchStream {
        var request = request
        var notices: [String] = []
        if let limit = request.limit {
            let (value, clamped) = ResultLimit.clamp(limit)
            if clamped { notices.append("limit \(limit) is outside 1-200; using \(value)") }
            request.limit = value
        }
        let plan = try SearchPlanner.plan(request, providers: providers, configuration: configuration, words: words)
        if offline && library == nil {
            throw MediaSearchError.usage(
                "the offline library is off (library.enabled: false in \(configuration.source ?? "the config"))")
        }
        let (events, continuation) = AsyncThrowingStream.makeStream(of: SearchEvent.self)
        let task = Task { [self, request, notices] in
            do {
                let page = try await run(
                    request, plan: plan, order: order, offline: offline, uncensored: uncensored, notices: notices,
                    patience: patience, progress: progress
                ) { continuation.yield(.arrived($0)) }
                continuation.yield(.finished(page))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return SearchStream(request: request, plan: plan, events: events, task: task)
    }

    /// Runs a planned search, saying each arrival, and returns its page once all is kept.
    private func run(
        _ request: SearchRequest, plan: [PlannedSearch], order: ResultOrder, offline: Bool, uncensored: Bool,
        notices: [String], patience: Duration?, progress: @escaping @Sendable (ProviderStatus) -> Void,
        arrived: (SearchArrival) -> Void
    ) async throws -> SearchPage {
        var notices = notices
        let reports = Reports()
        var engine = SearchEngine(
            censorNames: !request.explicit && !uncensored
        ) { [self, request, reports] provider in
            context(
                for: provider, country: request.country, lang: request.lang, explicit: request.explicit,
                reports: reports)
        }
        let weight = { [self] (kind: String) in
            provider(kind: kind).map { configuration.weight(for: $0) } ?? configuration.weight(for: kind)
        }
        let providers = Dictionary(plan.map { ($0.provider.kind, $0.provider) }, uniquingKeysWith: { a, _ in a })
        var shown = ShownResults()
        var answers: [SearchEngine.ProviderAnswer] = []
        var pending = plan.map(\.provider.kind)
        // Each source's records are kept in the library as it answers, beside the next answers;
        // the page is returned once every write has ended.
        var keeping: [Task<[String], Never>] = []
        var answer: OfflineAnswer?
        var unreachable: Unreachable?
        /// Takes in a batch of answers and says what it adds.
        func take(_ batch: [SearchEngine.ProviderAnswer], fromLibrary: Bool = false) {
            answers += batch
            let done = Set(batch.map(\.status.kind))
            pending.removeAll { done.contains($0) }
            let firstNumber = shown.entries.count + 1
            let (added, joined) = shown.update(with: batch, providers: providers, weight: weight)
            arrived(
                SearchArrival(
                    statuses: batch.map(\.status), added: added, firstNumber: firstNumber, joined: joined,
                    pending: pending, fromLibrary: fromLibrary))
        }
        if offline, let library {
            engine.library = library
            for await batch in engine.arrivals(plan, patience: patience, progress: progress) { take(batch) }
            let outcome = SearchEngine.outcome(of: answers, plan: plan)
            answer = OfflineAnswer(results: outcome.total, records: (try? await library.count()) ?? 0, fallback: false)
            answer?.unsearchable =
                outcome.failures.first { if case .storage = $0.error { true } else { false } }?
                .error.description
        } else {
            Self.prepare(network: true)
            library?.prepare()
            for await batch in engine.arrivals(plan, patience: patience, progress: progress) {
                if library != nil, batch.contains(where: { !$0.entries.isEmpty }) {
                    let received = SearchEngine.outcome(of: batch, plan: plan, merged: false)
                    keeping.append(Task { [self] in await keep(received) })
                }
                take(batch)
            }
            if Task.isCancelled {
                // What was shown is kept: its records, and the numbers `show --result N` opens.
                for write in keeping { _ = await write.value }
                if savesLastResults, !shown.entries.isEmpty {
                    let partial = SearchPage(
                        request: request, plan: plan, outcome: SearchOutcome(perProvider: [], statuses: []),
                        results: shown.entries, order: order, repeatsPrevious: false, notices: [], saved: true)
                    _ = saveLastResults(of: partial, withRecords: true)
                }
                throw MediaSearchError.cancelled
            }
            let outcome = SearchEngine.outcome(of: answers, plan: plan)
            if outcome.allFailed, outcome.statuses.allSatisfy({ $0.error?.neverSent ?? false }) {
                var hosts: [String] = []
                for url in plan.compactMap({ configuration.location(of: $0.provider) }) {
                    let host = (url.host ?? url.absoluteString) + (url.port.map { ":\($0)" } ?? "")
                    if !hosts.contains(host) { hosts.append(host) }
                }
                unreachable = Unreachable(
                    host: hosts.isEmpty ? "the sources" : hosts.joined(separator: ", "),
                    records: (try? await library?.count()) ?? 0, libraryEnabled: library != nil)
            }
            if outcome.allFailed, outcome.statuses.allSatisfy({ $0.error?.isUnavailability ?? false }),
                let library, let records = try? await library.count(), records > 0
            {
                // What some provider took in before failing is kept before the library is asked.
                for write in keeping { notices += await write.value }
                keeping = []
                engine.library = library
                let failures = outcome.failures
                answers = []
                shown = ShownResults()
                var fallback: [SearchEngine.ProviderAnswer] = []
                for await batch in engine.arrivals(plan) { fallback += batch }
                take(fallback, fromLibrary: true)
                answer = OfflineAnswer(
                    results: SearchEngine.outcome(of: answers, plan: plan).total, records: records, fallback: true,
                    reasons: failures.map { .init(kinds: $0.kinds, error: $0.error.description, failure: $0.error) })
            }
        }
        if Task.isCancelled { throw MediaSearchError.cancelled }
        let outcome = SearchEngine.outcome(of: answers, plan: plan)
        // Results that several sources have are kept as shown, with every source in them, once
        // every source's own records are written (the same record, written later, wins).
        let merged =
            answer == nil
            ? shown.entries.filter { !$0.item.otherSources.isEmpty }.map { (kind: $0.kind, item: $0.item) } : []
        async let kept = keepAll(keeping, merged: merged)
        let results = order == ResultOrder() ? shown.entries : order.apply(to: outcome, weight: weight)
        let repeats = repeatsPrevious(results, request: request)
        var page = SearchPage(
            request: request, plan: plan, outcome: outcome, results: results, order: order,
            repeatsPrevious: repeats, notices: [], saved: true, offline: answer, unreachable: unreachable)
        // Whether every result is in the offline library, so the last results need not repeat
        // their records (`show --result N` reads them from the library).
        let withRecords = library == nil
        // History and last results are written under file locks, off the cooperative pool, side by
        // side (each waits for its own flush to the disk), beside the library's writes. A face that
        // keeps neither, such as the JSON API, spares the trip to the blocking pool.
        if recordsHistory || savesLastResults {
            let shown = page
            // The history's lock is waited for without holding a thread of the blocking pool.
            async let history = recordHistory(of: shown)
            async let last = Self.offPool { [self] in saveLastResults(of: shown, withRecords: withRecords) }
            page.apply(await history)
            page.apply(await last)
        }
        // A search that has returned has kept every record, whatever happens to the process next.
        let problems = await kept
        if !problems.isEmpty, !withRecords, savesLastResults {
            // The library could not take the records: the last results carry them after all.
            let shown = page
            page.apply(await Self.offPool { [self] in saveLastResults(of: shown, withRecords: true) })
        }
        // A cache that cannot be read or kept is said (once a process), and fails nothing: the
        // search did what was asked, as pip's and curl's do without their caches (#76 item 4).
        let cacheProblems = responseCache().takeNotices()
        page.notices =
            notices + problems + reports.all + (library?.takeNotices() ?? []) + cacheProblems + page.notices
        return page
    }

    /// Waits for each source's records to be written, then writes the merged results; the
    /// problems, each said once.
    private func keepAll(_ writes: [Task<[String], Never>], merged: [(kind: String, item: MediaItem)]) async
        -> [String]
    {
        var problems: [String] = []
        for write in writes { problems += await write.value }
        if !merged.isEmpty, let library {
            do {
                try await library.store(merged, seenAt: Date())
            } catch {
                problems.append("not kept in the offline library: \(error.description)")
            }
        }
        var seen = Set<String>()
        return problems.filter { seen.insert($0).inserted }
    }

    /// What `write` (of the history or the last results) says, done on the blocking pool; nothing
    /// if the pool has stopped.
    private static func offPool(_ write: @escaping @Sendable () -> Remembered) async -> Remembered {
        (try? await BlockingWork.run { write() }) ?? Remembered()
    }

    /// Keeps every record of an online search in the library; a library problem is a notice.
    /// Answers the response cache gave again were kept when they first arrived: of those, only
    /// records the library lacks (it was cleared, or off, since) are stored.
    private func keep(_ outcome: SearchOutcome) async -> [String] {
        guard let library else { return [] }
        let cached = Set(outcome.statuses.filter(\.fromCache).map(\.kind))
        var fresh: [(kind: String, item: MediaItem)] = []
        var again: [(kind: String, item: MediaItem)] = []
        for (kind, entries) in outcome.perProvider {
            for entry in entries {
                // A result merged with another source's differs from what its answer held: kept as shown.
                if cached.contains(kind) && entry.item.otherSources.isEmpty {
                    again.append((kind, entry.item))
                } else {
                    fresh.append((kind, entry.item))
                }
            }
        }
        for record in outcome.absorbed {
            if cached.contains(record.kind) { again.append(record) } else { fresh.append(record) }
        }
        do {
            try await library.store(fresh, seenAt: Date())
            try await library.storeMissing(again, seenAt: Date())
            return []
        } catch {
            return ["not kept in the offline library: \(error.description)"]
        }
    }

    /// Whether this page shows the same items as the page before it of the same query.
    private func repeatsPrevious(_ results: [ResultEntry], request: SearchRequest) -> Bool {
        guard request.page > 1, !results.isEmpty,
            let last = LastSearch.load(from: paths.lastSearchFile, types: payloadTypes),
            last.queryKey == request.queryKey, last.page == request.page - 1
        else { return false }
        return Set(last.entries.map(\.id)) == Set(results.map(\.tile.id))
    }

    /// Records the query in the history when some provider (or the library, asked with
    /// `--offline`) answered; a fallback to the library is no search to suggest again. A storage
    /// problem is a notice, never a lost search; a history file that cannot be read is left untouched.
    private func recordHistory(of page: SearchPage) async -> Remembered {
        var remembered = Remembered()
        guard recordsHistory, !page.outcome.allFailed, page.offline?.fallback != true else { return remembered }
        do {
            if let warning = try await history().record(page.request.historyText) {
                remembered.notices.append(warning)
            }
        } catch is CancellationError {
            // The page was given up (its client went away): no one is told.
        } catch {
            remembered.notices.append("history not saved: \(MediaSearchError.wrap(error).description)")
            remembered.saved = false
        }
        return remembered
    }

    /// Keeps the page's results for `show --result N` (a fallback to the library's too); a
    /// problem is a notice on the page.
    /// - Parameter withRecords: whether the last results keep each result's record, for when
    ///   the offline library does not have them (it is off, or could not be written).
    private func saveLastResults(of page: SearchPage, withRecords: Bool) -> Remembered {
        var remembered = Remembered()
        // A page with nothing on it keeps the last results: `show --result 3` still means the
        // third result the user last saw.
        guard savesLastResults, !page.outcome.allFailed, !page.results.isEmpty else { return remembered }
        do {
            try LastSearch(
                queryKey: page.request.queryKey, page: page.request.page, results: page.results,
                withRecords: withRecords
            ).save(to: paths.lastSearchFile)
        } catch {
            remembered.notices.append(
                "results not saved for show --result: \(MediaSearchError.wrap(error).description)")
            remembered.saved = false
        }
        return remembered
    }

    // MARK: details

    /// The detail view of an item. A result of the last search, or an item in the offline
    /// library, is rendered from the record kept, with no request for the item itself; only the
    /// provider that produced or claims an item is asked to render it.
    /// - Throws: ``MediaSearchError/notFound(_:)``, ``MediaSearchError/usage(_:)`` or a lookup's error.
    /// - Parameter explicit: the search's explicitness, when the face knows it (a web link from a
    ///   search with explicit content off); names are censored as that search showed them.
    public func detail(of target: DetailTarget, uncensored: Bool = false, explicit: Bool? = nil) async throws
        -> DetailPage
    {
        var context = detailContext(for: target, uncensored: uncensored)
        if let explicit {
            context.explicit = explicit
            context.censorNames = !explicit && !uncensored
        }
        let rules = ItemRules(explicit: context.explicit, censorNames: context.censorNames)
        let found = try await find(target, context: context)
        let item = rules.shown(found.item)
        let renderer = found.owner ?? providers.first { $0.accepts(item) && $0.detailRenderer != nil }
        var detailContext = context
        if let renderer {
            detailContext = self.context(
                for: renderer, country: context.country, lang: context.lang, explicit: context.explicit,
                censorNames: context.censorNames)
        }
        var detail = await (renderer?.detailRenderer ?? GenericDetailRenderer()).detail(
            for: item, context: detailContext)
        // The work in its other form (a book's readings), before the stores, which stay last.
        if let media = found.owner?.mediaKind ?? renderer?.mediaKind, let other = Self.otherForms[media] {
            let forms = await otherForms(of: found.item, as: other.media, explicit: context.explicit)
            if !forms.isEmpty {
                detail = Detail(
                    sections: detail.sections + [DetailSection(Phrase(other.title), items: forms)],
                    notices: detail.notices)
            }
        }
        // More by the same creator among the records the library keeps (a show's network), for a
        // kind whose source has no request for them and whose detail has no such section.
        if let media = found.owner?.mediaKind ?? renderer?.mediaKind, let title = Self.sameCreator[media],
            let creator = found.item.creator,
            !detail.sections.contains(where: { $0.phrase?.template.hasPrefix("Other ") ?? false })
        {
            let others = await sameCreator(of: found.item, media: media, explicit: context.explicit)
            if !others.isEmpty {
                let named = Phrase(title, ["name": TextSanitizer.line(creator)])
                detail = Detail(
                    sections: detail.sections + [DetailSection(named, items: others)], notices: detail.notices)
            }
        }
        var offers: [SourceOffer] = []
        if !item.otherSources.isEmpty, let owner = found.owner {
            offers = Self.offers(item, owner: owner)
            detail = Detail(sections: detail.sections + [Self.stores(offers)], notices: detail.notices)
        }
        if Task.isCancelled { throw MediaSearchError.cancelled }
        keepSeen(in: detail)
        detail = rules.shown(detail)
        var page = DetailPage(
            kind: renderer?.kind ?? item.kindLabel.lowercased(), item: item, detail: detail,
            uncensored: context.censorNames ? found.item : nil, offers: offers,
            // The stores' section as the detail keeps it, the last (a link shown above is not repeated).
            storesSection: offers.isEmpty ? nil : detail.sections.last)
        page.media = found.owner?.mediaKind ?? renderer?.mediaKind
        return page
    }

    /// The kinds of media whose detail lists more by the same creator from the library, and the
    /// section's title: a TV show's network (TVmaze has no request for a network's shows).
    static let sameCreator: [String: String] = ["tv-show": "Other shows by {name}"]

    /// Other works of the item's creator (its main one, normalized as ``SameWork`` does) among the
    /// records the library keeps, of the same kind of media, newest first, at most six; no request
    /// is sent for them, so they are those a search or a detail has shown before.
    func sameCreator(of item: MediaItem, media: String, explicit: Bool) async -> [Tile] {
        guard let name = item.creator else { return [] }
        let creator = SameWork.creator(name)
        guard !creator.isEmpty else { return [] }
        return await libraryTiles(of: media, asking: SearchQuery(term: name, limit: 20, explicit: explicit)) {
            $0.id != item.id && $0.creator.map(SameWork.creator) == creator
        }
    }

    /// Tiles of the records the library keeps of a kind of media that a query finds and `wanted`
    /// keeps, each once, at most six; no request is sent.
    private func libraryTiles(of media: String, asking query: SearchQuery, _ wanted: (MediaItem) -> Bool) async
        -> [Tile]
    {
        guard let library else { return [] }
        var tiles: [Tile] = []
        for provider in askableProviders where provider.mediaKind == media {
            if Task.isCancelled { return [] }
            let found = (try? await library.search(kind: provider.kind, query: query, filters: [])) ?? []
            for candidate in found
            where wanted(candidate) && !tiles.contains(where: { $0.kind == provider.kind && $0.id == candidate.id }) {
                tiles.append(provider.tile(for: candidate))
            }
        }
        return Array(tiles.prefix(6))
    }

    /// The other forms a work may take, by kind of media: a book's readings, an audiobook's book.
    static let otherForms: [String: (media: String, title: String)] = [
        "book": ("audiobook", "Also as an audiobook"), "audiobook": ("book", "Also as a book"),
    ]

    /// The same work in another kind of media among the records the library keeps (no request
    /// is sent for them): the same title and the same main creator (``SameWork``), at most six.
    /// A book at Open Library and its reading at LibriVox or iTunes stay apart in results (they
    /// are different kinds); each detail links to the other.
    func otherForms(of item: MediaItem, as media: String, explicit: Bool) async -> [Tile] {
        guard let title = item.title, let creator = item.creator.map(SameWork.creator), !creator.isEmpty else {
            return []
        }
        let wanted = SameWork.title(title)
        guard !wanted.isEmpty else { return [] }
        return await libraryTiles(of: media, asking: SearchQuery(term: title, limit: 10, explicit: explicit)) {
            $0.title.map(SameWork.title) == wanted && $0.creator.map(SameWork.creator) == creator
        }
    }

    /// Every source that has the work, when a search merged several into it: each with its
    /// price (where it sells it), its page and its preview.
    static func offers(_ item: MediaItem, owner: any MediaProvider) -> [SourceOffer] {
        [SourceOffer(item, source: owner.sourceName, kind: owner.kind)] + item.otherSources
    }

    /// The sources of a merged work as the terminal's and JSON's section: each source's price,
    /// preview and id in one row, in English (the web shows the offers its own way).
    static func stores(_ offers: [SourceOffer]) -> DetailSection {
        DetailSection(
            "Stores",
            rows: offers.map { offer in
                let facts =
                    [
                        Fact.money("Price", offer.price, currency: offer.currency)?.text(),
                        offer.previewURL == nil ? nil : "preview",
                    ].compactMap { $0 } + offer.factTexts() + ["show \(offer.id)"]
                return .plain(offer.source, facts.joined(separator: " · "))
            },
            links: offers.flatMap { [("\($0.source) page", $0.url), ("\($0.source) preview", $0.previewURL)] })
    }

    /// The item of a target, as `detail(of:)` finds it (from the last search when it can), names
    /// censored unless revealed; e.g. to open its page or play its preview.
    public func item(of target: DetailTarget, uncensored: Bool = false) async throws -> MediaItem {
        let context = detailContext(for: target, uncensored: uncensored)
        let item = try await find(target, context: context).item
        return context.censorNames ? item.censored() : item
    }

    /// The context of a detail: names are censored as the config says, except that the Nth result
    /// of the last search is shown as that search showed it (`search --no-explicit`, then
    /// `show --result N`, stays censored); `--uncensored` reveals them either way.
    func detailContext(for target: DetailTarget, uncensored: Bool) -> ProviderContext {
        var censor = !configuration.explicit
        if case .result(let number) = target,
            let last = LastSearch.load(from: paths.lastSearchFile, types: payloadTypes),
            last.entries.indices.contains(number - 1), let censored = last.entries[number - 1].censored
        {
            censor = censored
        }
        return ProviderContext(
            http: OfflineTransport(), timeout: Configuration.defaultTimeout, country: configuration.country,
            lang: configuration.lang, explicit: configuration.explicit, censorNames: censor && !uncensored)
    }

    /// Keeps the items a detail showed (other works by the author) in the library, under the
    /// kind of the provider that claims each; items no provider claims are not kept.
    private func keepSeen(in detail: Detail) {
        guard let library else { return }
        let owned = detail.sections.flatMap(\.items).compactMap(\.item).compactMap { item in
            providers.first { $0.accepts(item) }.map { (kind: $0.kind, item: item) }
        }
        guard !owned.isEmpty else { return }
        Task.detached { try? await library.store(owned, seenAt: Date()) }
    }

    /// The item of a target and the provider that produced it, when known.
    func find(
        _ target: DetailTarget, context: ProviderContext
    ) async throws -> (item: MediaItem, owner: (any MediaProvider)?) {
        do {
            return try await findOnline(target, context: context)
        } catch MediaSearchError.offline {
            let (id, _) = try resolve(target)
            throw MediaSearchError.notFound("\(id) in the offline library or the cache (\(words.offlineNote))")
        }
    }

    private func findOnline(
        _ target: DetailTarget, context: ProviderContext
    ) async throws -> (item: MediaItem, owner: (any MediaProvider)?) {
        let (id, word) = try resolve(target)
        let chosen = try word.map(providers(named:))
        // One provider named: its records only. A source or a kind of media that names several
        // (`--kind deezer`, `--kind book`): any of theirs.
        let kind = chosen?.count == 1 ? chosen?.first?.kind : nil
        let fits = { (kind: String) in chosen?.contains { $0.kind == kind } ?? true }
        let found: (item: MediaItem, owner: (any MediaProvider)?)
        let (lastFile, library, types) = (paths.lastSearchFile, self.library, payloadTypes)
        // Files and the library are read off the cooperative pool.
        let stored =
            (try? await BlockingWork.run { LastSearch.load(from: lastFile, types: types)?.item(id: id, kind: kind) })
            .flatMap { $0 }.flatMap { fits($0.kind) ? $0 : nil }
        let kept =
            stored?.item == nil
            ? (try? await library?.item(id: id, kind: kind)).flatMap { $0 }.flatMap { fits($0.kind) ? $0 : nil } : nil
        if let stored, let item = stored.item {
            found = (item, provider(kind: stored.kind))
        } else if let kept {
            found = (kept.item, provider(kind: kept.kind))
        } else if let chosen, let word {
            // Each named provider in turn; one that fails does not keep the others from being asked.
            var hit: (item: MediaItem, owner: any MediaProvider)?
            var firstError: (any Error)?
            for provider in chosen where hit == nil {
                do {
                    if let item = try await lookup(id, in: provider, context: context) { hit = (item, provider) }
                } catch {
                    firstError = firstError ?? error
                }
            }
            if hit == nil, let firstError { throw firstError }
            guard let hit else {
                // The id may be of another kind: say which, rather than that nothing exists.
                let skipped = Set(chosen.map(\.kind))
                if let (_, owner) = try? await lookupAnywhere(id, context: context, skipping: skipped) {
                    throw MediaSearchError.notFound(
                        "\(id) of kind \(word): it is a \(owner.kind) (\(words.showAs(id, owner.kind)))")
                }
                throw MediaSearchError.notFound(id)
            }
            found = hit
        } else {
            guard let (item, owner) = try await lookupAnywhere(id, context: context) else {
                throw MediaSearchError.notFound(id)
            }
            found = (item, owner)
        }
        return found
    }

    /// The providers a detail's `--kind` names, as a search's `--kind` does: a provider by its
    /// name, else those of a source, else those of a kind of media; only those a detail may ask.
    /// The word is read against every provider first, so `--kind song` with the provider named
    /// song disabled says so rather than asking another source's songs.
    private func providers(named word: String) throws(MediaSearchError) -> [any MediaProvider] {
        let named = Configuration.providers(named: word, in: providers)
        guard !named.isEmpty else {
            throw .usage(DidYouMean.unknownKind(word, known: Configuration.names(of: askableProviders)))
        }
        let askable = Set(askableProviders.map(\.kind))
        let allowed = named.filter { askable.contains($0.kind) }
        guard !allowed.isEmpty else {
            throw .usage("kind '\(word)' is not enabled (add it to kinds: in the config to look its items up)")
        }
        return allowed
    }

    /// The item with an id at one provider's source, kept in the library when found.
    private func lookup(
        _ id: String, in provider: any MediaProvider, context: ProviderContext
    ) async throws -> MediaItem? {
        let context = self.context(
            for: provider, country: context.country, lang: context.lang, explicit: context.explicit,
            censorNames: context.censorNames)
        guard let item = try await provider.lookup(id: id, context: context) else { return nil }
        let library = self.library
        try? await library?.store([(provider.kind, item)], seenAt: Date())
        return item
    }

    /// The item with an id at the first provider that has it, of the enabled kinds' sources
    /// (providers over one source share its answer through the response cache), and that provider.
    private func lookupAnywhere(
        _ id: String, context: ProviderContext, skipping skipped: Set<String> = []
    ) async throws -> (MediaItem, any MediaProvider)? {
        var firstError: (any Error)?
        // A source no enabled kind asks is not asked at all, nor its budget spent.
        for provider in askableProviders where !skipped.contains(provider.kind) {
            do {
                if let item = try await lookup(id, in: provider, context: context) { return (item, provider) }
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError { throw firstError }
        return nil
    }

    /// The id and kind of a target.
    private func resolve(_ target: DetailTarget) throws(MediaSearchError) -> (String, String?) {
        switch target {
        case .id(let id, let kind):
            return (id, kind)
        case .result(let number):
            guard let last = LastSearch.load(from: paths.lastSearchFile, types: payloadTypes) else {
                throw .usage("there is no previous search to pick from; \(words.searchFirst)")
            }
            guard number >= 1, number <= last.entries.count else {
                throw .usage("there is no result \(number); the last search showed \(last.entries.count) result(s)")
            }
            let entry = last.entries[number - 1]
            return (entry.id, provider(kind: entry.kind) == nil ? nil : entry.kind)
        }
    }

    // MARK: history

    /// Suggestions for what the user is typing: earlier searches containing the text (S11), then
    /// titles and creators in the offline library with words starting with its words.
    public func suggestions(for text: String, limit: Int = 10) async throws -> [String] {
        let history = self.history()
        // Titles come from sources and history from whoever searched: every face gets them as
        // one clean line each (no escape sequences, controls or invisible characters).
        var suggestions = try await history.suggestions(for: text).map(TextSanitizer.line)
            .filter { !$0.isEmpty }
        guard let library, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return suggestions }
        var seen = Set(suggestions.map { $0.lowercased() })
        for title in ((try? await library.suggestions(for: text, limit: limit)) ?? []).map(TextSanitizer.line)
        where !title.isEmpty && seen.insert(title.lowercased()).inserted {
            suggestions.append(title)
        }
        return suggestions
    }

    /// The search history (S10, S11).
    public func history() -> HistoryStore { Self.history(configuration: configuration, paths: paths) }

    /// The search history a session under this configuration keeps, without the rest of a
    /// session (its transports, a shared store's connection): what `history` lists and clears.
    public static func history(configuration: Configuration, paths: StoragePaths) -> HistoryStore {
        HistoryStore(path: paths.historyFile, capacity: configuration.historySize)
    }

    /// The response cache.
    public func responseCache() -> any ResponseStore {
        shared?.cache(configuration.cacheTTL) ?? ResponseCache(paths: paths, configuration: configuration)
    }
}
