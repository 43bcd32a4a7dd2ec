import Foundation

/// The detail view of one item.
public struct Detail: Sendable, Encodable, Hashable {
    /// Sections in display order; empty sections are left out by the renderer.
    public var sections: [DetailSection]
    /// One line per lookup that failed, e.g. `author: iTunes answered HTTP 500`.
    public var notices: [String]

    /// Creates a detail; each distinct link is kept once (where it first appears), and sections
    /// left with nothing in them are dropped (S15). The item's own facts (the heading's section
    /// and the one after it, the source's) say each value once (#60): a source's `Artist Daft
    /// Punk` under the heading's `By Daft Punk`, its `Genres Dance` under `Genre Dance`, are left
    /// out. A value of digits alone, or of three characters or fewer (`12`, `no`), may be said
    /// again, as its label makes the fact; later sections (the author's, other works) are about
    /// someone else and keep theirs.
    public init(sections: [DetailSection], notices: [String] = []) {
        var seen: Set<String> = []
        var said: Set<String> = []
        func saidBefore(_ row: DetailSection.Row) -> Bool {
            let value = row.value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard value.count > 3, !value.allSatisfy(\.isNumber) else { return false }
            return !said.insert(value).inserted
        }
        self.sections = sections.enumerated().map { index, section in
            var section = section
            section.links = section.links.filter { seen.insert($0.url).inserted }
            if index < 2 { section.rows = section.rows.filter { !saidBefore($0) } }
            return section
        }.filter { !$0.isEmpty }
        self.notices = notices
    }
}
