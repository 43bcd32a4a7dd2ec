import MediaSearchKit

/// One page of a search as every front end receives it: the results in display order (the Nth is
/// result N), every provider's status, and what the session noticed on the way.
public struct SearchPage: Sendable {
    /// The request as run: its limit clamped, its page set.
    public var request: SearchRequest
    public var plan: [PlannedSearch]
    public var outcome: SearchOutcome
    /// The results in display order.
    public var results: [ResultEntry]
    public var order: ResultOrder
    /// Whether this page shows the same items as the page before it (the API ignored `offset`).
    public var repeatsPrevious: Bool
    /// One line each: a clamped limit, a history that could not be saved...
    public var notices: [String]
    /// Whether the history and the results (for `--result N`) were saved. A response cache that
    /// could not be used is only a notice.
    public var saved: Bool
    /// Set when the offline library answered instead of the providers' sources.
    public var offline: OfflineAnswer? = nil
    /// Set when no provider's source could be reached at all (no network).
    public var unreachable: Unreachable? = nil

    /// Whether some kind filled its page, so a next page may exist.
    public var hasMore: Bool {
        !repeatsPrevious
            && plan.contains { planned in
                outcome.statuses.first { $0.kind == planned.provider.kind }.map { $0.received >= planned.query.limit }
                    ?? false
            }
    }

    /// The JSON document of this page, what every face gives programs.
    public func document() -> SearchDocument { SearchDocument(self) }
}

/// What writing the history or the last results of a page had to say: its notices, and whether
/// it was saved.
struct Remembered: Sendable {
    var notices: [String] = []
    var saved = true
}

extension SearchPage {
    /// Adds what a write of the history or the last results said.
    mutating func apply(_ remembered: Remembered) {
        notices += remembered.notices
        saved = saved && remembered.saved
    }
}

extension [PlannedSearch] {
    /// Each planned provider's kind of media (`deezer-song`: `song`), which the faces' badges
    /// name: one name for each kind of media, whatever the source (#60).
    public var mediaKinds: [String: String] {
        Dictionary(map { ($0.provider.kind, $0.provider.mediaKind) }, uniquingKeysWith: { first, _ in first })
    }
}

extension SearchPage {
    /// Each provider's kind of media on this page.
    public var mediaKinds: [String: String] { plan.mediaKinds }
}
