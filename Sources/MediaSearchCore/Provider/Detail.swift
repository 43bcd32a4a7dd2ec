/// The detail view of one item.
public struct Detail: Sendable, Codable, Hashable {
    /// Sections in display order; empty sections are left out by the renderer.
    public var sections: [DetailSection]
    /// One line per lookup that failed, e.g. `author: iTunes answered HTTP 500`.
    public var notices: [String]

    /// Creates a detail; sections with nothing in them are dropped (S15).
    public init(sections: [DetailSection], notices: [String] = []) {
        self.sections = sections.filter { !$0.isEmpty }
        self.notices = notices
    }
}
