import MediaSearchKit

/// How a page of results is ordered: interleaved by rank (the default), sorted, or grouped by kind.
public struct ResultOrder: Sendable, Hashable {
    public var sort: ResultSort
    public var reversed: Bool
    /// One run per kind, in plan order, instead of one interleaved list.
    public var grouped: Bool

    /// Creates an order; by default relevance, interleaved.
    public init(sort: ResultSort = .relevance, reversed: Bool = false, grouped: Bool = false) {
        self.sort = sort
        self.reversed = reversed
        self.grouped = grouped
    }

    /// The outcome's results in this order, with each kind's weight from the configuration.
    public func apply(to outcome: SearchOutcome, weight: (String) -> Double) -> [ResultEntry] {
        if grouped {
            return outcome.perProvider.flatMap { ResultOrdering.sort($0.entries, by: sort, reversed: reversed) }
        }
        return ResultOrdering.sort(
            ResultOrdering.interleave(outcome.perProvider, weight: weight), by: sort, reversed: reversed)
    }
}
