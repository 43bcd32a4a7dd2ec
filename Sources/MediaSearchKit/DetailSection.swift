/// One titled section of a detail view.
public struct DetailSection: Sendable, Codable, Hashable {
    /// A label and its value.
    public struct Row: Sendable, Codable, Hashable {
        public var label: String
        public var value: String
        /// The value as a list of its own (a station's tags, a show's genres), when it is one:
        /// the web shows it as a list; `value` is the same words joined with ", ".
        public var values: [String]?
        /// The typed fact the row says (#60), for a face that writes it in its reader's
        /// language; `value` is its English text. Not written to JSON.
        public var fact: Fact?
        /// Creates a row.
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }

        /// A row of a typed fact, `nil` when its value is not of its type.
        public init?(_ fact: Fact) {
            guard let text = fact.text() else { return nil }
            // A list's every entry, as a genre's (a tile says only its first).
            if fact.kind == .list {
                self.init(fact.label, list: fact.value)
            } else if fact.kind == .count, let count = Int(fact.value.trimmingCharacters(in: .whitespaces)) {
                // Its label names the unit: `Sections  25`, not `Sections  25 sections`.
                self.init(fact.label, Formatting.grouped(count))
                self.fact = fact
            } else {
                self.init(fact.label, text)
                self.fact = fact
            }
        }

        /// A row whose value is a list: `text` cut at its commas (`classical,jazz` and
        /// `Drama, Crime` alike), each entry trimmed, empty and repeated entries left out, at most
        /// ``ListText/maximum`` kept. One entry is a plain row.
        public init(_ label: String, list text: String) {
            let entries = ListText.entries(text)
            self.label = label
            self.value = entries.isEmpty ? text : entries.joined(separator: ", ")
            self.values = entries.count > 1 ? entries : nil
        }

        /// Written as the terminal shows it: the label one line, the value with its paragraphs.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(TextSanitizer.line(label), forKey: .label)
            try c.encode(TextSanitizer.block(value), forKey: .value)
            try c.encodeIfPresent(values?.map(TextSanitizer.line), forKey: .values)
        }
    }

    /// A labelled link; only http(s) links are kept.
    public struct Link: Sendable, Codable, Hashable {
        public var label: String
        public var url: String
        /// Creates a link.
        public init(_ label: String, _ url: String) {
            self.label = label
            self.url = url
        }

        /// The label written as the terminal shows it.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(TextSanitizer.line(label), forKey: .label)
            try c.encode(url, forKey: .url)
        }
    }

    public var title: String
    public var rows: [Row]
    public var links: [Link]
    public var items: [Tile]
    /// Whether it is one part of a longer list (a season of a show's episodes): a face may fold
    /// such parts, the last one open. Not written to JSON (each part is a section there).
    public var folded: Bool = false

    /// Creates a section; rows and links whose value is missing are left out (S15).
    public init(_ title: String, rows: [(String, String?)] = [], links: [(String, String?)] = [], items: [Tile] = []) {
        self.title = title
        self.rows = rows.compactMap { label, value in
            guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return Row(label, value)
        }
        self.links = links.compactMap { label, url in
            guard let url = url.flatMap(SafeURL.http) else { return nil }
            return Link(label, url)
        }
        self.items = items
    }

    /// The section with a row of each typed fact that has a value of its type (#60: a face
    /// writes it in its reader's language), after its other rows.
    public func adding(_ facts: Fact?...) -> DetailSection {
        var copy = self
        copy.rows += facts.compactMap { $0.flatMap(Row.init) }
        return copy
    }

    /// Whether the section has nothing to show.
    public var isEmpty: Bool { rows.isEmpty && links.isEmpty && items.isEmpty }

    enum CodingKeys: String, CodingKey { case title, rows, links, items }

    /// Items made from a media item are written as full result objects (typed facts included),
    /// like the results of a search; others as their tile.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(TextSanitizer.line(title), forKey: .title)
        try c.encode(rows, forKey: .rows)
        try c.encode(links, forKey: .links)
        var list = c.nestedUnkeyedContainer(forKey: .items)
        for tile in items {
            if let item = tile.item {
                try list.encode(ResultRecord(tile: tile, item: item))
            } else {
                try list.encode(tile)
            }
        }
    }
}
