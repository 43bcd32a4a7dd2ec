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
    /// Ends with ``SearchEvent/finished(_:)``, or throws `cancelled`.
    public var events: AsyncThrowingStream<SearchEvent, any Error>
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

/// The results shown so far in the order shown, and which result each source's record went to.
/// The merged view of a search is rebuilt from every answer so far (``SameWork`` in plan order);
/// a result already shown keeps its number, and a record of it that arrives later joins it.
struct ShownResults {
    private(set) var entries: [ResultEntry] = []
    /// The result number (index) of each record shown, by kind and id.
    private var slots: [String: Int] = [:]
    private var sourceCounts: [Int] = []
    /// The kind and id each result was first shown with.
    private var origins: [(kind: String, id: String)] = []

    private static func key(_ kind: String, _ id: String) -> String { kind + "\u{0}" + id }

    private static func members(_ entry: ResultEntry) -> [String] {
        [key(entry.kind, entry.item.id)] + entry.item.otherSources.map { key($0.kind, $0.id) }
    }

    /// Takes in the merged view of every answer so far: the results it has that none shown
    /// holds are added (interleaved by rank and weight among themselves), those shown are
    /// brought up to date, and those that gained a source are said.
    mutating func update(
        with outcome: SearchOutcome, weight: (String) -> Double
    ) -> (added: [ResultEntry], joined: [JoinedResult]) {
        var fresh: [(kind: String, entries: [ResultEntry])] = []
        var joined: [JoinedResult] = []
        for group in outcome.perProvider {
            var new: [ResultEntry] = []
            for entry in group.entries {
                let members = Self.members(entry)
                guard let slot = members.compactMap({ slots[$0] }).min() else {
                    new.append(entry)
                    continue
                }
                entries[slot] = entry
                for member in members where slots[member] == nil { slots[member] = slot }
                if members.count > sourceCounts[slot] {
                    sourceCounts[slot] = members.count
                    let origin = origins[slot]
                    joined.append(JoinedResult(number: slot + 1, kind: origin.kind, id: origin.id, entry: entry))
                }
            }
            if !new.isEmpty { fresh.append((group.kind, new)) }
        }
        let added = ResultOrdering.interleave(fresh, weight: weight)
        for entry in added {
            let members = Self.members(entry)
            for member in members { slots[member] = entries.count }
            entries.append(entry)
            sourceCounts.append(members.count)
            origins.append((entry.kind, entry.item.id))
        }
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
