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
        return "\(parts.before)\(parts.results)\(parts.after)"
    }

    /// The search screen in three parts: the page up to its results, the results, and the rest;
    /// a page that fills in as its sources answer (``StreamedSearch``) leaves the list of results
    /// open (`pending` names the kinds still asked) and writes the late ones before the rest.
    static func searchParts(
        _ query: WebQuery, page: SearchPage?, catalog: ProviderCatalog, configuration: Configuration,
        suggestions: [String], confirm: Bool = false, counts: TabCounts? = nil, pending: [String] = []
    ) -> (before: HTML, results: HTML, after: HTML) {
        let t = Texts.current
        let tabs = tabs(
            query, catalog: catalog, counts: counts ?? page.map { TabCounts(page: $0, catalog: catalog) },
            pending: pending)
        let kinds = Set(catalog.providers.map(\.kind))
        guard let page else {
            let hints = suggestions.prefix(8).map { text -> HTML in
                "<li><a href=\"\(local: "/" + QueryString.make([("q", text)]))\">\(text)</a></li>"
            }
            let recent: HTML = hints.isEmpty ? "" : "<h2>\(t("welcome.recent"))</h2><ul class=\"chips\">\(hints)</ul>"
            let screen = Self.page(
                title: "MediaSearch",
                body: """
                    \(form(query, configuration: configuration, catalog: catalog))
                    \(tabs)
                    <main id="results" class="welcome"><h1 class="sr-only">MediaSearch</h1><p\(HTML(raw: confirm ? " role=\"status\" class=\"confirm\"" : ""))>\(confirm ? t("welcome.confirm") : t("welcome.lead", ["kinds": t.searched(catalog, last: "words.and")]))</p>\(recent)</main>
                    """, bodyClass: "screen-search")
            return (screen, "", "")
        }
        let failures = page.outcome.failures.map { failure -> HTML in
            "<li class=\"error\" data-kinds=\"\(failure.kinds.joined(separator: " "))\">\(failureLine(kinds: failure.kinds, error: failure.error, catalog: catalog))</li>"
        }
        let reasons = (page.offline?.reasons ?? []).map { reason -> HTML in
            guard let failure = reason.failure else { return errorItem(kinds: reason.kinds, message: reason.error) }
            return
                "<li class=\"error\" data-kinds=\"\(reason.kinds.joined(separator: " "))\">\(failureLine(kinds: reason.kinds, error: failure, catalog: catalog))</li>"
        }
        var retry: [HTML] = []
        if failed(page) {
            retry.append(
                "<li class=\"retry\"><a class=\"button\" href=\"\(local: query.link())\">\(t("results.retry"))</a></li>"
            )
        }
        let notices = (page.offline.map { [offlineSummary($0)] } ?? []) + page.notices
        let noticeList = notices.map { notice -> HTML in "<li class=\"notice\">\(notice)</li>" }
        let messages: HTML =
            (failures + reasons + noticeList).isEmpty
            ? "" : "<ul class=\"messages\" aria-live=\"polite\">\(failures + reasons + retry + noticeList)</ul>"
        let results: HTML
        if !pending.isEmpty {
            // Filled in as the sources answer: the list stays open, a placeholder for each.
            let tiles = page.results.map { entry in
                tile(
                    entry.tile, uncensored: entry.censored ? entry.item : nil, kinds: kinds, censored: entry.censored,
                    starred: false, media: catalog.media(of: entry.kind))
            }
            results =
                "<ol class=\"tiles\" id=\"tiles\">\(tiles)\(StreamedSearch.placeholders(pending, catalog: catalog))"
        } else if page.results.isEmpty || page.repeatsPrevious {
            results = empty(query, page: page, suggestions: suggestions)
        } else {
            let tiles = page.results.map { entry in
                tile(
                    entry.tile, uncensored: entry.censored ? entry.item : nil, kinds: kinds, censored: entry.censored,
                    starred: false, media: catalog.media(of: entry.kind))
            }
            results = "<ol class=\"tiles\" id=\"tiles\">\(tiles)</ol>"
        }
        var pager: [HTML] = []
        if query.page > 1 {
            pager.append(
                "<a class=\"prev\" rel=\"prev\" href=\"\(local: query.link(page: query.page - 1))\">\(t("pager.previous"))</a>"
            )
        }
        if page.hasMore {
            pager.append(
                "<a class=\"next\" rel=\"next\" href=\"\(local: query.link(page: query.page + 1))\">\(t("pager.next"))</a>"
            )
        }
        let pagerHTML: HTML =
            pager.isEmpty ? "" : "<nav class=\"pager\" aria-label=\"\(t("pager.label"))\">\(pager)</nav>"
        // This page for a spreadsheet or a player, from the JSON API (which keeps no history), above
        // the results (below them, the pages a scroll appends would keep pushing it away), but on a
        // phone below them, where it costs the first screen nothing; the next pages are theirs to
        // download (the file says which page it holds).
        var downloads: HTML = ""
        var downloadsAtEnd: HTML = ""
        if !page.results.isEmpty && !page.repeatsPrevious {
            let api = "/api/search" + query.link().dropFirst()
            var links: [HTML] = [
                "<a href=\"\(local: api + "&format=csv")\" download>\(t("results.download.csv"))</a>"
            ]
            if !Playlist(page.results).entries.isEmpty {
                links.append("<a href=\"\(local: api + "&format=m3u")\" download>\(t("results.download.m3u"))</a>")
            }
            if !Subscriptions(page.results, title: "").feeds.isEmpty {
                links.append("<a href=\"\(local: api + "&format=opml")\" download>\(t("results.download.opml"))</a>")
            }
            let separated = links.enumerated().flatMap {
                $0.offset == 0 ? [$0.element] : [" · ", $0.element] as [HTML]
            }
            let line: HTML = "\(t("results.download", ["page": String(query.page)])) \(separated)"
            downloads = "<p class=\"downloads top\">\(line)</p>"
            downloadsAtEnd = "<p class=\"downloads end\">\(line)</p>"
        }
        let title = "\(query.term ?? query.filters.values.sorted().joined(separator: " ")) – MediaSearch"
        let before: HTML = """
            \(pageStart(title: title, bodyClass: "screen-search"))
            \(form(query, configuration: configuration, catalog: catalog))
            \(tabs)
            <main id="results">
            <h1 class="sr-only">\(t("results.heading", ["term": query.term ?? query.filters.values.sorted().joined(separator: " ")]))</h1>
            \(activeFilters(query))
            \(messages)
            \(downloads)

            """
        let after: HTML = """

            \(pagerHTML)
            \(downloadsAtEnd)
            </main>
            \(pageEnd)
            """
        return (before, results, after)
    }

    /// What to try when nothing was found.
    static func empty(_ query: WebQuery, page: SearchPage, suggestions: [String]) -> HTML {
        let t = Texts.current
        if page.repeatsPrevious {
            return "<div class=\"empty\"><p>\(t("empty.repeats"))</p></div>"
        }
        // Spelling is worth checking only when every kind asked really answered "nothing". When
        // every one failed, their lines and the Try again button above say all there is (#60).
        guard !failed(page) else {
            // Answered from the library, the statuses are the library's: no source answered.
            guard page.offline?.fallback != true, page.outcome.statuses.contains(where: { $0.error == nil }) else {
                return ""
            }
            return "<div class=\"empty\"><p>\(t("empty.unreachable"))</p></div>"
        }
        var tips: [HTML] = ["<li>\(t("empty.spelling"))</li>"]
        if query.kind != nil {
            tips.append("<li><a href=\"\(local: query.link(kind: .some(nil)))\">\(t("empty.everyKind"))</a>.</li>")
        }
        if !query.explicit {
            tips.append("<li><a href=\"\(local: query.link(explicit: true))\">\(t("empty.explicit"))</a>.</li>")
        }
        if !query.filters.isEmpty { tips.append("<li>\(t("empty.removeFilter"))</li>") }
        let others = suggestions.filter { $0.lowercased() != query.term?.lowercased() }.prefix(5).map {
            text -> HTML in "<li><a href=\"\(local: "/" + QueryString.make([("q", text)]))\">\(text)</a></li>"
        }
        let also: HTML = others.isEmpty ? "" : "<p>\(t("empty.orTry"))</p><ul class=\"chips\">\(others)</ul>"
        let term = query.term ?? query.filters.values.sorted().joined(separator: " ")
        return "<div class=\"empty\"><p>\(t("empty.nothingFor", ["term": term]))</p><ul>\(tips)</ul>\(also)</div>"
    }

    /// Whether a source the page asked failed: on the page, or answered from the library instead.
    static func failed(_ page: SearchPage) -> Bool {
        page.outcome.hasFailures || page.offline?.fallback == true
    }

    /// A source's failure in one line, the same in a page and in a streamed chunk: the source by
    /// its name and the kinds of media it was asked for by the tabs' names, then what happened and
    /// what it means (the Try again button beside it is the one thing to do).
    static func failureLine(kinds: [String], error: MediaSearchError, catalog: ProviderCatalog) -> HTML {
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
        return "<strong>\(label)</strong>: \(message + hint(for: error))"
    }

    /// One provider failure: the kinds it hit and what happened.
    static func errorItem(kinds: [String], message: String) -> HTML {
        "<li class=\"error\" data-kinds=\"\(kinds.joined(separator: " "))\"><strong>\(kinds.joined(separator: ", "))</strong>: \(message)</li>"
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
