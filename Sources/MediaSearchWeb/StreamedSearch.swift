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
    /// A placeholder for a kind still asked, naming its source.
    struct Placeholder: TemplateModel {
        var kind, words: String
    }

    /// One placeholder per kind still asked, each naming its source.
    static func placeholders(_ pending: [String], catalog: ProviderCatalog) -> [Placeholder] {
        pending.map { kind in
            let name = catalog.providers.first { $0.kind == kind }?.sourceName ?? kind
            return Placeholder(
                kind: Templates.text(kind), words: Texts.current("results.pending", ["source": Templates.text(name)]))
        }
    }

    /// What an arrival adds to the open list: its new tiles, an error line for each source that
    /// failed, a note for each result shown before that it joined, the tabs as they now stand
    /// and the marker that tells the script how many items it brought; drawn by
    /// `Templates/web/chunk.mustache`.
    static func chunk(
        _ arrival: SearchArrival, query: WebQuery, catalog: ProviderCatalog, counts: TabCounts
    ) -> HTML {
        let t = Texts.current
        let kinds = Set(catalog.providers.map(\.kind))
        let tiles = arrival.added.map { entry in
            Screens.tileModel(
                entry.tile, uncensored: entry.censored ? entry.item : nil, kinds: kinds, censored: entry.censored,
                starred: false, media: catalog.media(of: entry.kind))
        }
        let failed = arrival.statuses.compactMap { status -> Chunk.Failed? in
            guard let error = status.error else { return nil }
            let line = Screens.failureLine(kinds: [status.kind], error: error, catalog: catalog)
            return .init(kind: Templates.text(status.kind), label: line.label, message: line.message)
        }
        let joined = arrival.joined.compactMap { joined -> Chunk.Joined? in
            Screens.also(joined.entry.item.otherSources).map { .init(number: joined.number, also: $0) }
        }
        let names = arrival.statuses.map { status -> String in
            let name = catalog.providers.first { $0.kind == status.kind }?.sourceName ?? status.kind
            return status.error == nil
                ? t("results.arrived", ["source": name, "count": String(status.count)])
                : t("results.arrivedFailed", ["source": name])
        }
        return Templates.render(
            "chunk",
            Chunk(
                tiles: tiles, failed: failed, retry: Templates.local(query.link()), retryWords: t("results.retry"),
                joined: joined,
                tabBar: Screens.tabsModel(query, catalog: catalog, counts: counts, pending: arrival.pending),
                items: tiles.count + failed.count,
                kinds: Templates.text(arrival.statuses.map(\.kind).joined(separator: " ")),
                say: Templates.text(names.joined(separator: "; "))))
    }

    /// What an arrival adds (`Templates/web/chunk.mustache`).
    struct Chunk: TemplateModel {
        struct Failed: TemplateModel {
            var kind, label, message: String
        }

        /// A result shown before that another source's answer joined.
        struct Joined: TemplateModel {
            var number: Int
            var also: String
        }

        var tiles: [TileModel]
        var failed: [Failed]
        var retry, retryWords: String
        var joined: [Joined]
        var tabBar: TabsScreen
        /// How many items it brought.
        var items: Int
        var kinds, say: String
    }

    /// The end of the open list, every source having answered, and what the search noticed on
    /// its way, said below its results (the page's top was written before): the notices of its
    /// page, when it has one (`Templates/web/stream-end.mustache`).
    static func end(_ page: SearchPage?) -> HTML {
        Templates.render("stream-end", ["notices": (page?.notices ?? []).map(Templates.text)])
    }

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
