import Foundation
import MediaSearchKit

/// What a search remembers (#72 item 6): every record it received, in the offline library, as
/// each source answers; the query, in the history; the page's results, for `show --result N`.
/// A ``SearchRun`` hands it what it receives; a problem is a notice, never a failed search.
struct ResultKeeper: Sendable {
    let library: (any LibraryStore)?
    let paths: StoragePaths
    let payloadTypes: PayloadTypes
    let savesLastResults: Bool
    let recordsHistory: Bool
    let history: HistoryStore

    /// Keeps every record of an online search in the library; a library problem is a notice.
    /// Answers the response cache gave again were kept when they first arrived: of those, only
    /// records the library lacks (it was cleared, or off, since) are stored.
    func keep(_ outcome: SearchOutcome) async -> [String] {
        guard let library else { return [] }
        let cached = Set(outcome.statuses.filter(\.fromCache).map(\.kind))
        var fresh: [(kind: String, item: MediaItem)] = []
        var again: [(kind: String, item: MediaItem)] = []
        for (kind, entries) in outcome.perProvider {
            for entry in entries {
                // A result merged with another source's differs from what its answer held: kept as shown.
                if cached.contains(kind) && entry.item.otherSources.isEmpty {
                    again.append((kind, entry.item))
                } else {
                    fresh.append((kind, entry.item))
                }
            }
        }
        for record in outcome.absorbed {
            if cached.contains(record.kind) { again.append(record) } else { fresh.append(record) }
        }
        do {
            try await library.store(fresh, seenAt: Date())
            try await library.storeMissing(again, seenAt: Date())
            return []
        } catch {
            return ["not kept in the offline library: \(error.description)"]
        }
    }

    /// Remembers a page: waits for each source's records to be written, then writes the merged
    /// results (`merged`), beside the history and the last results; the page with what those
    /// said, and the library's problems, each said once.
    func remember(
        _ page: SearchPage, writes: [Task<[String], Never>], merged: [(kind: String, item: MediaItem)]
    ) async -> (SearchPage, [String]) {
        async let kept = keepAll(writes, merged: merged)
        var page = page
        // Whether every result is in the offline library, so the last results need not repeat
        // their records (`show --result N` reads them from the library).
        let withRecords = library == nil
        // History and last results are written under file locks, off the cooperative pool, side by
        // side (each waits for its own flush to the disk), beside the library's writes. A face that
        // keeps neither, such as the JSON API, spares the trip to the blocking pool.
        if recordsHistory || savesLastResults {
            let shown = page
            // The history's lock is waited for without holding a thread of the blocking pool.
            async let history = recordHistory(of: shown)
            async let last = Self.offPool { [self] in saveLastResults(of: shown, withRecords: withRecords) }
            page.apply(await history)
            page.apply(await last)
        }
        // A search that has returned has kept every record, whatever happens to the process next.
        let problems = await kept
        if !problems.isEmpty, !withRecords, savesLastResults {
            // The library could not take the records: the last results carry them after all.
            let shown = page
            page.apply(await Self.offPool { [self] in saveLastResults(of: shown, withRecords: true) })
        }
        return (page, problems)
    }

    /// Waits for each source's records to be written, then writes the merged results; the
    /// problems, each said once.
    private func keepAll(_ writes: [Task<[String], Never>], merged: [(kind: String, item: MediaItem)]) async
        -> [String]
    {
        var problems: [String] = []
        for write in writes { problems += await write.value }
        if !merged.isEmpty, let library {
            do {
                try await library.store(merged, seenAt: Date())
            } catch {
                problems.append("not kept in the offline library: \(error.description)")
            }
        }
        var seen = Set<String>()
        return problems.filter { seen.insert($0).inserted }
    }

    /// What `write` (of the history or the last results) says, done on the blocking pool; nothing
    /// if the pool has stopped.
    private static func offPool(_ write: @escaping @Sendable () -> Remembered) async -> Remembered {
        (try? await BlockingWork.run { write() }) ?? Remembered()
    }

    /// Whether this page shows the same items as the page before it of the same query.
    func repeatsPrevious(_ results: [ResultEntry], request: SearchRequest) -> Bool {
        guard request.page > 1, !results.isEmpty,
            let last = LastSearch.load(from: paths.lastSearchFile, types: payloadTypes),
            last.queryKey == request.queryKey, last.page == request.page - 1
        else { return false }
        return Set(last.entries.map(\.id)) == Set(results.map(\.tile.id))
    }

    /// Records the query in the history when some provider (or the library, asked with
    /// `--offline`) answered; a fallback to the library is no search to suggest again. A storage
    /// problem is a notice, never a lost search; a history file that cannot be read is left untouched.
    private func recordHistory(of page: SearchPage) async -> Remembered {
        var remembered = Remembered()
        guard recordsHistory, !page.outcome.allFailed, page.offline?.fallback != true else { return remembered }
        do {
            if let warning = try await history.record(page.request.historyText) {
                remembered.notices.append(warning)
            }
        } catch is CancellationError {
            // The page was given up (its client went away): no one is told.
        } catch {
            remembered.notices.append("history not saved: \(MediaSearchError.wrap(error).description)")
            remembered.saved = false
        }
        return remembered
    }

    /// Keeps the page's results for `show --result N` (a fallback to the library's too); a
    /// problem is a notice on the page.
    /// - Parameter withRecords: whether the last results keep each result's record, for when
    ///   the offline library does not have them (it is off, or could not be written).
    func saveLastResults(of page: SearchPage, withRecords: Bool) -> Remembered {
        var remembered = Remembered()
        // A page with nothing on it keeps the last results: `show --result 3` still means the
        // third result the user last saw.
        guard savesLastResults, !page.outcome.allFailed, !page.results.isEmpty else { return remembered }
        do {
            try LastSearch(
                queryKey: page.request.queryKey, page: page.request.page, results: page.results,
                withRecords: withRecords
            ).save(to: paths.lastSearchFile)
        } catch {
            remembered.notices.append(
                "results not saved for show --result: \(MediaSearchError.wrap(error).description)")
            remembered.saved = false
        }
        return remembered
    }
}

extension SearchSession {
    /// What this session's searches remember, and where.
    var keeper: ResultKeeper {
        ResultKeeper(
            library: library, paths: paths, payloadTypes: payloadTypes, savesLastResults: savesLastResults,
            recordsHistory: recordsHistory, history: history())
    }
}
