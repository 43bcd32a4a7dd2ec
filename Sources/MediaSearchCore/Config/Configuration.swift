import Foundation
import MediaSearchKit

/// Settings from `config.yaml` (D3), with the documented defaults.
public struct Configuration: Sendable {
    /// Per-kind settings under `providers:`.
    public struct KindSettings: Sendable, Hashable {
        /// Results per request for this kind; `nil` uses the global limit.
        public var limit: Int?
        /// How strongly this kind's results rank when kinds are interleaved (default 1).
        public var weight: Double?
        /// The provider's own settings as written, by key, with their lines: checked against
        /// what the provider declares once the providers are known.
        public var values: [String: String] = [:]
        public var lines: [String: Int] = [:]

        /// Creates per-kind settings.
        public init(limit: Int? = nil, weight: Double? = nil) {
            self.limit = limit
            self.weight = weight
        }
    }

    /// The enabled kinds, in display order. By default iTunes's four kinds and the free sources
    /// that need no key and bear a search a person types: Deezer's songs, TVmaze, Open Library
    /// and Radio Browser (docs/sources.md, "On by default").
    public var kinds: [String] = Self.defaultKinds
    /// The kinds enabled when no file says (docs/sources.md, "On by default").
    public static let defaultKinds = [
        "song", "movie", "audiobook", "podcast", "deezer-song", "tv", "openlibrary", "radio",
    ]
    /// Results per kind and request, 1...200 (S4).
    public var limit: Int = 30
    public var providers: [String: KindSettings] = [:]
    /// The sources the file describes under `providers:` with a `type:` (``SourceType``), in the
    /// file's order: a described API (`type: json`), a program (`type: command`)...
    public var sources: [any ConfiguredSource] = []
    /// Whether explicit content is included (S7).
    public var explicit: Bool = true
    /// Storefront, ISO 3166-1 alpha-2, upper case (S6).
    public var country: String = "US"
    /// Language of results: `en_us` or `ja_jp`; `nil` leaves the API's default.
    public var lang: String? = nil
    /// Seconds one request may take, for a source no `providers.<source>.timeout` sets.
    public static let defaultTimeout: Double = 10
    /// How many distinct queries the history keeps (S10).
    public var historySize: Int = 5
    /// Seconds a cached response stays fresh.
    public var cacheTTL: Double = 3600
    /// The cache's size bound in bytes.
    public var cacheMaxBytes: Int = 50 * 1_048_576
    /// Whether responses are cached at all.
    public var cacheEnabled: Bool = true
    /// Whether every record seen is kept in the offline library.
    public var libraryEnabled: Bool = true
    /// The most records the library keeps.
    public var libraryMaxRecords: Int = 100_000
    /// The shared store (`store:`, `$MEDIASEARCH_STORE`, `--store`): the response cache, the
    /// request budgets and the library in PostgreSQL, shared by every instance that names it;
    /// `nil` keeps them in this machine's files.
    public var store: StoreURL? = nil
    /// The egress group of this instance (`egress_group:`): instances that reach the sources
    /// from one public address share one budget per source; give the instances behind each other
    /// address a group of their own (docs/deploy.md).
    public var egressGroup: String = "default"
    /// A line every face shows with what it answers (`notice:`): the offline demo's config says
    /// "demo data" with it; a household's or a team's instance may say whose it is.
    public var notice: String? = nil
    /// Whether an assistant over MCP may change the lists (`mcp.writes:`; its `star` and `unstar`
    /// tools). Off unless the user turns it on: an assistant reads what it is told to.
    public var mcpWrites = false

    /// `providers.<name>.base_url`, by name (a source's or a provider's): where its API is.
    public var sourceURLs: [String: URL] = [:]
    /// `providers.<name>.rate_limit`, by name.
    public var sourceRates: [String: RequestRate] = [:]
    /// `providers.<name>.timeout` in seconds, by name.
    public var sourceTimeouts: [String: Double] = [:]
    /// `$MEDIASEARCH_<SOURCE>_URL` of the environment, by variable: it wins over the file.
    public var environmentURLs: [String: URL] = [:]
    /// What the file says in words that still work but have a new spelling (the top-level
    /// `itunes:` block), one line each, for the face to show once.
    public var notices: [String] = []

    /// The file these settings came from, `nil` for the built-in defaults.
    public var source: String? = nil
    /// Where each setting that is not a default came from, by key path: `file:line`, or the
    /// environment variable that overrode it.
    public var origins: [String: String] = [:]
    /// The line of each entry of `kinds`, for errors that name a kind.
    public var kindLines: [String: Int] = [:]

    /// The built-in defaults.
    public init() {}

    /// The budget of a source on this machine (the demo server, a test server) that no
    /// `rate_limit` sets: there is nobody to protect, and the README's demo runs end to end
    /// without a wait.
    public static let localRateLimit = 1000

    /// Whether a URL is on this machine: a loopback address or `localhost`.
    public static func isLocal(_ url: URL) -> Bool {
        let host = (url.host ?? "").lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The base URL the user configured for a source (`$MEDIASEARCH_<SOURCE>_URL`, else
    /// `providers.<source>.base_url`), `nil` for the source's own.
    public func baseURL(forSource source: String) -> URL? {
        environmentURLs[Self.environmentVariable(source)] ?? sourceURLs[source]
    }

    /// Where a provider's source is: `$MEDIASEARCH_<SOURCE>_URL`, else `providers.<source>.base_url`,
    /// else `providers.<kind>.base_url`; `nil` for the provider's own default.
    public func baseURL(for provider: any MediaProvider) -> URL? {
        baseURL(forSource: provider.source) ?? sourceURLs[provider.kind]
    }

    /// Where a provider's source is in effect: as configured, else its own default.
    public func location(of provider: any MediaProvider) -> URL? {
        baseURL(for: provider) ?? provider.defaultBaseURL
    }

    /// The variable that moves a source, e.g. `MEDIASEARCH_DEEZER_URL`.
    public static func environmentVariable(_ source: String) -> String {
        "MEDIASEARCH_" + source.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined() + "_URL"
    }

    /// The providers the sources the file describes give at once (``ConfiguredSource/providers``).
    public var configuredProviders: [any MediaProvider] { sources.flatMap(\.providers) }

    /// Seconds one request of a provider may take: its source's `providers.<source>.timeout`
    /// (a timeout is the source's, as its budget is: `timeout` on a kind of a shared source is
    /// refused), else ``defaultTimeout``.
    public func timeout(for provider: any MediaProvider) -> Double { timeout(forSource: provider.source) }

    /// Seconds one request of a source may take.
    public func timeout(forSource source: String) -> Double { sourceTimeouts[source] ?? Self.defaultTimeout }

    /// Every time limit of a source, from its one timeout (``SourceTimeout``).
    public func timeouts(forSource source: String) -> SourceTimeout {
        SourceTimeout(request: timeout(forSource: source))
    }

    /// The request budget of a source: `providers.<source>.rate_limit`; else, for a source moved
    /// to this machine, ``localRateLimit`` a minute; else the rate its provider documents
    /// (``MediaProvider/requestRate``: iTunes 20 a minute, Deezer 50 per 5 s); else 60 a minute.
    /// Each source has its own file, and a source moved elsewhere (a mirror, the demo server)
    /// one per host, so requests to one never spend another's budget (nor its cool-down).
    /// - Parameters:
    ///   - name: the source's name for people, e.g. `Deezer`.
    ///   - documented: the rate the source's provider documents.
    ///   - home: where the source is by default (``MediaProvider/defaultBaseURL``): a base URL
    ///     that names it again moves nothing, and keeps the source's own budget.
    public func budget(
        forSource source: String, name: String? = nil, documented: RequestRate? = nil, home: URL? = nil
    ) -> SourceBudget {
        let safe = { (text: String) in String(text.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }) }
        let origin = { (url: URL) in "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port.map(String.init) ?? "")" }
        let moved = baseURL(forSource: source).flatMap { url in home.map(origin) == origin(url) ? nil : url }
        let local = moved.map(Self.isLocal) ?? false
        let rate = sourceRates[source] ?? (local ? RequestRate(Self.localRateLimit, per: 60) : documented)
        let host = moved.map { url in
            "-" + safe((url.host ?? "").lowercased().replacingOccurrences(of: ".", with: "-"))
                + (url.port.map { "-\($0)" } ?? "")
        }
        return SourceBudget(
            name: name ?? source, key: "source-\(safe(source))\(host ?? "")",
            limit: rate?.count ?? 60, window: rate?.seconds ?? 60)
    }

    /// The limit for one kind: its override, else the global limit.
    public func limit(for kind: String) -> Int { providers[kind]?.limit ?? limit }

    /// The weight for one kind (default 1).
    public func weight(for kind: String) -> Double { providers[kind]?.weight ?? 1 }

    /// A provider's limit: its own override, else its source's (`providers.deezer.limit` for
    /// every Deezer kind), else the global limit.
    public func limit(for provider: any MediaProvider) -> Int {
        providers[provider.kind]?.limit ?? providers[provider.source]?.limit ?? limit
    }

    /// A provider's weight: its own, else its source's, else 1.
    public func weight(for provider: any MediaProvider) -> Double {
        providers[provider.kind]?.weight ?? providers[provider.source]?.weight ?? 1
    }

    /// Checks that every enabled kind has a provider, and every provider setting is one its
    /// provider declares, with a value of the declared type.
    /// - Throws: ``MediaSearchError/invalidConfig(file:line:key:message:)`` naming the line.
    public func validate(providers registered: [any MediaProvider]) throws(MediaSearchError) {
        try validate(knownKinds: Self.names(of: registered))
        let sourceNames = Set(registered.map(\.source)).subtracting(registered.map(\.kind))
        for name in sourceNames.sorted() {
            // A source's own entry (`providers.deezer`) takes where it is, its rate, and the limit
            // and weight of all its providers.
            guard let written = providers[name], let key = written.values.keys.sorted().first else { continue }
            throw .invalidConfig(
                file: source ?? "built-in defaults", line: written.lines[key], key: "providers.\(name).\(key)",
                message: "unknown key (known for a source: \(SourceTypes.engineKeys.joined(separator: ", ")))")
        }
        for provider in registered where provider.kind != provider.source {
            // A budget and a timeout are a source's: its kinds share them. Refused rather than ignored.
            for (key, set, what) in [
                ("rate_limit", sourceRates[provider.kind] != nil, "a request budget"),
                ("timeout", sourceTimeouts[provider.kind] != nil, "a timeout"),
            ] where set {
                let origin = origins["providers.\(provider.kind).\(key)"]
                throw .invalidConfig(
                    file: source ?? "built-in defaults", line: origin?.split(separator: ":").last.flatMap { Int($0) },
                    key: "providers.\(provider.kind).\(key)",
                    message: "\(what) belongs to the source; set providers.\(provider.source).\(key)")
            }
        }
        for provider in registered {
            guard let written = providers[provider.kind] else { continue }
            let specs = provider.settings
            for key in written.values.keys.sorted() {
                let path = "providers.\(provider.kind).\(key)"
                guard let spec = specs.first(where: { $0.name == key }) else {
                    let known = SourceTypes.engineKeys + specs.map(\.name)
                    throw .invalidConfig(
                        file: source ?? "built-in defaults", line: written.lines[key], key: path,
                        message: "unknown key (known here: \(known.joined(separator: ", ")))")
                }
                if case .failure(let problem) = spec.check(written.values[key] ?? "") {
                    throw .invalidConfig(
                        file: source ?? "built-in defaults", line: written.lines[key], key: path,
                        message: problem.message)
                }
            }
        }
    }

    /// A provider's settings as it receives them: each declared setting's checked value from the
    /// config, else its default.
    public func settings(for provider: any MediaProvider) -> [String: String] {
        var result: [String: String] = [:]
        let written = providers[provider.kind]?.values ?? [:]
        for spec in provider.settings {
            if let raw = written[spec.name], case .success(let value) = spec.check(raw) {
                result[spec.name] = value
            } else if let value = spec.defaultValue {
                result[spec.name] = value
            }
        }
        return result
    }

    /// Every word `kinds:` and `--kind` take: the providers' names, their sources and their kinds
    /// of media, each once, in registration order.
    public static func names(of registered: [any MediaProvider]) -> [String] {
        var seen: Set<String> = []
        return (registered.map(\.kind) + registered.map(\.source) + registered.map(\.mediaKind)).filter {
            seen.insert($0).inserted
        }
    }

    /// The providers a word of `kinds:` enables: the provider of that name; else every provider
    /// of the source of that name (`deezer`); else every provider of that kind of media. So
    /// `kinds: [song]` keeps meaning the provider named `song`, as it always did.
    public static func providers(named word: String, in registered: [any MediaProvider]) -> [any MediaProvider] {
        if let provider = registered.first(where: { $0.kind == word }) { return [provider] }
        let ofSource = registered.filter { $0.source == word }
        return ofSource.isEmpty ? registered.filter { $0.mediaKind == word } : ofSource
    }

    /// The providers `kinds:` enables, in its order.
    public func enabledProviders(_ registered: [any MediaProvider]) -> [any MediaProvider] {
        var seen: Set<String> = []
        return kinds.flatMap { Self.providers(named: $0, in: registered) }.filter { seen.insert($0.kind).inserted }
    }

    /// Whether `kinds:` enables a provider.
    public func enables(_ provider: any MediaProvider, among registered: [any MediaProvider]) -> Bool {
        kinds.contains { word in Self.providers(named: word, in: registered).contains { $0.kind == provider.kind } }
    }

    /// Checks that every enabled kind has a provider.
    /// - Throws: ``MediaSearchError/invalidConfig(file:line:key:message:)`` naming the kind's line.
    /// A kind of the built-in defaults that this binary lacks (one composed without that source)
    /// is left out quietly: only a kind the file names must exist.
    public func validate(knownKinds: [String]) throws(MediaSearchError) {
        let defaulted = origins["kinds"] == nil && kinds == Self.defaultKinds
        for kind in kinds where !knownKinds.contains(kind) && !defaulted {
            throw .invalidConfig(
                file: source ?? "built-in defaults", line: kindLines[kind], key: "kinds",
                message: DidYouMean.unknownKind(kind, known: knownKinds))
        }
        for kind in providers.keys.sorted() where !knownKinds.contains(kind) {
            throw .invalidConfig(
                file: source ?? "built-in defaults", line: nil, key: "providers.\(kind)",
                message: DidYouMean.unknownKind(kind, known: knownKinds))
        }
    }

    /// One effective setting, for `mediasearch config show`.
    public struct Setting: Sendable, Hashable, Codable {
        public var key: String
        public var value: String
        /// `file:line`, an environment variable, or `default`.
        public var origin: String
    }

    /// Every setting with its effective value and where it came from, in the documented order.
    /// Under `providers`: each enabled source's place, budget and timeout (`providers.itunes.*`),
    /// then the limit and weight of every enabled kind (a kind's limit defaults to the global
    /// `limit`) with its own settings (``MediaProvider/settings``), then those set for kinds that
    /// are off.
    public func settings(providers registered: [any MediaProvider] = []) -> [Setting] {
        var list: [Setting] = []
        for key in ConfigurationKey.all where !key.legacy {
            guard key.path == "providers" else {
                list.append(
                    Setting(
                        key: key.path, value: key.show(self) ?? "(API default)", origin: origins[key.path] ?? "default")
                )
                continue
            }
            let enabled = registered.isEmpty ? [] : enabledProviders(registered)
            var sources: [String] = []
            // A provider that is its own source (a described one, a program) lists its place and
            // budget with its kind, below: once.
            for provider in enabled where !sources.contains(provider.source) && provider.source != provider.kind {
                sources.append(provider.source)
            }
            let written = providers.keys.sorted().filter { name in
                !sources.contains(name) && registered.contains { $0.source == name && $0.kind != name }
            }
            sources += written
            for source in sources {
                list += sourceSettings(source, registered: registered)
            }
            let kinds = registered.isEmpty ? kinds : enabled.map(\.kind)
            for kind in kinds
                + providers.keys.sorted().filter({ name in
                    // A source's own key is listed above, unless a provider is named like it too.
                    !kinds.contains(name)
                        && (registered.contains { $0.kind == name }
                            || !registered.contains { $0.source == name && $0.kind != name })
                })
            {
                list += kindSettings(kind, registered: registered, listed: sources)
            }
        }
        return list
    }

    /// A source's entry: where it is, its budget and its timeout.
    private func sourceSettings(_ source: String, registered: [any MediaProvider]) -> [Setting] {
        let first = registered.first { $0.source == source }
        let budget = self.budget(
            forSource: source, name: first?.sourceName, documented: first?.requestRate, home: first?.defaultBaseURL)
        let variable = Self.environmentVariable(source)
        let place =
            baseURL(forSource: source)?.absoluteString
            ?? first?.defaultBaseURL.map { "\($0.absoluteString) (the source's own)" } ?? "(the source's own)"
        return [
            ("base_url", place, environmentURLs[variable] != nil ? "$\(variable)" : nil),
            ("rate_limit", budget.rate, nil),
            ("timeout", Formatting.number(timeout(forSource: source)), nil),
        ].map { name, value, override in
            let path = "providers.\(source).\(name)"
            return Setting(key: path, value: value, origin: override ?? origins[path] ?? "default")
        }
    }

    /// A kind's entry: its limit and weight (and where they come from), then its own settings.
    /// - Parameter listed: the sources whose place and budget are already listed.
    private func kindSettings(_ kind: String, registered: [any MediaProvider], listed: [String]) -> [Setting] {
        var list: [Setting] = []
        let provider = registered.first { $0.kind == kind }
        let source = provider.flatMap { $0.source == $0.kind ? nil : "providers.\($0.source)" }
        let inherited = { (name: String, fallback: String) -> String in
            guard let source, let origin = origins["\(source).\(name)"] else { return fallback }
            return "from \(source).\(name) (\(origin))"
        }
        let pairs = [
            (
                "limit", String(provider.map { limit(for: $0) } ?? limit(for: kind)),
                inherited("limit", origins["limit"].map { "from limit (\($0))" } ?? "from limit")
            ),
            (
                "weight", Formatting.number(provider.map { weight(for: $0) } ?? weight(for: kind)),
                inherited("weight", "default")
            ),
        ]
        for (name, value, fallback) in pairs {
            let path = "providers.\(kind).\(name)"
            list.append(Setting(key: path, value: value, origin: origins[path] ?? fallback))
        }
        if let provider, provider.source == provider.kind, !listed.contains(kind) {
            // A provider that is its own source (a described one, a program): its place and budget.
            list += sourceSettings(kind, registered: registered)
        }
        if let provider {
            let values = settings(for: provider)
            for spec in provider.settings {
                let path = "providers.\(kind).\(spec.name)"
                list.append(
                    Setting(key: path, value: values[spec.name] ?? "(none)", origin: origins[path] ?? "default"))
            }
        }
        return list
    }
}
