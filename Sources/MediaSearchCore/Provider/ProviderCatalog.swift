import MediaSearchKit

/// The registered kinds, whether the config enables them, and their filters: what `providers
/// --format json` prints and the web API's `/api/providers` returns.
public struct ProviderCatalog: Encodable, Sendable {
    /// One kind.
    public struct Entry: Encodable, Sendable {
        public var kind: String
        public var name: String
        public var enabled: Bool
        public var limit: Int
        public var filters: [Filter]
    }

    /// One filter of a kind, a `--name value` option of `search` (a query parameter on the web).
    public struct Filter: Encodable, Sendable {
        public var name: String
        public var type: String
        public var help: String
        public var attribute: String?

        enum CodingKeys: String, CodingKey { case name, type, help, attribute }

        /// Writes `attribute` as `null` when there is none, so every filter has the same keys.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(type, forKey: .type)
            try c.encode(help, forKey: .help)
            try c.encode(attribute, forKey: .attribute)
        }
    }

    public var providers: [Entry]

    /// The catalog of `providers` under `configuration`, in registration order.
    public init(providers: [any MediaProvider], configuration: Configuration) {
        self.providers = providers.map { provider in
            Entry(
                kind: provider.kind, name: provider.displayName, enabled: configuration.kinds.contains(provider.kind),
                limit: configuration.limit(for: provider.kind),
                filters: provider.filters.map {
                    Filter(name: $0.name, type: $0.valueType.label, help: $0.help, attribute: $0.attribute)
                })
        }
    }

    /// The enabled kinds, in the config's order.
    public var enabled: [Entry] { providers.filter(\.enabled) }
}
