import MediaSearchKit

/// A detail view as every front end receives it.
public struct DetailPage: Sendable {
    /// The kind of the provider that rendered it (or the record's own kind for the generic view).
    public var kind: String
    /// The item, censored when names are shown censored.
    public var item: MediaItem
    public var detail: Detail

    /// The JSON document of `show --format json`.
    public var document: DetailDocument {
        DetailDocument(kind: kind, id: item.id, title: item.title ?? "Untitled", detail: detail)
    }
}
