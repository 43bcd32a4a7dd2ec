import Foundation
import Yams

/// Turns the YAML text of a config file into a ``Configuration``, rejecting unknown keys and bad
/// values with the file, line and key.
struct ConfigurationParser {
    let file: String

    static let topKeys = ["kinds", "limit", "providers", "explicit", "country", "lang", "itunes", "history", "cache"]
    static let itunesKeys = ["base_url", "timeout", "rate_limit"]
    static let historyKeys = ["size"]
    static let cacheKeys = ["enabled", "ttl", "max_size_mb"]
    static let providerKeys = ["limit", "weight"]

    func parse(_ text: String) throws(MediaSearchError) -> Configuration {
        var configuration = Configuration()
        configuration.source = file
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw yamlError(error, text: text)
        } catch {
            throw fail(nil, nil, "is not valid YAML")
        }
        guard let root else { return configuration }  // an empty file keeps every default
        let top = try mapping(root, key: nil, allowed: Self.topKeys)
        for (key, value) in top {
            switch key {
            case "kinds": try parseKinds(value, into: &configuration)
            case "limit": configuration.limit = try int(value, key: "limit", range: 1...200)
            case "explicit": configuration.explicit = try bool(value, key: "explicit")
            case "country": configuration.country = try country(value)
            case "lang": configuration.lang = try lang(value)
            case "providers": try parseProviders(value, into: &configuration)
            case "itunes": try parseITunes(value, into: &configuration)
            case "history":
                for (key, value) in try mapping(value, key: "history", allowed: Self.historyKeys) where key == "size" {
                    configuration.historySize = try int(value, key: "history.size", range: 1...100)
                }
            default: try parseCache(value, into: &configuration)
            }
        }
        return configuration
    }

    private func parseKinds(_ node: Node, into configuration: inout Configuration) throws(MediaSearchError) {
        guard case .sequence(let sequence) = node else {
            throw fail(node, "kinds", "expected a list of kinds, e.g. [song, movie]")
        }
        var kinds: [String] = []
        for entry in sequence {
            let kind = try string(entry, key: "kinds").lowercased()
            guard !kinds.contains(kind) else { throw fail(entry, "kinds", "'\(kind)' is listed twice") }
            kinds.append(kind)
            configuration.kindLines[kind] = entry.mark?.line
        }
        guard !kinds.isEmpty else { throw fail(node, "kinds", "at least one kind must be enabled (S8)") }
        configuration.kinds = kinds
    }

    private func parseProviders(_ node: Node, into configuration: inout Configuration) throws(MediaSearchError) {
        for (kind, settingsNode) in try mapping(node, key: "providers", allowed: nil) {
            var settings = Configuration.KindSettings()
            let prefix = "providers.\(kind)"
            for (key, value) in try mapping(settingsNode, key: prefix, allowed: Self.providerKeys) {
                if key == "limit" {
                    settings.limit = try int(value, key: "\(prefix).limit", range: 1...200)
                } else {
                    settings.weight = try number(value, key: "\(prefix).weight", range: 0.01...100)
                }
            }
            configuration.providers[kind.lowercased()] = settings
        }
    }

    private func parseITunes(_ node: Node, into configuration: inout Configuration) throws(MediaSearchError) {
        for (key, value) in try mapping(node, key: "itunes", allowed: Self.itunesKeys) {
            switch key {
            case "base_url":
                let text = try string(value, key: "itunes.base_url")
                guard let url = Self.httpURL(text) else {
                    throw fail(value, "itunes.base_url", "'\(text)' is not an http(s) URL")
                }
                configuration.baseURL = url
            case "timeout": configuration.timeout = try number(value, key: "itunes.timeout", range: 0.1...300)
            default: configuration.rateLimit = try int(value, key: "itunes.rate_limit", range: 1...1000)
            }
        }
    }

    private func parseCache(_ node: Node, into configuration: inout Configuration) throws(MediaSearchError) {
        for (key, value) in try mapping(node, key: "cache", allowed: Self.cacheKeys) {
            switch key {
            case "enabled": configuration.cacheEnabled = try bool(value, key: "cache.enabled")
            case "ttl": configuration.cacheTTL = try number(value, key: "cache.ttl", range: 0...31_536_000)
            default:
                configuration.cacheMaxBytes = try int(value, key: "cache.max_size_mb", range: 1...10_000) * 1_048_576
            }
        }
    }

    /// An absolute http(s) URL with a host, or `nil`.
    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else { return nil }
        return url
    }
}

extension ConfigurationParser {
    /// The pairs of a mapping, with unknown and duplicated keys rejected.
    func mapping(_ node: Node, key: String?, allowed: [String]?) throws(MediaSearchError) -> [(String, Node)] {
        guard case .mapping(let mapping) = node else {
            throw fail(node, key, key == nil ? "the file must be a mapping of settings" : "expected a mapping")
        }
        var seen: Set<String> = []
        var pairs: [(String, Node)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else { throw fail(keyNode, key, "keys must be plain words") }
            let name = scalar.string
            let path = key.map { "\($0).\(name)" } ?? name
            if let allowed, !allowed.contains(name) {
                throw fail(keyNode, path, "unknown key (known here: \(allowed.joined(separator: ", ")))")
            }
            guard seen.insert(name).inserted else { throw fail(keyNode, path, "the key appears twice") }
            pairs.append((name, value))
        }
        return pairs
    }

    func string(_ node: Node, key: String) throws(MediaSearchError) -> String {
        guard case .scalar(let scalar) = node, node.null == nil else {
            throw fail(node, key, "expected a word or text")
        }
        return scalar.string.trimmingCharacters(in: .whitespaces)
    }

    func int(_ node: Node, key: String, range: ClosedRange<Int>) throws(MediaSearchError) -> Int {
        guard case .scalar = node, let value = node.int else {
            throw fail(node, key, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        guard range.contains(value) else {
            throw fail(node, key, "\(value) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    func number(_ node: Node, key: String, range: ClosedRange<Double>) throws(MediaSearchError) -> Double {
        guard case .scalar = node, let value = node.float, value.isFinite else {
            throw fail(node, key, "expected a number")
        }
        guard range.contains(value) else {
            throw fail(node, key, "\(value) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    func bool(_ node: Node, key: String) throws(MediaSearchError) -> Bool {
        guard case .scalar = node, let value = node.bool else { throw fail(node, key, "expected true or false") }
        return value
    }

    func country(_ node: Node) throws(MediaSearchError) -> String {
        let text = try string(node, key: "country")
        guard let code = CountryCode.normalize(text) else {
            throw fail(node, "country", "'\(text)' is not a two-letter country code such as US or GB")
        }
        return code
    }

    func lang(_ node: Node) throws(MediaSearchError) -> String {
        let text = try string(node, key: "lang")
        guard let lang = LanguageCode.normalize(text) else {
            throw fail(node, "lang", "'\(text)' is not one of \(LanguageCode.supported.joined(separator: ", "))")
        }
        return lang
    }

    func fail(_ node: Node?, _ key: String?, _ message: String) -> MediaSearchError {
        .invalidConfig(file: file, line: node?.mark?.line, key: key, message: message)
    }

    func yamlError(_ error: YamlError, text: String) -> MediaSearchError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return .invalidConfig(file: file, line: mark.line, key: nil, message: "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // libyaml reports the mapping; the line worth showing is the key's second appearance.
            let key = duplicates.first ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter {
                $0.element.trimmingCharacters(in: .whitespaces).hasPrefix("\(key):")
            }
            let line = lines.count > 1 ? lines[1].offset + 1 : context.mark.line
            return .invalidConfig(file: file, line: line, key: key, message: "the key appears twice")
        default:
            return .invalidConfig(file: file, line: nil, key: nil, message: "invalid YAML")
        }
    }
}
