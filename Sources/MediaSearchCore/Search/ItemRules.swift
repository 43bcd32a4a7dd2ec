import MediaSearchKit

/// What every item obeys, whatever its source, online or offline, on every face: the one stage
/// every item passes once, after its provider and before anything shows it.
///
/// - **Explicitness** (S7): with explicit content off, an item its source marks explicit is
///   left out, in a search (before the offset of a source that cannot page is skipped, so pages
///   stay whole) and among the items of a detail (other works, tracks). A provider may also ask
///   its source for clean results (iTunes' `explicit=No`); it never filters on its own.
/// - **Censored names** (S13): with explicit content off and not revealed, every title and
///   collection shows the name its source censored (``MediaItem/censored()``), in tiles, in a
///   detail's header and in its items; the record itself is kept as received.
/// - **The limit** (S4): a page holds at most the limit asked, however many records a source
///   sends; an out-of-range limit is clamped on every face, with a notice (``ResultLimit``).
/// - **Numbers and text**: numbers from outside are range-checked where items are made
///   (``MediaItem``, ``SourceNumber``) and text is sanitized where it is written
///   (``TextSanitizer``, the web page's HTML escaping), so neither is left to a provider.
public struct ItemRules: Sendable, Hashable {
    /// Whether explicit items are admitted.
    public var explicit: Bool
    /// Whether names show censored.
    public var censorNames: Bool

    public init(explicit: Bool, censorNames: Bool) {
        self.explicit = explicit
        self.censorNames = censorNames
    }

    /// Whether an item may be shown.
    public func admits(_ item: MediaItem) -> Bool { explicit || item.isExplicit != true }

    /// The items that may be shown, in their order.
    public func admitted(_ items: [MediaItem]) -> [MediaItem] { explicit ? items : items.filter(admits) }

    /// An item as it is shown.
    public func shown(_ item: MediaItem) -> MediaItem { censorNames ? item.censored() : item }

    /// A detail as it is shown: the items of its sections admitted and their names censored.
    public func shown(_ detail: Detail) -> Detail {
        var detail = detail
        for index in detail.sections.indices {
            detail.sections[index].items = detail.sections[index].items.compactMap { tile in
                guard let item = tile.item else { return tile }
                guard admits(item) else { return nil }
                return censorNames ? tile.censored() : tile
            }
        }
        return detail
    }
}
