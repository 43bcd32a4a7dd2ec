import MediaSearchKit

/// A detail view as every front end receives it.
public struct DetailPage: Sendable {
    /// The kind of the provider that rendered it (or the record's own kind for the generic view).
    public var kind: String
    /// The kind of media it is (`song` for a `deezer-song`), which a face's badge names; `nil`
    /// when no provider rendered it.
    public var media: String? = nil
    /// Whether what it plays is a live stream (a radio station's), not a preview: the faces say
    /// "stream" where another item's say "preview" (#60 item 6).
    public var isLive: Bool { media.map(SearchSession.liveMedia.contains) ?? false }
    /// The item, censored when names are shown censored.
    public var item: MediaItem
    public var detail: Detail
    /// The item's names as the source gives them, when ``item`` shows them censored: a face may
    /// offer to reveal them one by one.
    public var uncensored: MediaItem? = nil
    /// Every source that has the work, when a search merged several into it (the item's own
    /// first), for a face that shows them its own way; ``storesSection`` is the same as a
    /// section of ``detail`` (the terminal's and the JSON document's form).
    public var offers: [SourceOffer] = []
    public var storesSection: DetailSection? = nil

    /// The JSON document of `show --format json`.
    public var document: DetailDocument {
        DetailDocument(kind: kind, id: item.id, title: item.title ?? "Untitled", detail: detail)
    }
}
