import Foundation
import HTTPTypes
import Hummingbird
import MediaSearchCore
import MediaSearchKit

/// What each route does: parse, ask the session, render. Every failure becomes a 400, 404 or
/// 502 with one sentence; nothing a request carries can crash the server or stall it (providers
/// run under the session's deadlines).
struct WebRoutes: Sendable {
    let session: SearchSession
    /// The same session for the JSON API, which leaves the history alone: a script polling
    /// `/api/search` is not a person's recent searches.
    let apiSession: SearchSession
    let answers: AnswerCache
    /// The kinds and filters, fixed for the server's life (built once, not per request).
    let catalog: ProviderCatalog
    /// The tab counts of recent searches on the All tab, for the kinds' tabs of the same search.
    let tabCounts = TabCountMemory()

    init(session: SearchSession, answers: AnswerCache) {
        self.session = session
        var api = session
        api.recordsHistory = false
        self.apiSession = api
        self.answers = answers
        catalog = ProviderCatalog(providers: session.providers, configuration: session.configuration)
    }

    var configuration: Configuration { session.configuration }

    // MARK: search

    /// The answer cache's key of a query: the request as it runs, not as it was spelled.
    func cacheKey(_ face: String, _ request: SearchRequest, _ query: WebQuery) -> String {
        "\(face) \(Texts.current.code) \(request.queryKey)|\(request.page)|\(query.order)"
    }

    func searchScreen(_ request: Request) async -> Response {
        let query: WebQuery
        do {
            query = try WebQuery(QueryString.parse(request.uri.query), catalog: catalog, configuration: configuration)
        } catch {
            return WebResponse.error(
                status: 400, message: Texts.current.problem(error), json: false, configuration: configuration)
        }
        // A link from another site may fill the form, not run it: a search it ran would write the
        // history and spend the budget on another site's behalf (docs/design.md, "Links from
        // other sites"), and a cached answer would show results one time and not the next.
        // Pressing Search, on this site's own page, runs it.
        if !query.isEmpty, Self.isNavigationFromElsewhere(request) {
            return WebResponse.html(
                Screens.search(
                    query, page: nil, catalog: catalog, configuration: configuration, suggestions: [],
                    confirm: true))
        }
        // The request is built once, for the cache's key and the search alike.
        let searchRequest = query.request(configuration: configuration)
        let key = cacheKey("html", searchRequest, query)
        if !query.isEmpty, let cached = await answers.get(key) { return cached }
        let session = self.session
        // The page's list of earlier searches is read beside the search, its lock waited for at
        // most 2 s: a history another process holds costs that list, never the page's time.
        let recent = Task { (try? await session.history().suggestions(for: "", lockTimeout: 2)) ?? [] }
        guard !query.isEmpty else {
            let history = await recent.value
            return WebResponse.html(
                Screens.search(query, page: nil, catalog: catalog, configuration: configuration, suggestions: history))
        }
        do {
            // A page in relevance order fills in as its sources answer, once some result is in and
            // a source is still asked; a sorted page or a later one waits for all of them (and
            // ranks them together, as the answer cache will show them).
            let streams = query.order == ResultOrder() && query.page == 1
            let search = try session.stream(searchRequest, order: query.order, patience: streams ? .zero : nil)
            let events = EventSource(search.events)
            while let event = try await events.next() {
                switch event {
                case .finished(let page):
                    return await finished(page, query: query, key: key, recent: await recent.value)
                case .arrived(let arrival):
                    // A page with nothing on it yet waits for its end (what it says when empty needs all).
                    guard streams, !arrival.pending.isEmpty, !arrival.results.isEmpty else {
                        continue
                    }
                    // A streamed page offers no earlier searches (it has results): their read is not waited for.
                    recent.cancel()
                    let partial = SearchPage.partial(
                        of: search, statuses: arrival.answered, results: arrival.results, order: query.order)
                    return await stream(partial, pending: arrival.pending, events: events, query: query, key: key)
                }
            }
            return failure(MediaSearchError.cancelled, json: false)
        } catch {
            return failure(error, json: false)
        }
    }

    /// The whole page of a search that has ended, kept in the answer cache when every source
    /// answered.
    private func finished(_ page: SearchPage, query: WebQuery, key: String, recent: [String]) async -> Response {
        let response = await render(page, query: query, recent: recent)
        if !page.outcome.hasFailures && page.offline == nil { await answers.put(key, response) }
        return response
    }

    /// The whole page of a search, with what to try when it found nothing.
    private func render(_ page: SearchPage, query: WebQuery, recent: [String]) async -> Response {
        // The read may see this search's own entry, written meanwhile.
        let history = recent.filter { $0.caseInsensitiveCompare(page.request.historyText) != .orderedSame }
        let suggestions =
            page.results.isEmpty ? ((try? await session.suggestions(for: query.term ?? "")) ?? []) + history : []
        return WebResponse.html(
            Screens.search(
                query, page: page, catalog: catalog, configuration: configuration, suggestions: suggestions,
                counts: await counts(of: page, query: query)),
            status: Self.upstreamFailure(page) == nil ? .ok : .badGateway)
    }

    /// The page of a search whose first sources have answered, written now, and filled in as
    /// the others answer (``StreamedSearch``); the whole page goes to the answer cache at the end.
    private func stream(
        _ partial: SearchPage, pending: [String], events: EventSource, query: WebQuery, key: String
    ) async -> Response {
        let texts = Texts.current
        let routes = self
        let parts = Screens.searchParts(
            query, page: partial, catalog: catalog, configuration: configuration, suggestions: [],
            counts: await tabCounts(partial.outcome.statuses, shown: partial.results, query: query),
            pending: pending)
        let body = ResponseBody { writer in
            try await Texts.$current.withValue(texts) {
                try await writer.write(ByteBuffer(string: parts.before.raw + parts.results.raw))
                var last: SearchPage?
                while let event = try await events.next() {
                    switch event {
                    case .arrived(let arrival):
                        let counts = await routes.tabCounts(arrival.answered, shown: arrival.results, query: query)
                        let chunk = StreamedSearch.chunk(arrival, query: query, catalog: routes.catalog, counts: counts)
                        try await writer.write(ByteBuffer(string: chunk.raw))
                    case .finished(let page):
                        last = page
                    }
                }
                // What the search noticed on its way (a clamped limit, a history not saved...).
                var tail = StreamedSearch.end(last).raw
                if let last {
                    tail += Screens.after(query, page: last).raw
                } else {
                    tail += HTML(joining: [Templates.render("results-end", SearchScreen.End()), Screens.pageEnd]).raw
                }
                // The tabs' numbers are kept for the search's other tabs before the page ends (a
                // click on one can come at once), and whether or not the reader stays for its end.
                if let last { _ = await routes.counts(of: last, query: query) }
                // The next visit gets the whole page at once (reload, a new tab, the back/forward
                // cache aside), drawn apart from this response, so that neither its end nor the
                // next request on its connection waits for it, and drawn even if the reader left.
                if let last, !last.outcome.hasFailures && last.offline == nil {
                    Task {
                        await Texts.$current.withValue(texts) {
                            await routes.answers.put(key, await routes.render(last, query: query, recent: []))
                        }
                    }
                }
                try await writer.write(ByteBuffer(string: tail))
                try await writer.finish(nil)
            }
        }
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"], body: body)
    }

    /// The tabs' numbers while a page fills in, as ``counts(of:query:)`` gives them at its end: on a
    /// kind's tab the All tab's numbers of the same search where this server has them.
    func tabCounts(_ statuses: [ProviderStatus], shown: [ResultEntry], query: WebQuery) async -> TabCounts {
        let own = StreamedSearch.counts(statuses, shown: shown, catalog: catalog)
        guard query.kind != nil else { return own }
        guard let media = Screens.current(query, catalog: catalog) else {
            return TabCounts(total: nil, byMedia: own.byMedia, failed: own.failed)
        }
        return own.onTab(media, from: await tabCounts.get(query.link(kind: .some(nil), page: 1)))
    }

    /// The tabs' numbers for a page: an All page's own (kept for its kinds' tabs); on a kind's tab
    /// its own number beside those of the same search on the All tab, when this server has them.
    func counts(of page: SearchPage, query: WebQuery) async -> TabCounts {
        let own = TabCounts(page: page, catalog: catalog)
        let key = query.link(kind: .some(nil), page: 1)
        guard query.kind != nil else {
            if query.page == 1 && !page.outcome.hasFailures && page.offline == nil { await tabCounts.put(key, own) }
            return own
        }
        // A source's name (kind=deezer) is no tab's: its page's own numbers only.
        guard let media = Screens.current(query, catalog: catalog) else {
            return TabCounts(total: nil, byMedia: own.byMedia, failed: own.failed)
        }
        return own.onTab(media, from: query.page == 1 ? await tabCounts.get(key) : nil)
    }

    /// Whether a browser says the request is a navigation from another site (`Sec-Fetch-Site`
    /// `cross-site` or `same-site`): a link followed there, not a search typed here.
    static func isNavigationFromElsewhere(_ request: Request) -> Bool {
        guard let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!] else { return false }
        return site == "cross-site" || site == "same-site"
    }

    // MARK: details

    func detailScreen(kind: String, id: String, request: Request) async -> Response {
        // A link from another site (or its script setting `location`) opens the item only once
        // the user asks for it here: a detail looks the item up at its source and keeps it in the
        // library, which another site must not make this server do (docs/design.md, "Links from
        // other sites"), as it may not run a search.
        if Self.isNavigationFromElsewhere(request) {
            switch checked(kind: kind, id: id, request: request) {
            case .success(let explicit):
                let query = explicit.map { "?explicit=\($0 ? "on" : "off")" } ?? ""
                return WebResponse.html(
                    Screens.confirmDetail(
                        media: catalog.media(of: kind) ?? kind, link: "/item/\(kind)/\(id)\(query)",
                        configuration: configuration, catalog: catalog))
            case .failure(let error): return failure(error, json: false)
            }
        }
        switch await detail(kind: kind, id: id, request: request) {
        case .success(let page):
            // A song's album, an episode's podcast, is shown by the kind of the same source that
            // shows such collections.
            let shown = catalog.providers.first { $0.kind == page.kind }
            let albumKind = shown.flatMap { shown in
                Screens.collectionMedia[shown.media].flatMap { media in
                    catalog.providers.first { $0.media == media && $0.source == shown.source }?.kind
                }
            }
            return WebResponse.html(
                Screens.detail(
                    page, kinds: Set(catalog.providers.map(\.kind)), configuration: configuration, albumKind: albumKind,
                    starred: false, catalog: catalog))
        case .failure(let error): return failure(error, json: false)
        }
    }

    func detailAPI(kind: String, id: String, request: Request) async -> Response {
        switch await detail(kind: kind, id: id, request: request) {
        case .success(let page):
            do {
                return WebResponse.json(try JSONOutput.encode(page.document))
            } catch {
                return failure(error, json: true)
            }
        case .failure(let error): return failure(error, json: true)
        }
    }

    /// `explicit=off` (a link from a search with explicit content off) censors names as that
    /// search did; `on` shows them; without it, the config decides.
    private func detail(kind: String, id: String, request: Request) async -> Result<DetailPage, any Error> {
        let explicit: Bool?
        switch checked(kind: kind, id: id, request: request) {
        case .success(let value): explicit = value
        case .failure(let error): return .failure(error)
        }
        do {
            return .success(try await session.detail(of: .id(id, kind: kind), explicit: explicit))
        } catch {
            return .failure(error)
        }
    }

    /// The request for a detail checked, without asking anything: its `explicit` flag.
    func checked(kind: String, id: String, request: Request) -> Result<Bool?, any Error> {
        checked(kind: kind, id: id, explicit: QueryString.parse(request.uri.query)["explicit"])
    }

    /// A detail's kind, id and `explicit` flag (as its query spells it) checked, without asking anything.
    func checked(kind: String, id: String, explicit text: String?) -> Result<Bool?, any Error> {
        let explicit: Bool?
        do {
            explicit = try WebQuery.flag(text, name: "explicit")
        } catch {
            return .failure(error)
        }
        // Only the kinds a search here could show: a link from anywhere names any kind and id.
        guard session.askableProvider(kind: kind) != nil else {
            let known = session.askableProviders.map(\.kind).joined(separator: ", ")
            return .failure(MediaSearchError.notFound("\(id) of kind '\(kind)' (kinds: \(known))"))
        }
        guard Self.isPlainID(id) else { return .failure(BadRequest(key: "request.itemId")) }
        return .success(explicit)
    }

    /// Whether an id is one a link may name: 1 to 64 of ``idCharacters``.
    static func isPlainID(_ id: String) -> Bool {
        (1...64).contains(id.unicodeScalars.count) && id.unicodeScalars.allSatisfy { idCharacters.contains($0) }
    }

    /// What an item id may hold (ASCII letters and digits, `.`, `_`, `:`, `-`), as the OpenAPI document says.
    static let idCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-")

    // MARK: the rest

    func providersAPI() -> Response {
        do {
            return WebResponse.json(try JSONOutput.encode(catalog))
        } catch {
            return failure(error, json: true)
        }
    }

    func suggestAPI(_ request: Request) async -> Response {
        let text = QueryString.parse(request.uri.query)["q"] ?? ""
        // Counted as the schema counts: in Unicode scalars, not grapheme clusters.
        guard text.unicodeScalars.count <= WebQuery.maxTermLength else {
            return WebResponse.error(
                status: 400, message: "q is longer than \(WebQuery.maxTermLength) characters", json: true,
                configuration: configuration)
        }
        let session = self.session
        let suggestions = (try? await session.suggestions(for: text)) ?? []
        return WebResponse.json((try? JSONOutput.encode(["suggestions": suggestions])) ?? "{\"suggestions\":[]}\n")
    }

    /// Every searched provider failed and the library had nothing either: the search could not
    /// run upstream (a 502), in one sentence naming each failure once.
    static func upstreamFailure(_ page: SearchPage) -> String? {
        guard page.outcome.allFailed, (page.offline?.results ?? 0) == 0 else { return nil }
        return page.outcome.failures.map { "\($0.kinds.joined(separator: ", ")): \($0.error.description)" }
            .joined(separator: "; ")
    }

    /// The status and sentence of a failure: the request's fault is 400, an unknown item 404, a
    /// list's name that is taken (or the starred list, which keeps its name) 409, anything upstream 502.
    func failure(_ error: any Error, json: Bool) -> Response {
        let (status, message): (Int, String)
        // A page says it in its language; the JSON API in English, as the CLI's documents.
        let texts = json ? Texts(code: "en") : Texts.current
        switch error {
        case let bad as BadRequest: (status, message) = (400, texts.problem(bad))
        case let failure as MediaSearchError:
            switch failure {
            case .usage: (status, message) = (400, texts.failure(failure))
            case .notFound, .noSuchList: (status, message) = (404, texts.failure(failure))
            case .listExists, .listFixed: (status, message) = (409, texts.failure(failure))
            default: (status, message) = (502, texts.failure(failure))
            }
        default: (status, message) = (500, "internal error")
        }
        return WebResponse.error(status: status, message: message, json: json, configuration: configuration)
    }
}

/// A search's events, read first by the route (until it knows whether the page streams), then by
/// the response's body: never by both at once, hence the unchecked `Sendable`.
final class EventSource: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<SearchEvent, any Error>.AsyncIterator

    init(_ events: AsyncThrowingStream<SearchEvent, any Error>) {
        iterator = events.makeAsyncIterator()
    }

    func next() async throws -> SearchEvent? {
        try await iterator.next()
    }
}
