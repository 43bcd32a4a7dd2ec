import Foundation

/// A detail view for kinds no provider claims: the header only.
public struct GenericDetailRenderer: DetailRenderer {
    /// Creates the renderer.
    public init() {}

    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        Detail(sections: [StandardSections.header(for: item)])
    }
}
