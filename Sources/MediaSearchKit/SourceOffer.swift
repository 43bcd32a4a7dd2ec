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
    /// What the source adds about the work, each as people read it (`ISRC GBAHS1400099`,
    /// `Label Asylum Records`): a merged source's facts that the result's own source lacks.
    public var facts: [String] = []

    /// Creates an offer.
    public init(
        source: String, kind: String, id: String, url: String? = nil, price: Double? = nil, currency: String? = nil,
        previewURL: String? = nil, facts: [String] = []
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

    enum CodingKeys: String, CodingKey { case source, kind, id, url, price, currency, previewUrl, facts }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            source: try c.decode(String.self, forKey: .source), kind: try c.decode(String.self, forKey: .kind),
            id: try c.decode(String.self, forKey: .id), url: try c.decodeIfPresent(String.self, forKey: .url),
            price: try c.decodeIfPresent(Double.self, forKey: .price),
            currency: try c.decodeIfPresent(String.self, forKey: .currency),
            previewURL: try c.decodeIfPresent(String.self, forKey: .previewUrl),
            facts: try c.decodeIfPresent([String].self, forKey: .facts) ?? [])
    }

    /// Every key present (`null` when missing), links only when http(s), text as the terminal shows it.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The offer as a JSON value (its `Codable` form).
    public var json: JSONValue {
        .object([
            "source": .string(TextSanitizer.line(source)),
            "kind": .string(kind),
            "id": .string(TextSanitizer.line(id)),
            "url": JSONValue(url.flatMap(SafeURL.http)),
            "price": JSONValue(price),
            "currency": JSONValue(currency.map(TextSanitizer.line)),
            "previewUrl": JSONValue(previewURL.flatMap(SafeURL.http)),
            "facts": .array(facts.map { .string(TextSanitizer.line($0)) }),
        ])
    }
}
