import Foundation
import MediaSearchCore
import MediaSearchKit

/// The tabs of a search: one per kind of media, with each one's count.
extension Screens {
    /// "All" and one tab per kind of media the enabled sources give (Songs holds every source's
    /// songs; which sources answer is the Source choice of the form), each with its number of
    /// results when known; drawn by `Templates/web/tabs.mustache`.
    static func tabsModel(
        _ query: WebQuery, catalog: ProviderCatalog, counts: TabCounts? = nil, pending: [String] = []
    ) -> TabsScreen {
        let media = Dictionary(catalog.providers.map { ($0.kind, $0.media) }, uniquingKeysWith: { first, _ in first })
        let pendingMedia = Set(pending.compactMap { media[$0] })
        let t = Texts.current
        let shown = current(query, catalog: catalog)
        // A kind of media with a source still asked is pending, never 0 (#59); one whose every
        // source failed says so, never 0 (#60).
        let all = TabsScreen.Tab(
            href: Templates.local(query.link(kind: .some(nil))), kind: nil, quiet: false, current: query.kind == nil,
            name: t("tabs.all"), pending: !pending.isEmpty && query.kind == nil, failed: false,
            count: counts?.total.map(Formatting.grouped))
        let kinds = mediaTabs(catalog).map { tab in
            let isPending = pendingMedia.contains(tab.media)
            let failed = counts?.failed.contains(tab.media) == true
            // A kind whose sources all answered with nothing (not the one on screen) is quiet.
            let quiet = shown != tab.media && counts?.byMedia[tab.media] == 0 && !isPending && !failed
            return TabsScreen.Tab(
                href: Templates.local(query.link(kind: .some(tab.media))), kind: Templates.text(tab.media),
                quiet: quiet, current: shown == tab.media,
                name: Templates.text(t.tabName(media: tab.media, entries: tab.entries)), pending: isPending,
                failed: failed, count: counts?.byMedia[tab.media].map(Formatting.grouped))
        }
        return TabsScreen(
            label: t("tabs.label"), pendingWords: t("tabs.pending"), failedWords: t("tabs.failed"), tabs: [all] + kinds)
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
}

/// What a search's tabs show (`Templates/web/tabs.mustache`).
struct TabsScreen: TemplateModel {
    struct Tab: TemplateModel {
        var href: String
        /// The kind of media; `nil` for All.
        var kind: String?
        var quiet: Bool
        var current: Bool
        var name: String
        var pending: Bool
        var failed: Bool
        var count: String?
    }

    var label: String
    var pendingWords: String
    var failedWords: String
    var tabs: [Tab]
}
