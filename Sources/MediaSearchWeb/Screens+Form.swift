import Foundation
import MediaSearchCore
import MediaSearchKit

/// The search form every page starts with: the box, the kind and the options, a source's filters.
extension Screens {
    /// The search form, with the query's current choices; drawn by `Templates/web/form.mustache`.
    static func form(_ query: WebQuery?, configuration: Configuration, catalog: ProviderCatalog? = nil) -> HTML {
        Templates.render("form", formModel(query, configuration: configuration, catalog: catalog))
    }

    /// What the search form shows.
    static func formModel(_ query: WebQuery?, configuration: Configuration, catalog: ProviderCatalog? = nil)
        -> FormScreen
    {
        let t = Texts.current
        let limit = query?.limit ?? configuration.limit
        let explicit = query?.explicit ?? configuration.explicit
        // A choice of source only where there is one to make.
        let sources = catalog?.enabledSources ?? []
        let lang = query?.lang ?? configuration.lang
        // The box names what this server searches (#60): its enabled kinds of media.
        let kinds = t.searched(catalog, capitalized: true)
        return FormScreen(
            term: Templates.text(query?.term),
            placeholder: Templates.text(kinds.isEmpty ? t("form.search") : t("form.placeholder", ["kinds": kinds])),
            searchWords: t("form.search"), submit: t("form.submit"), kind: query?.kind.map(Templates.text),
            options: t("form.options"),
            source: sources.count < 2
                ? nil
                : .init(
                    label: t("form.source"), all: t("form.source.all"),
                    choices: sources.map { entry in
                        .init(
                            value: Templates.text(entry.id), selected: query?.source == entry.id,
                            words: Templates.text(entry.name))
                    }),
            country: Templates.text(query?.country ?? configuration.country), countryWords: t("form.country"),
            countryHint: t("form.country.hint"), langWords: t("form.lang"),
            langs: ([nil] + LanguageCode.supported).map { code in
                .init(value: code ?? "default", selected: code == lang, words: t("form.lang." + (code ?? "default")))
            },
            limitWords: t("form.limit"),
            limits: Set([10, 30, 50, limit]).sorted().map { value in
                .init(
                    value: String(value), selected: value == limit, words: t("form.limit.option", ["n": String(value)]))
            },
            sortWords: t("form.sort"),
            sorts: ResultSort.allCases.map { sort in
                .init(
                    value: sort.rawValue, selected: (query?.sort ?? .relevance) == sort,
                    words: t("sort." + sort.rawValue))
            },
            reverse: query?.reverse == true, reverseWords: t("form.reverse"), explicitWords: t("form.explicit"),
            explicit: [
                .init(value: "on", selected: explicit, words: t("form.explicit.on")),
                .init(value: "off", selected: !explicit, words: t("form.explicit.off")),
            ], filters: filterFields(query, catalog: catalog))
    }

    /// The filters of the kind on screen, as fields of the form (a filter narrows the search to
    /// the kinds that have it, so they are offered on a kind's tab).
    static func filterFields(_ query: WebQuery?, catalog: ProviderCatalog?) -> FormScreen.Filters? {
        guard let query, let kind = query.kind, let filters = catalog?.filters(forTab: kind), !filters.isEmpty
        else { return nil }
        let t = Texts.current
        let fields = filters.map { filter in
            let value = query.filters[filter.name]
            // The filter's name and help in the page's words where the catalog has them.
            // A field with a fixed set of values is a choice among them, with "any" first.
            let choices = filter.choices.map { choices in
                FormScreen.Filters.Field.Choices(
                    options: ([""] + choices).map { choice in
                        .init(
                            value: Templates.text(choice),
                            selected: choice.caseInsensitiveCompare(value ?? "") == .orderedSame,
                            words: Templates.text(choice.isEmpty ? t("filters.any") : choice))
                    })
            }
            return FormScreen.Filters.Field(
                name: Templates.text(t.ifKnown("filter." + filter.name) ?? filter.name),
                field: Templates.text(filter.name), value: Templates.text(value),
                hint: Templates.text(filter.type == "text" ? t("filters.text") : filter.type),
                help: Templates.text(t.label(filter.help)), choices: choices)
        }
        return .init(open: !query.filters.isEmpty, summary: t("filters.summary"), fields: fields)
    }

    /// The filters in force, each a chip that removes it.
    static func activeFilters(_ query: WebQuery) -> [SearchScreen.Chip] {
        query.filters.keys.sorted().map { name in
            let shown = Texts.current.ifKnown("filter." + name) ?? name
            return .init(
                href: Templates.local(query.link(removing: name)),
                label: Texts.current("filters.remove", ["name": Templates.text(shown)]), name: Templates.text(shown),
                value: Templates.text(query.filters[name]))
        }
    }
}

/// What the search form shows (`Templates/web/form.mustache`).
struct FormScreen: TemplateModel {
    /// One choice of a select (`Templates/web/option.mustache`).
    struct Option: TemplateModel {
        var value: String
        var selected: Bool
        var words: String
    }

    struct Source: TemplateModel {
        var label, all: String
        var choices: [Option]
    }

    /// The filters of the kind on screen.
    struct Filters: TemplateModel {
        struct Field: TemplateModel {
            /// A field with a fixed set of values.
            struct Choices: TemplateModel {
                var options: [Option]
            }

            var name, field, value, hint, help: String
            var choices: Choices?
        }

        var open: Bool
        var summary: String
        var fields: [Field]
    }

    var term, placeholder, searchWords, submit: String
    var kind: String?
    var options: String
    var source: Source?
    var country, countryWords, countryHint, langWords: String
    var langs: [Option]
    var limitWords: String
    var limits: [Option]
    var sortWords: String
    var sorts: [Option]
    var reverse: Bool
    var reverseWords, explicitWords: String
    var explicit: [Option]
    var filters: Filters?
}
