/// Produces the detail view of an item: its sections, from the item and any lookups it runs.
public protocol DetailRenderer: Sendable {
    /// The sections of the detail view, in order. Failed lookups drop only their section and add
    /// a notice to the result.
    func detail(for item: MediaItem, context: ProviderContext) async -> Detail
}
