import MediaSearchKit

/// The registered kinds, whether the config enables them, and their filters: what `providers
/// --format json` prints and the web API's `/api/providers` returns.
public struct ProviderCatalog: Encodable, Sendable {
    /// One kind.
    public struct Entry: Encodable, Sendable {
        public var kind: String
        public var name: String
        /// The kind of media its results are (`song`), and the source it asks (`deezer`, `Deezer`).
        public var media: String
        public var source: String
        public var sourceName: String
        public var enabled: Bool
        public var limit: Int
        public var filters: [Filter]
        /// The provider's own settings in `config.yaml`, with the values in force.
        public var settings: [Setting]
    }

    /// One setting a provider takes from `config.yaml` (`providers.<kind>.<name>`).
    public struct Setting: Encodable, Sendable {
        public var name: String
        public var type: String
        public var help: String
        /// The value in force: the config's, else the default; `nil` when neither.
        public var value: String?

        enum CodingKeys: String, CodingKey { case name, type, help, value }

        /// Writes `value` as `null` when there is none, so every setting has the same keys.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(type, forKey: .type)
            try c.encode(help, forKey: .help)
            try c.encode(value, forKey: .value)
        }
    }

    /// One filter of a kind, a `--name value` option of `search` (a query parameter on the web).
    public struct Filter: Encodable, Sendable {
        public var name: String
        public var type: String
        public var help: String
        public var attribute: String?
        /// The values a filter with a fixed set of them takes (a form offers them as a choice);
        /// `nil` for free text and numbers. Not in the JSON document, whose `type` names them.
        public var choices: [String]? = nil

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

    /// The filters a tab offers: a provider's own (`kind=tv`), or for a kind of media
    /// (`kind=tv-show`, `kind=song`) those of each enabled provider of it, each name once, the
    /// first provider's where two share a name. A filter narrows a search to the providers that
    /// have it.
    public func filters(forTab kind: String) -> [Filter] {
        let tab = providers.filter { $0.kind == kind || ($0.enabled && $0.media == kind) }
        var names: Set<String> = []
        return tab.flatMap(\.filters).filter { names.insert($0.name).inserted }
    }

    /// The catalog of `providers` under `configuration`, in registration order.
    public init(providers: [any MediaProvider], configuration: Configuration) {
        self.providers = providers.map { provider in
            Entry(
                kind: provider.kind, name: provider.displayName, media: provider.mediaKind, source: provider.source,
                sourceName: provider.sourceName,
                enabled: configuration.enables(provider, among: providers),
                limit: configuration.limit(for: provider),
                filters: provider.filters.map {
                    var filter = Filter(
                        name: $0.name, type: $0.valueType.label, help: $0.help, attribute: $0.attribute)
                    if case .choice(let values) = $0.valueType { filter.choices = values }
                    return filter
                },
                settings: provider.settings.map { spec in
                    Setting(
                        name: spec.name, type: spec.valueType.label, help: spec.help,
                        value: configuration.settings(for: provider)[spec.name])
                })
        }
    }

    /// The enabled kinds, in the config's order.
    public var enabled: [Entry] { providers.filter(\.enabled) }

    /// The sources of the enabled kinds, each once: id and name.
    public var enabledSources: [(id: String, name: String)] {
        var seen: Set<String> = []
        return enabled.filter { seen.insert($0.source).inserted }.map { ($0.source, $0.sourceName) }
    }

    /// The kinds of media the enabled kinds give, each once, in order: what a search looks for.
    public var enabledMedia: [String] {
        var seen: Set<String> = []
        return enabled.filter { seen.insert($0.media).inserted }.map(\.media)
    }

    /// A provider's kind of media (`song` for `deezer-song`), `nil` for a kind it does not list.
    public func media(of kind: String) -> String? {
        providers.first { $0.kind == kind }?.media
    }
}
