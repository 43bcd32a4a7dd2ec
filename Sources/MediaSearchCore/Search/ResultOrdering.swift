import Foundation
import MediaSearchKit

/// Merges and sorts results across kinds (S1, S9).
public enum ResultOrdering {
    /// Interleaves the providers' results by rank, weighted per kind: an entry's score is
    /// `(rank + 1) / weight`, lower first, ties in provider order. With equal weights this is a
    /// round robin, so the first screen shows the best of every kind.
    public static func interleave(
        _ perProvider: [(kind: String, entries: [ResultEntry])], weight: (String) -> Double
    ) -> [ResultEntry] {
        // Sorted by small keys, then the entries (large values) are picked once each.
        var scored: [(score: Double, provider: Int, rank: Int, position: Int)] = []
        scored.reserveCapacity(perProvider.reduce(0) { $0 + $1.entries.count })
        for (index, group) in perProvider.enumerated() {
            let w = max(weight(group.kind), 0.0001)
            for (position, entry) in group.entries.enumerated() {
                scored.append((Double(entry.rank + 1) / w, index, entry.rank, position))
            }
        }
        scored.sort { a, b in
            if a.score != b.score { return a.score < b.score }
            if a.provider != b.provider { return a.provider < b.provider }
            return a.rank < b.rank
        }
        return scored.map { perProvider[$0.provider].entries[$0.position] }
    }

    /// Sorts by a key; entries without the key go last in either direction, ties keep their order.
    public static func sort(_ entries: [ResultEntry], by sort: ResultSort, reversed: Bool) -> [ResultEntry] {
        guard sort != .relevance else { return reversed ? entries.reversed() : entries }
        // The keys and places are sorted, not the entries: an entry is large, and a sort moves
        // what it sorts many times over.
        let keyed = entries.indices.map { (offset: $0, key: key(sort, entries[$0])) }
        let present = keyed.filter { $0.key != nil }
        let absent = keyed.filter { $0.key == nil }
        let ordered = present.sorted { a, b in
            let order = a.key!.compare(b.key!)
            if order != .same { return reversed ? order == .after : order == .before }
            return a.offset < b.offset
        }
        return (ordered + absent).map { entries[$0.offset] }
    }

    private static func key(_ sort: ResultSort, _ entry: ResultEntry) -> SortKey? {
        switch sort {
        case .relevance: nil
        case .title: .text(entry.tile.title)
        case .artist: entry.tile.subtitle.map(SortKey.text)
        case .price: entry.item.price.map(SortKey.number)
        case .date: entry.item.releaseDateValue.map { .number($0.timeIntervalSince1970) }
        }
    }
}

private enum SortKey {
    case text(String)
    case number(Double)

    enum Order { case before, same, after }

    func compare(_ other: SortKey) -> Order {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return a < b ? .before : a > b ? .after : .same
        case (.text(let a), .text(let b)):
            switch a.compare(b, options: [.caseInsensitive, .diacriticInsensitive, .numeric]) {
            case .orderedAscending: return .before
            case .orderedDescending: return .after
            case .orderedSame: return .same
            }
        default:
            return .same
        }
    }
}
