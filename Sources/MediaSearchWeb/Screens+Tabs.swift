import Foundation
import MediaSearchCore
import MediaSearchKit

/// The tabs of a search: one per kind of media, with each one's count.
extension Screens {
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
            // A kind whose sources all answered with nothing (not the one on screen) is quiet.
            let none =
                shown != tab.media && counts?.byMedia[tab.media] == 0 && !pendingMedia.contains(tab.media)
                && counts?.failed.contains(tab.media) != true
            return
                "<a href=\"\(local: query.link(kind: .some(tab.media)))\" data-kind=\"\(tab.media)\"\(HTML(raw: none ? " class=\"none\"" : ""))\(here)>\(t.tabName(media: tab.media, entries: tab.entries))\(count(counts?.byMedia[tab.media], pending: pendingMedia.contains(tab.media), failed: counts?.failed.contains(tab.media) == true))</a>"
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
}
