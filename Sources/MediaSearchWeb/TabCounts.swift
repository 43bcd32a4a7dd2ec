import Foundation
import MediaSearchCore

/// The numbers on the tabs: results per kind of media on a page, and all of them. A kind's tab
/// searches that kind only, so it shows the numbers of the same search on the All tab, made a
/// moment before, where this server still has them ("All 14" stays 14 on the Movies tab); a
/// number it does not have is left out, never guessed.
package struct TabCounts: Sendable {
    package var total: Int?
    package var byMedia: [String: Int]
    /// The kinds of media whose every source that answered failed: their tabs say so (#60).
    var failed: Set<String> = []

    /// The counts of one page: per kind of media, the results shown as its own by the sources
    /// that answered (a work merged from two stores counts once); a kind whose every source
    /// failed has no number.
    init(page: SearchPage, catalog: ProviderCatalog) {
        let media = Dictionary(catalog.providers.map { ($0.kind, $0.media) }, uniquingKeysWith: { first, _ in first })
        var counts: [String: Int] = [:]
        for status in page.outcome.statuses where status.error == nil {
            counts[media[status.kind] ?? status.kind, default: 0] += status.count
        }
        byMedia = counts
        total = counts.isEmpty ? nil : page.results.count
        failed = Self.failed(page.outcome.statuses, media: media)
        // Answered from the library because its sources failed: a kind it found nothing of failed.
        if let offline = page.offline, offline.fallback {
            for kind in offline.reasons.flatMap(\.kinds) {
                let name = media[kind] ?? kind
                if byMedia[name] ?? 0 == 0 {
                    byMedia[name] = nil
                    failed.insert(name)
                }
            }
            if byMedia.isEmpty { total = nil }
        }
    }

    package init(total: Int?, byMedia: [String: Int], failed: Set<String> = []) {
        self.total = total
        self.byMedia = byMedia
        self.failed = failed
    }

    /// The kinds of media of the failed sources among `statuses` that no source answered.
    static func failed(_ statuses: [ProviderStatus], media: [String: String]) -> Set<String> {
        let answered = Set(statuses.filter { $0.error == nil }.map { media[$0.kind] ?? $0.kind })
        return Set(statuses.filter { $0.error != nil }.map { media[$0.kind] ?? $0.kind }).subtracting(answered)
    }

    /// A kind's tab: its own number from its page, the others' from the All tab's search when known.
    func onTab(_ media: String, from all: TabCounts?) -> TabCounts {
        var counts = all?.byMedia ?? [:]
        counts[media] = byMedia[media]
        var failed = (all?.failed ?? []).subtracting([media])
        if self.failed.contains(media) { failed.insert(media) }
        return TabCounts(total: all?.total, byMedia: counts, failed: failed)
    }
}

/// The tab counts of recent searches on the All tab, by query (without its kind and page), for
/// the kinds' tabs of the same search; bounded, and forgotten after `lifetime` (ten minutes), by
/// the clock it is given (a test's, in `WebRouteTests`).
package actor TabCountMemory {
    private var entries: [String: (counts: TabCounts, expires: ContinuousClock.Instant)] = [:]
    private var order: [String] = []
    let capacity: Int
    let lifetime: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    package init(
        capacity: Int = 256, lifetime: Duration = .seconds(600),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.capacity = capacity
        self.lifetime = lifetime
        self.now = now
    }

    package func get(_ key: String) -> TabCounts? {
        guard let entry = entries[key], entry.expires > now() else { return nil }
        return entry.counts
    }

    package func put(_ key: String, _ counts: TabCounts) {
        if entries.updateValue((counts, now() + lifetime), forKey: key) == nil { order.append(key) }
        while order.count > capacity { entries.removeValue(forKey: order.removeFirst()) }
    }
}
