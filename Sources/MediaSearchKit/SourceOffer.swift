/// Where one work can be had at one source: the store's page, its price and its preview. A
/// result that several sources return lists one offer per source (``MediaItem/otherSources``).
public struct SourceOffer: Sendable, Codable, Hashable {
    /// The source's name for people, e.g. `Deezer`.
    public var source: String
    /// The provider that returned it (what `show --kind` takes) and its id there.
    public var kind: String
    public var id: String
    /// The work's page at the source.
    public var url: String?
    public var price: Double?
    public var currency: String?
    /// A playable preview at the source.
    public var previewURL: String?
    /// What the source adds about the work, typed (`ISRC GBAHS1400099`, `Label Asylum Records`):
    /// a merged source's facts that the result's own source lacks. A fact with no label (the
    /// source's album, its year) says its value alone.
    public var facts: [Fact] = []

    /// Creates an offer.
    public init(
        source: String, kind: String, id: String, url: String? = nil, price: Double? = nil, currency: String? = nil,
        previewURL: String? = nil, facts: [Fact] = []
    ) {
        self.facts = facts
        self.source = source
        self.kind = kind
        self.id = id
        self.url = url
        self.price = price
        self.currency = currency
        self.previewURL = previewURL
    }

    /// The offer of an item at the source of the provider that made it.
    public init(_ item: MediaItem, source: String, kind: String) {
        self.init(
            source: source, kind: kind, id: item.id, url: item.url, price: item.price, currency: item.currency,
            previewURL: item.previewURL)
    }

    enum CodingKeys: String, CodingKey { case source, kind, id, url, price, currency, previewUrl, previewURL, facts }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Kept before facts were typed: as the texts they were.
        let facts =
            try (try? c.decodeIfPresent([Fact].self, forKey: .facts))
            ?? (c.decodeIfPresent([String].self, forKey: .facts) ?? []).map { Fact("", value: $0) }
        let preview = try c.decodeIfPresent(String.self, forKey: .previewURL)
        self.init(
            source: try c.decode(String.self, forKey: .source), kind: try c.decode(String.self, forKey: .kind),
            id: try c.decode(String.self, forKey: .id), url: try c.decodeIfPresent(String.self, forKey: .url),
            price: try c.decodeIfPresent(Double.self, forKey: .price),
            currency: try c.decodeIfPresent(String.self, forKey: .currency),
            previewURL: try preview ?? c.decodeIfPresent(String.self, forKey: .previewUrl), facts: facts)
    }

    /// The offer as a store keeps it: its facts in their own form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(source, forKey: .source)
        try c.encode(kind, forKey: .kind)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(url, forKey: .url)
        try c.encodeIfPresent(price, forKey: .price)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(previewURL, forKey: .previewURL)
        if !facts.isEmpty { try c.encode(facts, forKey: .facts) }
    }

    /// Its facts as a reader of `words`' language reads them: `ISRC GBAHS1400099`, an album's
    /// name alone.
    public func factTexts(_ words: FactWords = .english) -> [String] {
        facts.compactMap { fact in
            fact.text(words).map { fact.label.isEmpty ? $0 : fact.label + " " + $0 }
        }
    }

    /// The offer as JSON documents give it: every key present (`null` when missing), links only
    /// when http(s), text as the terminal shows it, its price and facts typed.
    public var json: JSONValue {
        .object([
            "source": .string(TextSanitizer.line(source)),
            "kind": .string(kind),
            "id": .string(TextSanitizer.line(id)),
            "url": JSONValue(url.flatMap(SafeURL.http)),
            "price": JSONValue(price),
            "currency": JSONValue(currency.map(TextSanitizer.line)),
            "previewUrl": JSONValue(previewURL.flatMap(SafeURL.http)),
            "facts": .array(facts.compactMap(\.json)),
        ])
    }
}
