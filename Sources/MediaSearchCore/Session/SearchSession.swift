import Foundation
import MediaSearchKit
import Synchronization

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
    /// The transport artwork is fetched through (``artwork(of:size:)``), made when first asked.
    let artworkTransport: @Sendable () -> any HTTPTransport
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
        let made = Mutex<(any HTTPTransport)?>(transport)
        self.artworkTransport = { @Sendable in
            made.withLock { made in
                if let made { return made }
                let stack = StandardTransport.make(
                    configuration: configuration, paths: paths, policy: policy, source: SearchSession.artworkSource,
                    shared: shared)
                made = stack
                return stack
            }
        }
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
                var run = SearchRun(
                    session: self, request: request, plan: plan, order: order, offline: offline, uncensored: uncensored,
                    notices: notices, patience: patience, progress: progress)
                let page = try await run.execute { continuation.yield(.arrived($0)) }
                continuation.yield(.finished(page))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return SearchStream(request: request, plan: plan, events: events, task: task)
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
