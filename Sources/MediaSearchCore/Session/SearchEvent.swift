import MediaSearchKit

/// What a search says as it runs (``SearchSession/stream(_:order:offline:uncensored:patience:)``): each
/// source's results as it answers, then the whole page once every record is kept.
public enum SearchEvent: Sendable {
    /// Some sources answered or failed: the results they added and the results shown before
    /// that they joined.
    case arrived(SearchArrival)
    /// Every source has answered or failed and every record is kept: the page as it stands.
    case finished(SearchPage)
}

/// One step of a search: the sources that answered (or failed) together, what they add to the
/// results shown so far, and who is still pending.
public struct SearchArrival: Sendable {
    /// The status of each source of this step.
    public var statuses: [ProviderStatus]
    /// New results, in display order; the first is result number ``firstNumber`` (from 1).
    public var added: [ResultEntry]
    public var firstNumber: Int
    /// Results shown before that a source of this step has too (the same work, ``SameWork``):
    /// each with its number and the result as it now stands, every source in it. A result is never
    /// added twice.
    public var joined: [JoinedResult]
    /// The kinds still asked, in plan order.
    public var pending: [String]
    /// Whether these results are the offline library's, asked because every source failed.
    public var fromLibrary = false
    /// Every result shown so far, as it now stands (merged, numbered from 1), so that a face
    /// keeps no fold of its own (#72 item 6).
    public var results: [ResultEntry] = []
    /// The status of every source that has answered so far, these included.
    public var answered: [ProviderStatus] = []
}

/// A result shown before that another source joined (``SearchArrival/joined``).
public struct JoinedResult: Sendable {
    /// Its number, as it was shown.
    public var number: Int
    /// The kind and id it was shown with.
    public var kind: String
    public var id: String
    /// The result as it now stands.
    public var entry: ResultEntry
}

/// A search under way: the request as it runs, the plan, and its events.
public struct SearchStream: Sendable {
    public var request: SearchRequest
    public var plan: [PlannedSearch]
    /// Ends with ``SearchEvent/finished(_:)``, or throws `cancelled`; a consumer that stops
    /// reading (its task cancelled) ends it without either, and the search is cancelled.
    public var events: AsyncThrowingStream<SearchEvent, any Error>
    /// The search's own task: done once the page is kept, or once a cancelled search has kept
    /// what it showed.
    let task: Task<Void, Never>

    /// Waits until the search has ended: a face whose reading was cancelled calls it before it
    /// exits, so that the results it showed are kept (for `show --result N`, and in the library).
    public func ended() async { await task.value }
}

extension JoinedResult {
    /// The line that says a result written before has another source now (`--format jsonl`, and
    /// the JSON API's `format=jsonl`): the kind, id and number it was written with, under
    /// `update`, and every source it now has.
    public var json: JSONValue {
        .object([
            "update": .object([
                "result": .number(Double(number)), "kind": .string(kind), "id": .string(TextSanitizer.line(id)),
            ]),
            "sources": .array(ResultRecord(entry).sources.map(\.json)),
        ])
    }
}

/// The results shown so far, in the order shown. Each arrival's records are folded into them:
/// the results shown are the hosts (``SameWork``), so a later source's record of a work shown
/// joins that result, which keeps its number and its record; the arrival's other results follow,
/// ranked among themselves.
struct ShownResults {
    private(set) var entries: [ResultEntry] = []

    private static func key(_ entry: ResultEntry) -> String { entry.kind + "\u{0}" + entry.item.id }

    /// Takes in a batch of answers: the results it adds (interleaved by rank and weight) and
    /// the results shown that it joined.
    mutating func update(
        with batch: [SearchEngine.ProviderAnswer], providers: [String: any MediaProvider],
        weight: (String) -> Double
    ) -> (added: [ResultEntry], joined: [JoinedResult]) {
        // The results shown first, by kind in the order first shown, then the batch in plan order.
        var groups: [(kind: String, entries: [ResultEntry])] = []
        for entry in entries {
            if let group = groups.firstIndex(where: { $0.kind == entry.kind }) {
                groups[group].entries.append(entry)
            } else {
                groups.append((entry.kind, [entry]))
            }
        }
        let shownGroups = groups.count
        groups += batch.sorted { $0.index < $1.index }.map { ($0.status.kind, $0.entries) }
        let merged = SearchOutcome(perProvider: groups, statuses: []).mergingSameWorks(providers)
        // A result shown stays where it is, brought up to date; one that the merge folded into
        // another result shown (the two were told apart before) stays as it was shown.
        var now: [String: ResultEntry] = [:]
        for group in merged.perProvider.prefix(shownGroups) {
            for entry in group.entries { now[Self.key(entry)] = entry }
        }
        var joined: [JoinedResult] = []
        for slot in entries.indices {
            guard let entry = now[Self.key(entries[slot])] else { continue }
            if entry.item.otherSources.count > entries[slot].item.otherSources.count {
                joined.append(
                    JoinedResult(number: slot + 1, kind: entries[slot].kind, id: entries[slot].item.id, entry: entry))
            }
            entries[slot] = entry
        }
        let fresh = merged.perProvider.dropFirst(shownGroups).filter { !$0.entries.isEmpty }
        let added = ResultOrdering.interleave(Array(fresh), weight: weight)
        entries += added
        return (added, joined)
    }
}

extension SearchPage {
    /// The page of a search still under way, as far as it has come: the results shown so far and
    /// the statuses of the sources that answered (a face that shows the page before its end).
    public static func partial(
        of search: SearchStream, statuses: [ProviderStatus], results: [ResultEntry], order: ResultOrder
    ) -> SearchPage {
        SearchPage(
            request: search.request, plan: search.plan, outcome: SearchOutcome(perProvider: [], statuses: statuses),
            results: results, order: order, repeatsPrevious: false, notices: [], saved: true)
    }
}
