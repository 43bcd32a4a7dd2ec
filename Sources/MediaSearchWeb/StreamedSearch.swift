import Foundation
import Hummingbird
import MediaSearchCore
import MediaSearchKit
import NIOCore

/// The search screen as its sources answer (#59): the page is written as soon as the first
/// sources have answered, with a placeholder for each source still asked, and the list of
/// results stays open; each late source's tiles (or its error line, with Try again) are written
/// into the same response as it answers, followed by the tabs as they now stand and a marker.
/// `/assets/stream.js`, loaded inside the list, moves each late source's tiles to where the
/// placeholders are, updates the tabs and says what arrived in a polite status line. Without
/// scripts the late tiles follow the placeholders, which the style sheet hides once the page
/// is complete. The complete page, as the answer cache keeps it, is the whole search at once.
enum StreamedSearch {
    /// One placeholder per kind still asked, each naming its source.
    static func placeholders(_ pending: [String], catalog: ProviderCatalog) -> HTML {
        let t = Texts.current
        let items = pending.map { kind -> HTML in
            let name = catalog.providers.first { $0.kind == kind }?.sourceName ?? kind
            return
                "<li class=\"pending\" data-kind=\"\(kind)\"><span class=\"pending-bar\" aria-hidden=\"true\"></span>\(t("results.pending", ["source": name]))</li>"
        }
        return "\(items)<script src=\"/assets/stream.js\"></script>"
    }

    /// What an arrival adds to the open list: its new tiles, an error line for each source that
    /// failed, a note for each result shown before that it joined, the tabs as they now stand
    /// and the marker that tells the script how many items it brought.
    static func chunk(
        _ arrival: SearchArrival, query: WebQuery, catalog: ProviderCatalog, counts: TabCounts
    ) -> HTML {
        let t = Texts.current
        let kinds = Set(catalog.providers.map(\.kind))
        var items: [HTML] = arrival.added.map { entry in
            Screens.tile(
                entry.tile, uncensored: entry.censored ? entry.item : nil, kinds: kinds, censored: entry.censored,
                starred: false, media: catalog.media(of: entry.kind))
        }
        for status in arrival.statuses {
            guard let error = status.error else { continue }
            items.append(
                "<li class=\"failed-source\" data-kind=\"\(status.kind)\"><p>\(Screens.failureLine(kinds: [status.kind], error: error, catalog: catalog))</p><a class=\"button\" href=\"\(local: query.link())\">\(t("results.retry"))</a></li>"
            )
        }
        let joined = arrival.joined.compactMap { joined -> HTML? in
            guard let also = Screens.also(joined.entry.item.otherSources).first else { return nil }
            return "<template class=\"joined\" data-number=\"\(joined.number)\">\(also)</template>"
        }
        let names = arrival.statuses.map { status -> String in
            let name = catalog.providers.first { $0.kind == status.kind }?.sourceName ?? status.kind
            return status.error == nil
                ? t("results.arrived", ["source": name, "count": String(status.count)])
                : t("results.arrivedFailed", ["source": name])
        }
        let tabs = Screens.tabs(query, catalog: catalog, counts: counts, pending: arrival.pending)
        return """
            \(items)\(joined)<template class="tabs-now">\(tabs)</template>\
            <li hidden class="arrived" data-items="\(items.count)" data-kinds="\(arrival.statuses.map(\.kind).joined(separator: " "))" \
            data-say="\(names.joined(separator: "; "))"></li>
            """
    }

    /// What a streamed search noticed on its way, said below its results (the page's top was
    /// written before): the notices of its page.
    static func notices(_ page: SearchPage) -> HTML {
        guard !page.notices.isEmpty else { return "" }
        let items = page.notices.map { notice -> HTML in "<li class=\"notice\">\(notice)</li>" }
        return "<ul class=\"messages\">\(items)</ul>"
    }

    /// The end of the open list: every source has answered.
    static let end: HTML = "<li hidden class=\"stream-end\"></li></ol>"

    /// The counts of the tabs while a search fills in: each kind of media's results shown so far
    /// (a work two sources have counts once, where it is shown); a kind whose every source that
    /// answered failed has no number.
    static func counts(_ statuses: [ProviderStatus], shown: [ResultEntry], catalog: ProviderCatalog) -> TabCounts {
        let media = Dictionary(catalog.providers.map { ($0.kind, $0.media) }, uniquingKeysWith: { first, _ in first })
        var counts: [String: Int] = [:]
        for status in statuses where status.error == nil { counts[media[status.kind] ?? status.kind] = 0 }
        for entry in shown { counts[media[entry.kind] ?? entry.kind, default: 0] += 1 }
        return TabCounts(total: shown.count, byMedia: counts, failed: TabCounts.failed(statuses, media: media))
    }
}
