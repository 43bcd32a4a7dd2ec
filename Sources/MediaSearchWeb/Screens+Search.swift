import Foundation
import MediaSearchCore
import MediaSearchKit

/// The search screen: its results, what failed, what was found offline, and an empty search.
extension Screens {
    /// The search screen: the form, the tabs, then the results, the errors, or the empty state.
    static func search(
        _ query: WebQuery, page: SearchPage?, catalog: ProviderCatalog, configuration: Configuration,
        suggestions: [String], confirm: Bool = false, counts: TabCounts? = nil
    ) -> HTML {
        let parts = searchParts(
            query, page: page, catalog: catalog, configuration: configuration, suggestions: suggestions,
            confirm: confirm, counts: counts)
        return HTML(joining: [parts.before, parts.results, parts.after], separator: .none)
    }

    /// The search screen in three parts: the page up to its results, the results, and the rest;
    /// a page that fills in as its sources answer (``StreamedSearch``) leaves the list of results
    /// open (`pending` names the kinds still asked) and writes the late ones before the rest.
    /// Drawn by `Templates/web/welcome.mustache` before a search, else by `results-top`, `results`
    /// (or `empty`) and `results-end`.
    static func searchParts(
        _ query: WebQuery, page: SearchPage?, catalog: ProviderCatalog, configuration: Configuration,
        suggestions: [String], confirm: Bool = false, counts: TabCounts? = nil, pending: [String] = []
    ) -> (before: HTML, results: HTML, after: HTML) {
        let t = Texts.current
        let tabBar = tabsModel(
            query, catalog: catalog, counts: counts ?? page.map { TabCounts(page: $0, catalog: catalog) },
            pending: pending)
        let form = formModel(query, configuration: configuration, catalog: catalog)
        let kinds = Set(catalog.providers.map(\.kind))
        guard let page else {
            let model = WelcomeScreen(
                form: form, tabBar: tabBar, confirm: confirm,
                lead: confirm
                    ? t("welcome.confirm")
                    : t("welcome.lead", ["kinds": Templates.text(t.searched(catalog, last: "words.and"))]),
                recentWords: t("welcome.recent"), recent: suggestions.prefix(8).map(searchLink))
            let screen = Self.page(
                title: "MediaSearch", body: Templates.render("welcome", model), bodyClass: "screen-search")
            return (screen, .empty, .empty)
        }
        let failures = page.outcome.failures.map { failure in
            errorLine(kinds: failure.kinds, error: failure.error, catalog: catalog)
        }
        let reasons = (page.offline?.reasons ?? []).map { reason in
            guard let failure = reason.failure else {
                return SearchScreen.ErrorLine(
                    kinds: Templates.text(reason.kinds.joined(separator: " ")),
                    label: Templates.text(reason.kinds.joined(separator: ", ")), message: Templates.text(reason.error))
            }
            return errorLine(kinds: reason.kinds, error: failure, catalog: catalog)
        }
        let notices = ((page.offline.map { [offlineSummary($0)] } ?? []) + page.notices).map(Templates.text)
        let messages =
            (failures + reasons).isEmpty && notices.isEmpty
            ? nil
            : SearchScreen.Messages(
                errors: failures + reasons,
                retry: failed(page) ? .init(href: Templates.local(query.link()), words: t("results.retry")) : nil,
                notices: notices)
        let results: HTML
        if !pending.isEmpty || !(page.results.isEmpty || page.repeatsPrevious) {
            // Filled in as the sources answer: the list stays open, a placeholder for each.
            let tiles = page.results.map { entry in
                tileModel(
                    entry.tile, uncensored: entry.censored ? entry.item : nil, kinds: kinds, censored: entry.censored,
                    starred: false, media: catalog.media(of: entry.kind))
            }
            results = Templates.render(
                "results",
                SearchScreen.Results(
                    tiles: tiles, streaming: !pending.isEmpty,
                    pending: StreamedSearch.placeholders(pending, catalog: catalog)))
        } else {
            results =
                empty(query, page: page, suggestions: suggestions).map { Templates.render("empty", $0) }
                ?? .empty
        }
        let downloads = downloadsModel(query, page: page)
        let term = query.term ?? query.filters.values.sorted().joined(separator: " ")
        let top = SearchScreen(
            form: form, tabBar: tabBar, heading: t("results.heading", ["term": Templates.text(term)]),
            chipsLabel: t("filters.inForce"), chips: activeFilters(query), messages: messages, downloads: downloads)
        let before = HTML(
            joining: [
                pageStart(title: "\(term) – MediaSearch", bodyClass: "screen-search"),
                Templates.render("results-top", top),
                .empty,
            ])
        return (before, results, after(query, page: page, downloads: downloads))
    }

    /// The search screen after its results: the pager, the page as files again, the page's end.
    static func after(_ query: WebQuery, page: SearchPage, downloads: DownloadsModel? = nil) -> HTML {
        let t = Texts.current
        var pager: SearchScreen.Pager?
        if query.page > 1 || page.hasMore {
            pager = .init(
                label: t("pager.label"),
                previous: query.page > 1
                    ? .init(href: Templates.local(query.link(page: query.page - 1)), words: t("pager.previous")) : nil,
                next: page.hasMore
                    ? .init(href: Templates.local(query.link(page: query.page + 1)), words: t("pager.next")) : nil)
        }
        let end = SearchScreen.End(pager: pager, downloads: downloads ?? downloadsModel(query, page: page))
        return HTML(joining: [Templates.render("results-end", end), pageEnd])
    }

    /// This page for a spreadsheet or a player, from the JSON API (which keeps no history), above
    /// the results (below them, the pages a scroll appends would keep pushing it away), but on a
    /// phone below them, where it costs the first screen nothing; the next pages are theirs to
    /// download (the file says which page it holds).
    static func downloadsModel(_ query: WebQuery, page: SearchPage) -> DownloadsModel? {
        guard !page.results.isEmpty && !page.repeatsPrevious else { return nil }
        let t = Texts.current
        let api = "/api/search" + query.link().dropFirst()
        var links = [DownloadsModel.Link(href: Templates.local(api + "&format=csv"), words: t("results.download.csv"))]
        if !Playlist(page.results).entries.isEmpty {
            links.append(.init(href: Templates.local(api + "&format=m3u"), words: t("results.download.m3u")))
        }
        if !Subscriptions(page.results, title: "").feeds.isEmpty {
            links.append(.init(href: Templates.local(api + "&format=opml"), words: t("results.download.opml")))
        }
        return DownloadsModel(line: t("results.download", ["page": String(query.page)]), links: links)
    }

    /// A link to a search for a text (an earlier search, a suggestion).
    static func searchLink(_ text: String) -> LinkModel {
        LinkModel(href: Templates.local("/" + QueryString.make([("q", text)])), words: Templates.text(text))
    }

    /// What to try when nothing was found; `nil` when every source failed (their lines and the Try
    /// again button above say all there is, #60).
    static func empty(_ query: WebQuery, page: SearchPage, suggestions: [String]) -> SearchScreen.Empty? {
        let t = Texts.current
        if page.repeatsPrevious { return .init(lead: t("empty.repeats")) }
        // Spelling is worth checking only when every kind asked really answered "nothing".
        guard !failed(page) else {
            // Answered from the library, the statuses are the library's: no source answered.
            guard page.offline?.fallback != true, page.outcome.statuses.contains(where: { $0.error == nil }) else {
                return nil
            }
            return .init(lead: t("empty.unreachable"))
        }
        var tips: [SearchScreen.Empty.Tip] = [.init(words: t("empty.spelling"))]
        if query.kind != nil {
            tips.append(
                .init(link: .init(href: Templates.local(query.link(kind: .some(nil))), words: t("empty.everyKind"))))
        }
        if !query.explicit {
            tips.append(
                .init(link: .init(href: Templates.local(query.link(explicit: true)), words: t("empty.explicit"))))
        }
        if !query.filters.isEmpty { tips.append(.init(words: t("empty.removeFilter"))) }
        let others = suggestions.filter { $0.lowercased() != query.term?.lowercased() }.prefix(5).map(searchLink)
        let term = query.term ?? query.filters.values.sorted().joined(separator: " ")
        return .init(
            lead: t("empty.nothingFor", ["term": Templates.text(term)]), tips: tips, orTry: t("empty.orTry"),
            others: others)
    }

    /// Whether a source the page asked failed: on the page, or answered from the library instead.
    static func failed(_ page: SearchPage) -> Bool {
        page.outcome.hasFailures || page.offline?.fallback == true
    }

    /// A source's failure in one line, the same in a page and in a streamed chunk: the source by
    /// its name and the kinds of media it was asked for by the tabs' names, then what happened and
    /// what it means (the Try again button beside it is the one thing to do).
    static func failureLine(
        kinds: [String], error: MediaSearchError, catalog: ProviderCatalog
    ) -> (label: String, message: String) {
        let t = Texts.current
        let providers = kinds.compactMap { kind in catalog.providers.first { $0.kind == kind } }
        var sources: [String] = []
        for provider in providers where !sources.contains(provider.sourceName) { sources.append(provider.sourceName) }
        var media: [String] = []
        for tab in mediaTabs(catalog) where providers.contains(where: { $0.media == tab.media }) {
            media.append(t.tabName(media: tab.media, entries: tab.entries))
        }
        let message = t.failure(error)
        // The source once: in the message when it names every one, else beside the kinds (one
        // cause may be several sources': a cool-down of one, a rate limit of another).
        let named = sources.allSatisfy { message.contains($0) }
        let label =
            media.isEmpty
            ? (sources.isEmpty ? kinds.joined(separator: ", ") : sources.joined(separator: ", "))
            : media.joined(separator: ", ") + (named || sources.isEmpty ? "" : " (\(sources.joined(separator: ", ")))")
        return (Templates.text(label), Templates.text(message + hint(for: error)))
    }

    /// A source's failure as a line of the page's messages.
    static func errorLine(kinds: [String], error: MediaSearchError, catalog: ProviderCatalog) -> SearchScreen.ErrorLine
    {
        let line = failureLine(kinds: kinds, error: error, catalog: catalog)
        return .init(kinds: Templates.text(kinds.joined(separator: " ")), label: line.label, message: line.message)
    }

    /// What a user can do about an error, in plain words.
    static func hint(for error: MediaSearchError) -> String {
        let key: String
        switch error {
        case .rateLimited, .coolingDown, .budgetExhausted: key = "hint.slowDown"
        case .network, .timedOut, .deadlineExceeded: key = "hint.unreachable"
        case .httpStatus(let status, _) where status >= 500: key = "hint.trouble"
        case .unavailable, .malformedResponse, .responseTooLarge, .badRedirect: key = "hint.improper"
        default: return ""
        }
        return " — " + Texts.current(key)
    }

    /// How the page was answered from the library, in plain words.
    static func offlineSummary(_ answer: OfflineAnswer) -> String {
        let values = ["found": Formatting.grouped(answer.results), "kept": Formatting.grouped(answer.records)]
        // "0 of 21 results" reads as if 21 were found; none found is said as none.
        let key =
            answer.results == 0
            ? (answer.fallback ? "offline.fallbackNone" : "offline.none")
            : (answer.fallback ? "offline.fallback" : "offline.only")
        return Texts.current(key, values)
    }
}

/// A link with its words.
struct LinkModel: TemplateModel {
    /// A link to the page in another language.
    struct Language: TemplateModel {
        var href, code, name: String
    }

    var href, words: String
}

/// A page of results or a list as files (`Templates/web/downloads.mustache`).
struct DownloadsModel: TemplateModel {
    struct Link: TemplateModel {
        var href, words: String
    }

    /// A link of the line, and whether another comes before it (a separator then).
    private struct Shown: TemplateModel {
        var href, words: String
        var after: Bool
    }

    var line: String
    private var shown: [Shown]

    init(line: String, links: [Link]) {
        self.line = line
        shown = links.enumerated().map { .init(href: $0.element.href, words: $0.element.words, after: $0.offset > 0) }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "line": line
        case "links": shown
        default: nil
        }
    }
}

/// What the search screen shows before a search (`Templates/web/welcome.mustache`).
struct WelcomeScreen: TemplateModel {
    var form: FormScreen
    var tabBar: TabsScreen
    var confirm: Bool
    var lead, recentWords: String
    var recent: [LinkModel]
}

/// What the search screen shows up to its results (`Templates/web/results-top.mustache`), and the
/// models of its other parts.
struct SearchScreen: TemplateModel {
    /// A filter in force, a chip that removes it.
    struct Chip: TemplateModel {
        var href, label, name, value: String
    }

    struct ErrorLine: TemplateModel {
        var kinds, label, message: String
    }

    struct Messages: TemplateModel {
        var errors: [ErrorLine]
        var retry: LinkModel?
        var notices: [String]
    }

    /// The results (`Templates/web/results.mustache`).
    struct Results: TemplateModel {
        var tiles: [TileModel]
        /// Whether the list stays open for the sources still asked, each with its placeholder.
        var streaming: Bool
        var pending: [StreamedSearch.Placeholder]
    }

    /// What a search that found nothing says (`Templates/web/empty.mustache`).
    struct Empty: TemplateModel {
        struct Tip: TemplateModel {
            var words = ""
            var link: LinkModel?
        }

        var lead: String
        var tips: [Tip] = []
        var orTry = ""
        var others: [LinkModel] = []
    }

    struct Pager: TemplateModel {
        var label: String
        var previous, next: LinkModel?
    }

    /// What follows the results (`Templates/web/results-end.mustache`).
    struct End: TemplateModel {
        var pager: Pager? = nil
        var downloads: DownloadsModel? = nil
    }

    var form: FormScreen
    var tabBar: TabsScreen
    var heading, chipsLabel: String
    var chips: [Chip]
    var messages: Messages?
    var downloads: DownloadsModel?
}
