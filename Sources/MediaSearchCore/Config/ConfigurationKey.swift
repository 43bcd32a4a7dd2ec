import Foundation
import MediaSearchKit
import Yams

/// One setting of `config.yaml`: its dotted path, how its value is read into a ``Configuration``,
/// and how the effective value reads in `mediasearch config show`.
///
/// ``all`` is both the allow-list and the dispatch: a key missing from it is an "unknown key"
/// error, and no setting is assigned anywhere else.
package struct ConfigurationKey: Sendable {
    typealias Apply = @Sendable (ConfigurationParser, Node, inout Configuration) throws(MediaSearchError) -> Void

    /// The dotted path, e.g. `itunes.timeout`.
    let path: String
    /// The effective value as text, `nil` when unset.
    let show: @Sendable (Configuration) -> String?
    let apply: Apply
    /// A key of an older spelling, still read (with a notice) but not listed by `config show`.
    package let legacy: Bool

    init(
        _ path: String, legacy: Bool = false, show: @escaping @Sendable (Configuration) -> String?,
        apply: @escaping Apply
    ) {
        self.path = path
        self.legacy = legacy
        self.show = show
        self.apply = apply
    }

    /// Every key, in the order `config show` lists them.
    package static let all: [ConfigurationKey] = [
        ConfigurationKey("kinds", show: { $0.kinds.joined(separator: ", ") }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            try parser.parseKinds(node, into: &configuration)
        },
        ConfigurationKey("limit", show: { String($0.limit) }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.limit = try parser.int(node, key: "limit", range: ResultLimit.range)
        },
        ConfigurationKey("providers", show: { _ in nil }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            try parser.parseProviders(node, into: &configuration)
        },
        ConfigurationKey("explicit", show: { String($0.explicit) }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.explicit = try parser.bool(node, key: "explicit")
        },
        ConfigurationKey("country", show: { $0.country }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.country = try parser.country(node)
        },
        ConfigurationKey("lang", show: { $0.lang }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.lang = try parser.lang(node)
        },
        // The top-level `itunes:` block of earlier versions: iTunes is a source like any other,
        // set under `providers.itunes`, which wins when both are written.
        ConfigurationKey("itunes.base_url", legacy: true, show: { _ in nil }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            let text = try parser.string(node, key: "itunes.base_url")
            guard let url = ConfigurationParser.httpURL(text) else {
                throw parser.fail(node, "itunes.base_url", "'\(text)' is not an http(s) URL")
            }
            parser.applyLegacy("base_url", node, &configuration) { $0.sourceURLs["itunes"] = url }
        },
        ConfigurationKey("itunes.timeout", legacy: true, show: { _ in nil }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            let seconds = try parser.number(node, key: "itunes.timeout", range: 0.1...300)
            parser.applyLegacy("timeout", node, &configuration) { $0.sourceTimeouts["itunes"] = seconds }
        },
        ConfigurationKey("itunes.rate_limit", legacy: true, show: { _ in nil }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            let count = try parser.int(node, key: "itunes.rate_limit", range: 1...1000)
            parser.applyLegacy("rate_limit", node, &configuration) {
                $0.sourceRates["itunes"] = RequestRate(count, per: 60)
            }
        },
        ConfigurationKey("history.size", show: { String($0.historySize) }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.historySize = try parser.int(node, key: "history.size", range: 1...100)
        },
        ConfigurationKey("cache.enabled", show: { String($0.cacheEnabled) }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.cacheEnabled = try parser.bool(node, key: "cache.enabled")
        },
        ConfigurationKey("cache.ttl", show: { Formatting.number($0.cacheTTL) }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.cacheTTL = try parser.number(node, key: "cache.ttl", range: 0...31_536_000)
        },
        ConfigurationKey("cache.max_size_mb", show: { String($0.cacheMaxBytes / 1_048_576) }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.cacheMaxBytes = try parser.int(node, key: "cache.max_size_mb", range: 1...10_000) * 1_048_576
        },
        ConfigurationKey("library.enabled", show: { String($0.libraryEnabled) }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.libraryEnabled = try parser.bool(node, key: "library.enabled")
        },
        ConfigurationKey("library.max_records", show: { String($0.libraryMaxRecords) }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.libraryMaxRecords = try parser.int(node, key: "library.max_records", range: 1...10_000_000)
        },
        ConfigurationKey("store", show: { $0.store?.description ?? "(none: files on this machine)" }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            let text = try parser.string(node, key: "store")
            do throws(StoreURLProblem) {
                configuration.store = try StoreURL(parsing: text)
            } catch {
                throw parser.fail(node, "store", StoreURL.redacted("'\(text)' \(error.message)", url: text))
            }
        },
        ConfigurationKey("egress_group", show: { $0.egressGroup }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            let text = try parser.string(node, key: "egress_group")
            guard let group = Configuration.egressGroup(text) else {
                throw parser.fail(node, "egress_group", "'\(text)' is not 1-64 letters, digits, '.', '-' or '_'")
            }
            configuration.egressGroup = group
        },
        ConfigurationKey("notice", show: { $0.notice }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            let text = TextSanitizer.line(try parser.string(node, key: "notice"))
            guard (1...200).contains(text.count) else {
                throw parser.fail(node, "notice", "expected one line of 1-200 characters")
            }
            configuration.notice = text
        },
        ConfigurationKey("mcp.writes", show: { String($0.mcpWrites) }) {
            (parser: ConfigurationParser, node: Node, configuration: inout Configuration) throws(MediaSearchError) in
            configuration.mcpWrites = try parser.bool(node, key: "mcp.writes")
        },
    ]

    /// The names allowed directly under `prefix` (the top level when `nil`), in table order.
    static func children(of prefix: String?) -> [String] {
        var names: [String] = []
        for key in all {
            let rest: Substring
            if let prefix {
                guard key.path.hasPrefix(prefix + ".") else { continue }
                rest = key.path.dropFirst(prefix.count + 1)
            } else {
                rest = Substring(key.path)
            }
            let name = String(rest.split(separator: ".").first ?? rest)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}
