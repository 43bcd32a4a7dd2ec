/// The detail view of one item.
public struct Detail: Sendable, Codable, Hashable {
    /// Sections in display order; empty sections are left out by the renderer.
    public var sections: [DetailSection]
    /// One line per lookup that failed, e.g. `author: iTunes answered HTTP 500`.
    public var notices: [String]

    /// Creates a detail; each distinct link is kept once (where it first appears), and sections
    /// left with nothing in them are dropped (S15).
    public init(sections: [DetailSection], notices: [String] = []) {
        var seen: Set<String> = []
        self.sections = sections.map { section in
            var section = section
            section.links = section.links.filter { seen.insert($0.url).inserted }
            return section
        }.filter { !$0.isEmpty }
        self.notices = notices
    }
}
