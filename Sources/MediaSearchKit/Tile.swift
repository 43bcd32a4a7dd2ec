/// The short card shown for one result (S12).
public struct Tile: Sendable, Encodable, Hashable {
    /// The provider kind, e.g. `song`.
    public var kind: String
    /// The item id, used by `show`.
    public var id: String
    public var title: String
    /// Artist, director, author or publisher.
    public var subtitle: String?
    /// Two to four facts for the kind, missing ones left out (S15), typed (#72): each face
    /// writes them in its reader's words.
    public var facts: [Fact]
    public var artworkUrl: String?
    /// The store page.
    public var url: String?
    /// A playable preview (an episode's audio), shown with the item inside a detail view.
    public var previewUrl: String?
    /// The item the tile shows, when it was made from one: inside a detail view, JSON then
    /// carries the item's typed facts too. Not part of the tile's own encoding.
    public var item: MediaItem?

    /// The facts in English, as the terminal and JSON's `summary` write them.
    public var summary: [String] { facts.compactMap { $0.text() } }

    /// Creates a tile. Facts that are missing or not of their type, repeated facts, a standard id
    /// (for details only) and a fact that is its title or its subtitle again (a single's album,
    /// named as the single) are dropped: a value is said once. Only http(s) links are kept.
    public init(
        kind: String, id: String, title: String, subtitle: String?, facts: [Fact?], artworkUrl: String?,
        url: String?
    ) {
        self.kind = kind
        self.id = id
        self.title = title
        self.subtitle = subtitle.flatMap { $0.isEmpty ? nil : $0 }
        var seen = Set([title.lowercased()] + (self.subtitle.map { [$0.lowercased()] } ?? []))
        self.facts = facts.compactMap { fact in
            guard let fact, fact.isForTiles, let text = fact.text(), seen.insert(text.lowercased()).inserted else {
                return nil
            }
            return fact
        }
        self.artworkUrl = artworkUrl.flatMap(SafeURL.http)
        self.url = url.flatMap(SafeURL.http)
    }

    enum CodingKeys: String, CodingKey { case kind, id, title, subtitle, summary, facts, artworkUrl, url, previewUrl }

    /// Writes missing values as `null`, so every tile in a JSON document has the same keys. Text
    /// is written as the terminal shows it, through ``TextSanitizer``: `jq -r` output is as safe
    /// to print as ours.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(TextSanitizer.line(id), forKey: .id)
        try c.encode(TextSanitizer.line(title), forKey: .title)
        try c.encode(subtitle.map(TextSanitizer.line), forKey: .subtitle)
        try c.encode(summary.map(TextSanitizer.line), forKey: .summary)
        try c.encode(JSONValue.array(facts.compactMap(\.json)), forKey: .facts)
        try c.encode(artworkUrl, forKey: .artworkUrl)
        try c.encode(url, forKey: .url)
        try c.encode(previewUrl, forKey: .previewUrl)
    }

    /// A tile for an item: its title (or "Untitled"), creator, artwork and link, with the given facts.
    public init(item: MediaItem, kind: String, subtitle: String? = nil, facts: [Fact?]) {
        self.init(
            kind: kind, id: item.id, title: item.title ?? "Untitled", subtitle: subtitle ?? item.creator,
            facts: facts, artworkUrl: item.artworkURL, url: item.url)
        self.item = item
    }

    /// The tile with its item's names as the source censored them (S13): the title, and a fact
    /// that is the item's collection, where they were the item's own.
    public func censored() -> Tile {
        guard let item else { return self }
        let clean = item.censored()
        var copy = self
        copy.item = clean
        if title == item.title, let censored = clean.title { copy.title = censored }
        if let collection = item.collection, let censored = clean.collection, censored != collection {
            copy.facts = facts.map { fact in
                var fact = fact
                if fact.kind == .text && fact.value == collection { fact.value = censored }
                return fact
            }
            if subtitle == collection { copy.subtitle = censored }
        }
        return copy
    }
}
