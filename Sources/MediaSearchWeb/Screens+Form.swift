import Foundation
import MediaSearchCore
import MediaSearchKit

/// The search form every page starts with: the box, the kind and the options, a source's filters.
extension Screens {
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
}
