import Foundation
import MediaSearchCore
import MediaSearchKit

/// The two screens of the reference apps, rendered on the server: the search screen (tiles with
/// artwork, tabs per enabled kind, per-provider errors, paging) and the detail screen (large
/// artwork, the provider's sections, the author, other works, episodes and the preview player).
package enum Screens {
    /// The whole page around a screen.
    static func page(title: String, body: HTML, bodyClass: String) -> HTML {
        "\(pageStart(title: title, bodyClass: bodyClass))\n\(body)\n\(pageEnd)"
    }

    /// The page up to its screen: the head and the body's opening, with the config's notice (the
    /// operator's words, in whatever language they wrote: not translated, by us or the browser).
    static func pageStart(title: String, bodyClass: String) -> HTML {
        let t = Texts.current
        return """
            <!doctype html>
            <html lang="\(t.code)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <link rel="stylesheet" href="/assets/app.css">
            <script src="/assets/app.js" defer></script>
            </head>
            <body class="\(bodyClass)" data-loading="\(t("script.loading"))" data-back="\(t("script.back"))" \
            data-back-for="\(t("script.backFor"))" data-unplayable="\(t("script.unplayable"))" \
            data-play-all="\(t("player.playAll"))" data-pause="\(t("player.pause"))" data-resume="\(t("player.resume"))" \
            data-playing="\(t("player.playing"))" data-star-failed="\(t("star.failed"))">
            \(t.notice.map { notice -> HTML in "<aside class=\"site-notice\" translate=\"no\"><p>\(notice)</p></aside>" } ?? "")
            """
    }

    /// The page after its screen: the footer, the keys' dialog and the body's end.
    static var pageEnd: HTML {
        let t = Texts.current
        return """
            <footer class="foot"><a class="lists-link" href="/lists">\(t("lists.link"))</a>\(t.switcher)<button type="button" class="keys-open" hidden>\(t("keys.open")) <kbd>?</kbd></button></footer>
            \(keys)
            </body>
            </html>
            """
    }

    /// The keyboard's shortcuts, in a dialog that `?` (or the footer's button) opens; the script
    /// that answers the keys shows the button, since without it no key works.
    static var keys: HTML {
        let t = Texts.current
        let rows: [(keys: [String], what: String)] = [
            (["/"], "keys.search"), (["j", "k"], "keys.move"), (["Enter"], "keys.enter"), (["Esc"], "keys.back"),
            (["s"], "keys.star"), (["p"], "keys.play"), (["n", "b"], "keys.skip"), (["?"], "keys.help"),
        ]
        let list = rows.map { row -> HTML in
            let keys = row.keys.map { key -> HTML in "<kbd>\(key)</kbd>" }
            let separated = keys.enumerated().flatMap { $0.offset == 0 ? [$0.element] : [" ", $0.element] as [HTML] }
            return "<dt>\(separated)</dt><dd>\(t(row.what))</dd>"
        }
        return """
            <dialog id="keys" aria-labelledby="keys-title"><h2 id="keys-title">\(t("keys.title"))</h2>\
            <dl class="keys">\(list)</dl><p><label><input type="checkbox" id="keys-on" checked> \(t("keys.toggle"))</label></p>\
            <button type="button" class="keys-close">\(t("keys.close"))</button></dialog>
            """
    }

    // MARK: search

    /// The search form, with the query's current choices.
    static func form(_ query: WebQuery?, configuration: Configuration, catalog: ProviderCatalog? = nil) -> HTML {
        let t = Texts.current
        let limit = query?.limit ?? configuration.limit
        let limits = Set([10, 30, 50, limit]).sorted().map { value -> HTML in
            "<option value=\"\(value)\"\(HTML(raw: value == limit ? " selected" : ""))>\(t("form.limit.option", ["n": String(value)]))</option>"
        }
        let sorts = ResultSort.allCases.map { sort -> HTML in
            let selected = HTML(raw: (query?.sort ?? .relevance) == sort ? " selected" : "")
            return "<option value=\"\(sort.rawValue)\"\(selected)>\(t("sort." + sort.rawValue))</option>"
        }
        let explicit = query?.explicit ?? configuration.explicit
        let kind = query?.kind.map { value -> HTML in "<input type=\"hidden\" name=\"kind\" value=\"\(value)\">" } ?? ""
        // A choice of source only where there is one to make.
        let sources = catalog?.enabledSources ?? []
        let options = sources.map { entry -> HTML in
            let selected = HTML(raw: query?.source == entry.id ? " selected" : "")
            return "<option value=\"\(entry.id)\"\(selected)>\(entry.name)</option>"
        }
        let country = query?.country ?? configuration.country
        let lang = query?.lang ?? configuration.lang
        let langs = ([nil] + LanguageCode.supported).map { code -> HTML in
            let name = t("form.lang." + (code ?? "default"))
            return
                "<option value=\"\(code ?? "default")\"\(HTML(raw: code == lang ? " selected" : ""))>\(name)</option>"
        }
        let region: HTML = """
            <input class="country" name="country" value="\(country)" size="3" maxlength="2" pattern="[A-Za-z]{2}" \
            aria-label="\(t("form.country"))" title="\(t("form.country.hint"))" autocomplete="off">\
            <select name="lang" aria-label="\(t("form.lang"))">\(langs)</select>
            """
        // The box names what this server searches (#60): its enabled kinds of media.
        let kinds = t.searched(catalog, capitalized: true)
        let placeholder = kinds.isEmpty ? t("form.search") : t("form.placeholder", ["kinds": kinds])
        let source: HTML =
            sources.count < 2
            ? ""
            : "<select name=\"source\" aria-label=\"\(t("form.source"))\"><option value=\"all\">\(t("form.source.all"))</option>\(options)</select>"
        return """
            <header class="bar">
            <a class="brand" href="/">MediaSearch</a>
            <form id="search" class="search" action="/" method="get" role="search">
            <div class="query">\
            <input id="q" type="search" name="q" value="\(query?.term)" placeholder="\(placeholder)" aria-label="\(t("form.search"))" autocomplete="off" list="suggestions">\
            <button type="submit">\(t("form.submit"))</button></div>
            <datalist id="suggestions"></datalist>
            \(kind)
            <details class="options"><summary>\(t("form.options"))</summary><div class="fields">
            \(source)
            \(region)
            <select name="limit" aria-label="\(t("form.limit"))">\(limits)</select>
            <select name="sort" aria-label="\(t("form.sort"))">\(sorts)</select>
            <label class="toggle"><input type="checkbox" name="reverse" value="on"\(HTML(raw: query?.reverse == true ? " checked" : ""))> \(t("form.reverse"))</label>
            <select name="explicit" aria-label="\(t("form.explicit"))"><option value="on"\(HTML(raw: explicit ? " selected" : ""))>\(t("form.explicit.on"))</option><option value="off"\(HTML(raw: explicit ? "" : " selected"))>\(t("form.explicit.off"))</option></select>
            </div></details>
            \(filterFields(query, catalog: catalog))
            </form>
            </header>
            """
    }

    /// The filters of the kind on screen, as fields of the form (a filter narrows the search to
    /// the kinds that have it, so they are offered on a kind's tab).
    static func filterFields(_ query: WebQuery?, catalog: ProviderCatalog?) -> HTML {
        guard let query, let kind = query.kind, let filters = catalog?.filters(forTab: kind), !filters.isEmpty
        else { return "" }
        let fields = filters.map { filter -> HTML in
            let value = query.filters[filter.name]
            // The filter's name and help in the page's words where the catalog has them.
            let name = Texts.current.ifKnown("filter." + filter.name) ?? filter.name
            let help = Texts.current.label(filter.help)
            let placeholder = filter.type == "text" ? Texts.current("filters.text") : filter.type
            // A field with a fixed set of values is a choice among them, with "any" first.
            if let choices = filter.choices {
                let options = ([""] + choices).map { choice -> HTML in
                    let chosen = choice.caseInsensitiveCompare(value ?? "") == .orderedSame
                    let selected = HTML(raw: chosen ? " selected" : "")
                    let label = choice.isEmpty ? Texts.current("filters.any") : choice
                    return "<option value=\"\(choice)\"\(selected)>\(label)</option>"
                }
                return
                    "<label>\(name) <select name=\"\(filter.name)\" title=\"\(help)\">\(options)</select></label>"
            }
            return
                "<label>\(name) <input name=\"\(filter.name)\" value=\"\(value)\" placeholder=\"\(placeholder)\" title=\"\(help)\"></label>"
        }
        let open = HTML(raw: query.filters.isEmpty ? "" : " open")
        return
            "<details class=\"filters\"\(open)><summary>\(Texts.current("filters.summary"))</summary><div class=\"fields\">\(fields)</div></details>"
    }

    /// The filters in force, each a chip that removes it.
    static func activeFilters(_ query: WebQuery) -> HTML {
        guard !query.filters.isEmpty else { return "" }
        let chips = query.filters.keys.sorted().map { name -> HTML in
            let shown = Texts.current.ifKnown("filter." + name) ?? name
            return
                "<li><a href=\"\(local: query.link(removing: name))\" aria-label=\"\(Texts.current("filters.remove", ["name": shown]))\">\(shown): \(query.filters[name]) ✕</a></li>"
        }
        return "<ul class=\"chips active-filters\" aria-label=\"\(Texts.current("filters.inForce"))\">\(chips)</ul>"
    }

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

    /// "All" and one tab per kind of media the enabled sources give (Songs holds every source's
    /// songs; which sources answer is the Source choice of the form), each with its number of
    /// results when known.
    static func tabs(
        _ query: WebQuery, catalog: ProviderCatalog, counts: TabCounts? = nil, pending: [String] = []
    ) -> HTML {
        func count(_ value: Int?, pending: Bool = false, failed: Bool = false) -> HTML {
            // A kind of media with a source still asked is pending, never 0 (#59).
            if pending {
                return
                    "<span class=\"count pending\"><span aria-hidden=\"true\">…</span><span class=\"sr-only\">\(Texts.current("tabs.pending"))</span></span>"
            }
            // One whose every source failed says so, never 0 (#60).
            if failed { return "<span class=\"count failed\">\(Texts.current("tabs.failed"))</span>" }
            return value.map { "<span class=\"count\">\(Formatting.grouped($0))</span>" } ?? ""
        }
        let media = Dictionary(catalog.providers.map { ($0.kind, $0.media) }, uniquingKeysWith: { first, _ in first })
        let pendingMedia = Set(pending.compactMap { media[$0] })
        let t = Texts.current
        let shown = current(query, catalog: catalog)
        let all: HTML =
            "<a href=\"\(local: query.link(kind: .some(nil)))\"\(HTML(raw: query.kind == nil ? " aria-current=\"page\"" : ""))>\(t("tabs.all"))\(count(counts?.total, pending: !pending.isEmpty && query.kind == nil))</a>"
        let kinds = mediaTabs(catalog).map { tab -> HTML in
            let here = HTML(raw: shown == tab.media ? " aria-current=\"page\"" : "")
            return
                "<a href=\"\(local: query.link(kind: .some(tab.media)))\" data-kind=\"\(tab.media)\"\(here)>\(t.tabName(media: tab.media, entries: tab.entries))\(count(counts?.byMedia[tab.media], pending: pendingMedia.contains(tab.media), failed: counts?.failed.contains(tab.media) == true))</a>"
        }
        return "<nav class=\"tabs\" aria-label=\"\(t("tabs.label"))\">\(all)\(kinds)</nav>"
    }

    /// The kinds of media of the enabled sources, in the config's order, each with its sources.
    static func mediaTabs(_ catalog: ProviderCatalog) -> [(media: String, entries: [ProviderCatalog.Entry])] {
        var tabs: [(media: String, entries: [ProviderCatalog.Entry])] = []
        for entry in catalog.enabled {
            if let index = tabs.firstIndex(where: { $0.media == entry.media }) {
                tabs[index].entries.append(entry)
            } else {
                tabs.append((entry.media, [entry]))
            }
        }
        return tabs
    }

    /// The kind of media whose tab a query is on: its `kind`, or the media of the provider it
    /// names; `nil` on the All tab and for a source's name (`kind=deezer`), which is no tab's.
    static func current(_ query: WebQuery, catalog: ProviderCatalog) -> String? {
        guard let kind = query.kind else { return nil }
        if let provider = catalog.providers.first(where: { $0.kind == kind }) { return provider.media }
        return catalog.providers.contains { $0.media == kind } ? kind : nil
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

    /// One tile: artwork, kind badge, title, creator and the provider's facts; a censored name
    /// can be revealed in place. A tile of a kind some provider renders opens its detail here;
    /// any other (a podcast's episode) opens its own page outside, or nothing when it has none.
    /// A censored tile's detail link says so (`?explicit=off`), so the detail censors the same names.
    static func tile(
        _ tile: Tile, uncensored: MediaItem?, kinds: Set<String>, censored: Bool = false, starred: Bool? = nil,
        media: String? = nil
    ) -> HTML {
        let facts = also(tile.item?.otherSources ?? []) + tile.facts.map(fact)
        let artwork: HTML =
            tile.artworkUrl.map { url in
                "<img class=\"art\" src=\"\(url: Formatting.artwork(url, size: 200))\" alt=\"\" loading=\"lazy\" width=\"200\" height=\"200\">"
            } ?? placeholder(media: media ?? tile.kind, title: tile.title)
        var reveal: HTML = ""
        if let uncensored, uncensored.title != tile.title || uncensored.creator != tile.subtitle {
            reveal =
                "<details class=\"reveal\"><summary>\(Texts.current("tile.reveal"))</summary><span>\(uncensored.title)</span> <span>\(uncensored.creator)</span></details>"
        }
        let audio: HTML =
            tile.previewUrl.map { url in
                "<audio class=\"episode\" controls preload=\"none\" src=\"\(url: url)\"></audio>"
            } ?? ""
        // The kind of media, one name whatever the source (#60): a Deezer song is a Song.
        let badge = kindLabel(media ?? tile.kind)
        // Only a result this server can open can be kept (its record is looked up by kind and id).
        let starButton: HTML =
            starred.map {
                kinds.contains(tile.kind) ? star(kind: tile.kind, id: tile.id, title: tile.title, pressed: $0) : ""
            }
            ?? ""
        let open: HTML
        let close: HTML
        if kinds.contains(tile.kind) {
            let path =
                "/item/\(QueryString.encode(tile.kind))/\(QueryString.encode(tile.id))"
                + (censored ? "?explicit=off" : "")
            (open, close) = ("<a class=\"open\" href=\"\(local: path)\">", "</a>")
        } else if let url = tile.url {
            (open, close) = (
                "<a class=\"open outside\" href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer external\">",
                "</a>"
            )
        } else {
            (open, close) = ("<div class=\"open\">", "</div>")
        }
        return """
            <li class="tile" data-kind="\(tile.kind)" data-id="\(tile.id)" data-icon="\(kindIcon(media ?? tile.kind))">\(open)\
            \(artwork)<span class="badge">\(badge)</span>\
            <span class="title">\(tile.title)</span><span class="creator">\(tile.subtitle)</span>\
            <ul class="facts">\(facts)</ul>\(close)\(reveal)\(audio)\(starButton)</li>
            """
    }

    /// One row of a list that plays: title (opening its detail when some provider renders it, else
    /// its own page), creator, facts, and a player as wide as the row.
    /// - Parameter live: whether it plays a station's live stream: a stream that fails says so.
    static func track(_ tile: Tile, kinds: Set<String>, star: HTML = "", live: Bool = false) -> HTML {
        let facts = tile.facts.map(fact)
        let title: HTML
        if kinds.contains(tile.kind) {
            let path = "/item/\(QueryString.encode(tile.kind))/\(QueryString.encode(tile.id))"
            title = "<a class=\"open\" href=\"\(local: path)\">\(tile.title)</a>"
        } else if let url = tile.url {
            title =
                "<a class=\"open outside\" href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer external\">\(tile.title)</a>"
        } else {
            title = "<span>\(tile.title)</span>"
        }
        let audio: HTML =
            preview(of: tile).map { url in
                "<audio class=\"episode\" controls preload=\"none\" src=\"\(url: url)\"\(unplayable(live: live))></audio>"
            } ?? ""
        // An episode says what it is about: the start of its description, as plain text.
        let about: HTML =
            tile.item?.description.map(HTMLText.plain).map { text -> HTML in
                let short =
                    text.count > 240 ? String(text.prefix(240)).trimmingCharacters(in: .whitespaces) + "…" : text
                return "<p class=\"about\">\(short)</p>"
            } ?? ""
        return """
            <li class="track" data-kind="\(tile.kind)" data-id="\(tile.id)"><div class="what">\
            <span class="title">\(title)</span><span class="creator">\(tile.subtitle)</span>\
            <ul class="facts">\(facts)</ul>\(about)</div>\(audio)\(star)</li>
            """
    }

    /// A section's title: a label in the page's words (`Tracks`), or a name (the item's title, the
    /// source's name), marked as not for translating.
    static func heading(_ section: DetailSection, first: Bool) -> HTML {
        // Words with arguments, written in the page's words (`Other albums by {name}`).
        if !first, let phrase = section.phrase { return "<h2>\(phrase.text(Texts.current.facts))</h2>" }
        // The header's title is the item's own.
        guard !first, let words = Texts.current.label.known(section.title) else {
            return "<h2 translate=\"no\">\(section.title)</h2>"
        }
        return "<h2>\(words)</h2>"
    }

    /// One of a tile's facts in the page's words (#72): a typed value written from the catalog's
    /// keys (`320 эпизодов`, `1 ч 48 мин`); a source's own words (an album's name, a genre)
    /// marked as not for translating.
    static func fact(_ fact: Fact) -> HTML {
        let text = fact.text(Texts.current.facts) ?? ""
        switch fact.kind {
        case .text, .list, .id: return "<li translate=\"no\">\(text)</li>"
        default: return "<li>\(text)</li>"
        }
    }

    /// The sources a result merged, as its first fact (`also on Deezer`), marked for a page that
    /// fills in (StreamedSearch) to bring it up to date; nothing for a result of one source.
    static func also(_ offers: [SourceOffer]) -> [HTML] {
        guard !offers.isEmpty else { return [] }
        let names = offers.map(\.source).joined(separator: ", ")
        return ["<li data-also>\(Texts.current("tile.alsoOn", ["names": names]))</li>"]
    }

    /// What a tile plays: its own preview, else its item's (a track listed in an album's detail).
    static func preview(of tile: Tile) -> String? {
        tile.previewUrl ?? tile.item?.previewURL.flatMap(SafeURL.http)
    }

    /// A player's own words for when it cannot play: a station's live stream says "stream" (#60
    /// item 6); a preview takes the page's.
    static func unplayable(live: Bool) -> HTML {
        live ? " data-unplayable=\"\(Texts.current("script.unplayableStream"))\"" : ""
    }

    /// What stands where a tile has no artwork, or where its artwork fails to load (the script
    /// swaps a failing image for the same): the kind's icon and the title.
    static func placeholder(media: String, title: String) -> HTML {
        "<span class=\"art none\" aria-hidden=\"true\"><span class=\"icon\">\(kindIcon(media))</span><span class=\"name\">\(title)</span></span>"
    }

    /// A glyph per kind of media, for placeholders: the same for every source's songs (#60). The
    /// page gives it in `data-icon`, for the script's placeholder of artwork that fails to load.
    static func kindIcon(_ media: String) -> String {
        [
            "song": "♪", "album": "◉", "movie": "▶", "music-video": "▶", "audiobook": "❡", "podcast": "◎", "book": "▤",
            "tv-show": "▭", "radio-station": "◍",
        ][media] ?? "■"
    }

    static func kindLabel(_ kind: String) -> String {
        Texts.current.ifKnown("kind." + kind) ?? kind.prefix(1).uppercased()
            + kind.dropFirst().replacingOccurrences(of: "-", with: " ")
    }

    // MARK: detail

    /// The detail screen of one item.
    /// - Parameter albumKind: the kind that shows this item's album (the album kind of its
    ///   source), when the item is a song: its album's name then links to the album's detail.
    /// - Parameter catalog: the server's kinds: the search box names them, and a listed item's
    ///   placeholder takes its kind of media's glyph.
    static func detail(
        _ page: DetailPage, kinds: Set<String>, configuration: Configuration, albumKind: String? = nil,
        starred: Bool? = nil, catalog: ProviderCatalog? = nil
    ) -> HTML {
        let item = page.item
        let artwork: HTML =
            item.artworkURL.flatMap(SafeURL.http).map { url in
                "<img class=\"artwork\" src=\"\(url: Formatting.artwork(url, size: 600))\" alt=\"\" width=\"600\" height=\"600\">"
            }
            ?? "<span class=\"artwork none\" aria-hidden=\"true\"><span class=\"icon\">\(kindIcon(page.media ?? page.kind))</span><span class=\"name\">\(item.title ?? Texts.current.label("Untitled"))</span></span>"
        var player: HTML = ""
        if let preview = item.previewURL.flatMap(SafeURL.http) {
            let video = ["movie", "music-video"].contains(page.media ?? page.kind) || preview.hasSuffix(".m4v")
            // A station's stream that fails says so in its own words, not a preview's (#60 item 6).
            let live: HTML =
                page.isLive ? " aria-label=\"\(Texts.current.label("Listen live"))\"\(unplayable(live: true))" : ""
            player =
                video
                ? "<video class=\"preview\" controls preload=\"none\" src=\"\(url: preview)\"></video>"
                : "<audio class=\"preview\" controls preload=\"none\" src=\"\(url: preview)\"\(live)></audio>"
        }
        // The header section (the item's own facts) sits beside the artwork; the rest below.
        let header = page.detail.sections.first.map { section($0, first: true, kinds: kinds, catalog: catalog) } ?? ""
        // A merged work's stores are links and players here, not the terminal's rows.
        // A list's parts (a show's seasons) fold, the last one open (#60).
        let below = Array(page.detail.sections.dropFirst().filter { $0 != page.storesSection })
        let lastPart = below.lastIndex(where: \.folded)
        let sections =
            below.enumerated().map { index, part in
                section(part, first: false, kinds: kinds, open: part.folded ? index == lastPart : nil, catalog: catalog)
            } + [stores(page.offers)]
        let notices = page.detail.notices.map { notice -> HTML in "<li class=\"notice\">\(notice)</li>" }
        let noticeList: HTML = notices.isEmpty ? "" : "<ul class=\"messages\">\(notices)</ul>"
        return Self.page(
            title: "\(item.title ?? Texts.current.label("Untitled")) – MediaSearch",
            body: """
                \(form(nil, configuration: configuration, catalog: catalog))
                <main class="detail" data-kind="\(page.kind)" data-id="\(item.id)" data-icon="\(kindIcon(page.media ?? page.kind))">
                <div class="hero">\(artwork)<div class="heading"><span class="badge">\(kindLabel(page.media ?? page.kind))</span>\
                <h1>\(item.title ?? Texts.current.label("Untitled"))</h1>\(starred.map { star(kind: page.kind, id: item.id, title: item.title ?? item.id, pressed: $0) } ?? "")\(creatorLine(item, albumKind: albumKind))\(reveal(page))\(player)\(header)</div></div>
                \(noticeList)
                \(sections)
                </main>
                """, bodyClass: "screen-detail")
    }

    /// The stores of a merged work: each source's page as a link, with its price, and a player
    /// per preview.
    static func stores(_ offers: [SourceOffer]) -> HTML {
        guard !offers.isEmpty else { return "" }
        let t = Texts.current
        let rows = offers.map { offer -> HTML in
            let name: HTML =
                offer.url.flatMap(SafeURL.http).map { url in
                    "<a href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer external\">\(offer.source)</a>"
                } ?? "<span>\(offer.source)</span>"
            let price: HTML =
                Fact.money("Price", offer.price, currency: offer.currency)?.text(t.facts).map {
                    "<span class=\"price\">\($0)</span>"
                } ?? ""
            // What the source adds (an ISRC, a label): typed values in the page's words.
            let facts: HTML =
                offer.facts.isEmpty
                ? "" : "<span class=\"facts\">\(offer.factTexts(t.facts).joined(separator: " · "))</span>"
            let label = t("stores.preview", ["source": offer.source])
            let player: HTML =
                offer.previewURL.flatMap(SafeURL.http).map { url in
                    "<audio class=\"episode\" controls preload=\"none\" src=\"\(url: url)\" aria-label=\"\(label)\"></audio>"
                } ?? ""
            return
                "<li class=\"track offer\" data-source=\"\(offer.source)\"><div class=\"what\"><span class=\"title\">\(name)</span>\(price)\(facts)</div>\(player)</li>"
        }
        return """
            <section class="section stores" data-title="Stores">
            <h2>\(t.label("Stores"))</h2>
            <ol class="tracks">\(rows)</ol>
            </section>
            """
    }

    /// With names censored, a Reveal for each name that the source censors, shown in place on request.
    static func reveal(_ page: DetailPage) -> HTML {
        guard let original = page.uncensored else { return "" }
        let names = [
            ("title", page.item.title, original.title), ("collection", page.item.collection, original.collection),
        ]
        .compactMap { label, shown, real -> HTML? in
            guard let real, real != shown else { return nil }
            return
                "<details class=\"reveal\"><summary>\(Texts.current("detail.reveal." + label))</summary><span>\(real)</span></details>"
        }
        return names.isEmpty ? "" : "<div class=\"reveals\">\(names)</div>"
    }

    /// The creator, a link to a search for them, and for a song its album, a link to the album's
    /// detail: the names lead on inside the app.
    static func creatorLine(_ item: MediaItem, albumKind: String?) -> HTML {
        guard let creator = item.creator, !creator.isEmpty else { return "" }
        let search = "/" + QueryString.make([("q", creator)])
        var album: HTML = ""
        if let albumKind, let collection = item.collection, let id = item.collectionID {
            let path = "/item/\(QueryString.encode(albumKind))/\(QueryString.encode(id))"
            album = " · <a class=\"album\" href=\"\(local: path)\">\(collection)</a>"
        }
        return "<p class=\"creator\"><a class=\"artist\" href=\"\(local: search)\">\(creator)</a>\(album)</p>"
    }

    /// One section: its rows, its links (opening outside) and its items as tiles; folded under
    /// its heading when `open` is given (`true`: unfolded at first), with its count of items.
    static func section(
        _ section: DetailSection, first: Bool, kinds: Set<String>, open: Bool? = nil, catalog: ProviderCatalog? = nil
    ) -> HTML {
        let label = Texts.current.label
        // The header's Kind row repeats the badge above it on this page.
        let rows = section.rows.filter { !first || $0.label != "Kind" }.map { row -> HTML in
            if let values = row.values {
                // A source's tags or genres: its own words, one entry each.
                let entries = values.map { value -> HTML in "<li>\(value)</li>" }
                return "<dt>\(label(row.label))</dt><dd><ul class=\"tags\" translate=\"no\">\(entries)</ul></dd>"
            }
            return row.value.contains("\n") || row.value.count > 120
                ? "<dt>\(label(row.label))</dt><dd class=\"long\">\(block: row.value)</dd>"
                : "<dt>\(label(row.label))</dt><dd\(HTML(raw: row.fact.kind == .text ? " translate=\"no\"" : ""))>\(row.value(Texts.current.facts))</dd>"
        }
        let links = section.links.map { link -> HTML in
            "<li><a href=\"\(url: link.url)\" target=\"_blank\" rel=\"noopener noreferrer external\">\(label(link.label))</a></li>"
        }
        // Items that play (an album's tracks, a podcast's episodes) are rows with a full-width
        // player, and so are items with no picture (a show's episodes): a row says all they
        // have; others (other works, a cast) are tiles.
        let playable =
            !section.items.isEmpty
            && section.items.allSatisfy { preview(of: $0) != nil || $0.artworkUrl == nil }
        let items = section.items.map {
            playable
                ? track(
                    $0, kinds: kinds, live: catalog?.media(of: $0.kind).map(SearchSession.liveMedia.contains) ?? false)
                : tile($0, uncensored: nil, kinds: kinds, media: catalog?.media(of: $0.kind))
        }
        let rowList: HTML = rows.isEmpty ? "" : "<dl>\(rows)</dl>"
        let linkList: HTML = links.isEmpty ? "" : "<ul class=\"links\">\(links)</ul>"
        let itemList: HTML =
            items.isEmpty
            ? "" : playable ? "<ol class=\"tracks\">\(items)</ol>" : "<ol class=\"tiles small\">\(items)</ol>"
        // Tracks that play one after another (an album, a book's sections, episodes): the script
        // shows the button, which needs it.
        let playAll: HTML =
            playable && section.items.filter({ preview(of: $0) != nil }).count > 1
            ? "<p class=\"play-all\" hidden><button type=\"button\">\(Texts.current("player.playAll"))</button><span class=\"now\" role=\"status\"></span></p>"
            : ""
        if let open {
            return """
                <section class="section part" data-title="\(section.title)"><details\(HTML(raw: open ? " open" : ""))>\
                <summary>\(heading(section, first: false)) <span class="count">\(Formatting.grouped(section.items.count))</span></summary>
                \(rowList)\(linkList)\(playAll)\(itemList)
                </details></section>
                """
        }
        return """
            <section class="section\(HTML(raw: first ? " header" : ""))" data-title="\(section.title)">
            \(heading(section, first: first))
            \(rowList)\(linkList)\(playAll)\(itemList)
            </section>
            """
    }

    // MARK: errors

    /// A page for a request that could not be answered.
    /// A detail a link from another site opened: nothing looked up yet, one link to open it here.
    /// Its badge names the kind of media (a Deezer song is a Song, #60).
    static func confirmDetail(
        media: String, link: String, configuration: Configuration, catalog: ProviderCatalog? = nil
    ) -> HTML {
        let t = Texts.current
        return page(
            title: "\(t("detail.confirm.title")) – MediaSearch",
            body: """
                \(form(nil, configuration: configuration, catalog: catalog))
                <main class="confirm-detail"><span class="badge">\(kindLabel(media))</span><h1>\(t("detail.confirm.title"))</h1>\
                <p role="status" class="confirm">\(t("detail.confirm"))</p><p><a class="open-detail" href="\(local: link)">\(t("detail.confirm.open"))</a></p></main>
                """, bodyClass: "screen-confirm")
    }

    static func error(status: Int, message: String, configuration: Configuration) -> HTML {
        page(
            title: "\(status) – MediaSearch",
            body: """
                \(form(nil, configuration: configuration))
                <main class="failure"><h1>\(Texts.current(status == 404 ? "error.404" : status == 400 ? "error.400" : "error.other"))</h1>\
                <p class="error">\(message)</p><p><a href="/">\(Texts.current("error.back"))</a></p></main>
                """, bodyClass: "screen-error")
    }
}
