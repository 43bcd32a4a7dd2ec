/// One titled section of a detail view.
public struct DetailSection: Sendable, Encodable, Hashable {
    /// A label and its value: one typed fact (#72).
    public struct Row: Sendable, Encodable, Hashable {
        public var fact: Fact
        /// What the row is called (the fact's label).
        public var label: String { fact.label }

        /// A row of a fact; `nil` when its value is missing or not of its type.
        public init?(_ fact: Fact?) {
            guard let fact, fact.text() != nil else { return nil }
            self.fact = fact
        }

        /// The value in `words`' language. A count is its number alone, as its label names the
        /// unit (`Sections  25`, not `Sections  25 sections`); a list is its every entry (a tile
        /// says only its first).
        public func value(_ words: FactWords = .english) -> String {
            switch fact.kind {
            case .count: Int(fact.value.trimmingSpaces()).map(words.number) ?? ""
            // A place with no total (or a total it is past) is its number, as its label names
            // what it is (`Track  3`).
            case .position where (fact.unit.flatMap { Int($0) } ?? 0) < (Int(fact.value.trimmingSpaces()) ?? 0):
                Int(fact.value.trimmingSpaces()).map(words.number) ?? ""
            case .list:
                values?.joined(separator: ", ") ?? ListText.entries(fact.value).first ?? fact.value.trimmingSpaces()
            default: fact.text(words) ?? ""
            }
        }

        /// The value in English, as the terminal and JSON say it.
        public var value: String { value() }

        /// The value as a list of its own (a station's tags, a show's genres), when it is one:
        /// the entries of a list fact (`classical,jazz` and `Drama, Crime` alike), each trimmed,
        /// empty and repeated entries left out, at most ``ListText/maximum``; `nil` for one entry.
        public var values: [String]? {
            guard fact.kind == .list else { return nil }
            let entries = ListText.entries(fact.value)
            return entries.count > 1 ? entries : nil
        }

        enum CodingKeys: String, CodingKey { case label, value, values, fact }

        /// Written as the terminal shows it: the label one line, the value with its paragraphs,
        /// and the typed fact.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(TextSanitizer.line(label), forKey: .label)
            try c.encode(TextSanitizer.block(value), forKey: .value)
            try c.encodeIfPresent(values?.map(TextSanitizer.line), forKey: .values)
            try c.encodeIfPresent(fact.json, forKey: .fact)
        }
    }

    /// A labelled link; only http(s) links are kept.
    public struct Link: Sendable, Encodable, Hashable {
        public var label: String
        public var url: String
        /// Creates a link.
        public init(_ label: String, _ url: String) {
            self.label = label
            self.url = url
        }

        enum CodingKeys: String, CodingKey { case label, url }

        /// The label written as the terminal shows it.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(TextSanitizer.line(label), forKey: .label)
            try c.encode(url, forKey: .url)
        }
    }

    /// The title in English; a name (the item's title, a source's) unless ``phrase`` says words.
    public var title: String
    /// The title as words with arguments (`Other albums by {name}`), for a face that writes
    /// them in its reader's language; `nil` when the title is a name or a label.
    public var phrase: Phrase?
    public var rows: [Row]
    public var links: [Link]
    public var items: [Tile]
    /// Whether it is one part of a longer list (a season of a show's episodes): a face may fold
    /// such parts, the last one open. Not written to JSON (each part is a section there).
    public var folded: Bool = false

    /// Creates a section; rows and links whose value is missing are left out (S15).
    public init(_ title: String, rows: [Fact?] = [], links: [(String, String?)] = [], items: [Tile] = []) {
        self.title = title
        self.rows = rows.compactMap(Row.init)
        self.links = links.compactMap { label, url in
            guard let url = url.flatMap(SafeURL.http) else { return nil }
            return Link(label, url)
        }
        self.items = items
    }

    /// A section titled with words: `phrase` in English is its ``title``.
    public init(_ phrase: Phrase, rows: [Fact?] = [], links: [(String, String?)] = [], items: [Tile] = []) {
        self.init(phrase.text(), rows: rows, links: links, items: items)
        self.phrase = phrase
    }

    /// The section with a row of each typed fact that has a value of its type (#60: a face
    /// writes it in its reader's language), after its other rows.
    public func adding(_ facts: Fact?...) -> DetailSection {
        var copy = self
        copy.rows += facts.compactMap(Row.init)
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
