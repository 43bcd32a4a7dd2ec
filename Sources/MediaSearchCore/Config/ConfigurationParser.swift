import Foundation
import MediaSearchKit
import Yams

/// Turns the YAML text of a config file into a ``Configuration``, rejecting unknown keys and bad
/// values with the file, line and key.
package struct ConfigurationParser {
    let file: String
    /// The source types `type:` may name: the executable's, handed down as values.
    let types: [any SourceType]
    private var copies = CopyBudget(limit: 4_096)

    package init(file: String, types: [any SourceType]) {
        self.file = file
        self.types = types
    }

    package func parse(_ text: String) throws(MediaSearchError) -> Configuration {
        // The values the described sources of this file may copy, all of them together (see
        // `described`): as many as the text has bytes, and never fewer than a small file's share.
        var parser = self
        parser.copies = CopyBudget(limit: max(text.utf8.count, 4_096))
        return try parser.parseText(text)
    }

    /// How many YAML values the described sources of one file may still copy, aliases followed.
    final class CopyBudget {
        let limit: Int
        var remaining: Int
        init(limit: Int) {
            self.limit = limit
            remaining = limit
        }
    }

    private func parseText(_ text: String) throws(MediaSearchError) -> Configuration {
        var configuration = Configuration()
        configuration.source = file
        let root: Node?
        do {
            // The basic resolver: every value is read by its key's own rule (`int`, `bool`...), so
            // YAML's implicit types are never needed, and the default resolver's regular
            // expressions cost about a millisecond to compile on every command.
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw yamlError(error, text: text)
        } catch {
            throw fail(nil, nil, "is not valid YAML")
        }
        guard let root else { return configuration }  // an empty file keeps every default
        try walk(root, prefix: nil, into: &configuration)
        let legacy = ConfigurationKey.all.filter { $0.legacy && configuration.origins[$0.path] != nil }
        if let first = legacy.first {
            let renamed = legacy.map { "\($0.path) is now providers.\($0.path)" }.joined(separator: ", ")
            let perMinute = legacy.contains { $0.path == "itunes.rate_limit" } ? " (a rate such as 20/min)" : ""
            configuration.notices.append(
                "\(configuration.origins[first.path] ?? file): \(renamed)\(perMinute); the old spelling still works")
        }
        return configuration
    }

    /// Applies a key of the `itunes:` block to `providers.itunes`, unless that sets it itself.
    func applyLegacy(
        _ name: String, _ node: Node, _ configuration: inout Configuration, _ apply: (inout Configuration) -> Void
    ) {
        let path = "providers.itunes.\(name)"
        guard configuration.origins[path] == nil else { return }
        apply(&configuration)
        if let line = node.mark?.line { configuration.origins[path] = "\(file):\(line)" }
    }

    /// Reads a mapping level: every name must lead to a key of ``ConfigurationKey/all``, which reads it.
    private func walk(_ node: Node, prefix: String?, into configuration: inout Configuration) throws(MediaSearchError) {
        for (name, value) in try mapping(node, key: prefix, allowed: ConfigurationKey.children(of: prefix)) {
            let path = prefix.map { "\($0).\(name)" } ?? name
            if let key = ConfigurationKey.all.first(where: { $0.path == path }) {
                try key.apply(self, value, &configuration)
                if let line = value.mark?.line { configuration.origins[path] = "\(file):\(line)" }
            } else {
                try walk(value, prefix: path, into: &configuration)
            }
        }
    }

    func parseKinds(_ node: Node, into configuration: inout Configuration) throws(MediaSearchError) {
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
        guard !kinds.isEmpty else { throw fail(node, "kinds", "at least one kind must be enabled") }
        configuration.kinds = kinds
    }

    func parseProviders(_ node: Node, into configuration: inout Configuration) throws(MediaSearchError) {
        for (name, settingsNode) in try mapping(node, key: "providers", allowed: nil) {
            let kind = name.lowercased()
            let prefix = "providers.\(kind)"
            var settings = Configuration.KindSettings()
            let pairs = try mapping(settingsNode, key: prefix, allowed: nil)
            let type = try pairs.first { $0.0 == "type" }.map { pair throws(MediaSearchError) in
                try described(kind, type: pair.1, pairs, node: settingsNode)
            }
            if let type {
                configuration.sources.removeAll { $0.name == kind }
                configuration.sources.append(type)
            }
            for (key, value) in pairs {
                switch key {
                case "limit": settings.limit = try int(value, key: "\(prefix).limit", range: ResultLimit.range)
                case "weight": settings.weight = try number(value, key: "\(prefix).weight", range: 0.01...100)
                case "timeout":
                    configuration.sourceTimeouts[kind] = try number(value, key: "\(prefix).timeout", range: 0.1...300)
                case "base_url":
                    // Moves the source of this provider (or of every provider, when the name is a source's).
                    guard let url = Self.httpURL(try string(value, key: "\(prefix).base_url")) else {
                        throw fail(value, "\(prefix).base_url", "not an http(s) URL")
                    }
                    configuration.sourceURLs[kind] = url
                case "rate_limit":
                    let raw = try string(value, key: "\(prefix).rate_limit")
                    guard let parsed = Self.rate(raw) else {
                        throw fail(value, "\(prefix).rate_limit", "'\(raw)' is not a rate such as 50/5s or 20/min")
                    }
                    configuration.sourceRates[kind] = RequestRate(parsed.count, per: parsed.seconds)
                case _ where type != nil: continue
                default:
                    // A provider's own setting: checked against what it declares once providers are known.
                    guard case .scalar(let scalar) = value else {
                        throw fail(value, "\(prefix).\(key)", "expected a word, a number or text")
                    }
                    settings.values[key] = scalar.string
                    settings.lines[key] = value.mark?.line
                }
                if let line = value.mark?.line { configuration.origins["\(prefix).\(key)"] = "\(file):\(line)" }
            }
            configuration.providers[kind] = settings
        }
    }

    /// A source described under `providers.<name>` with `type:`, read by its ``SourceType`` (the
    /// last of that name: a type an executable adds replaces a built-in one) and checked whole
    /// before any request.
    func described(
        _ name: String, type typeNode: Node, _ pairs: [(String, Node)], node: Node
    ) throws(MediaSearchError) -> any ConfiguredSource {
        let prefix = "providers.\(name)"
        let word = try string(typeNode, key: "\(prefix).type")
        guard let type = types.last(where: { $0.name == word }) else {
            var known: [String] = []
            for type in types where !known.contains(type.name) { known.append(type.name) }
            throw fail(
                typeNode, "\(prefix).type", "'\(word)' is not a provider type (known: \(known.joined(separator: ", ")))"
            )
        }
        let allowed = SourceTypes.commonKeys + type.keys
        var entries: [SettingNode.Entry] = []
        // Yams shares an alias's node with its anchor, so the parsed tree stays as small as the
        // text; a copy that followed every alias whole would not (nine levels of ten aliases, a
        // 708-byte file, are 10^9 nodes). The copy is bounded by the text's own size instead:
        // without aliases a file cannot hold more nodes than it has bytes.
        for (key, value) in pairs {
            guard allowed.contains(key) else {
                throw fail(value, "\(prefix).\(key)", "unknown key (known here: \(allowed.joined(separator: ", ")))")
            }
            guard !SourceTypes.commonKeys.contains(key) else { continue }
            guard let setting = Self.setting(value, budget: &copies.remaining) else {
                throw fail(
                    value, "\(prefix).\(key)",
                    "its aliases (*name) expand to more than \(copies.limit) values: write them out, or use fewer"
                )
            }
            entries.append(.init(key: key, value: setting))
        }
        do throws(SourceSettingProblem) {
            return try type.source(named: name, settings: .mapping(entries, line: node.mark?.line))
        } catch {
            throw .invalidConfig(
                file: file, line: error.line, key: error.key.isEmpty ? prefix : "\(prefix).\(error.key)",
                message: error.message)
        }
    }

    /// A YAML node as a source type reads it, or `nil` once more than `budget` nodes were copied.
    static func setting(_ node: Node, budget: inout Int) -> SettingNode? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .scalar(let scalar): return .text(scalar.string.trimmingSpaces(), line: node.mark?.line)
        case .sequence(let list):
            var items: [SettingNode] = []
            items.reserveCapacity(min(list.count, max(budget, 0)))
            for item in list {
                guard let setting = setting(item, budget: &budget) else { return nil }
                items.append(setting)
            }
            return .list(items, line: node.mark?.line)
        case .mapping(let mapping):
            var entries: [SettingNode.Entry] = []
            for (key, value) in mapping {
                guard let setting = setting(value, budget: &budget) else { return nil }
                entries.append(.init(key: key.string ?? "", value: setting))
            }
            return .mapping(entries, line: node.mark?.line)
        case .alias: return .text("", line: node.mark?.line)
        }
    }

    /// `20/10s`, `50/5s`, `60/min`, `20/1m`: requests per window.
    static func rate(_ text: String) -> (count: Int, seconds: Double)? {
        let parts = text.replacingOccurrences(of: " ", with: "").split(separator: "/")
        // At most a billion a window: the budget counts in machine integers, and no source allows more.
        guard parts.count == 2, let count = Int(parts[0]), (1...1_000_000_000).contains(count) else { return nil }
        var window = String(parts[1]).lowercased()
        var unit = 1.0
        if window.hasSuffix("min") {
            window.removeLast(3)
            unit = 60
        } else if window.hasSuffix("m") {
            window.removeLast()
            unit = 60
        } else if window.hasSuffix("s") {
            window.removeLast()
        } else {
            return nil
        }
        let amount = window.isEmpty ? 1 : Double(window)
        guard let amount, amount > 0, amount * unit <= 86_400 else { return nil }
        return (count, amount * unit)
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
        return scalar.string.trimmingSpaces()
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
        guard case .scalar(let scalar) = node, let value = Self.bool(scalar) else {
            throw fail(node, key, "expected true or false")
        }
        return value
    }

    /// YAML 1.1's booleans, as Yams' default resolver and `Bool.construct` read them: an unquoted
    /// `true`/`yes`/`on` or `false`/`no`/`off`, in any case. Written out here because the file is
    /// composed with the basic resolver, under which every scalar is a string to Yams.
    static func bool(_ scalar: Node.Scalar) -> Bool? {
        guard scalar.style == .plain || scalar.style == .any else { return nil }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
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
                $0.element.trimmingSpaces().hasPrefix("\(key):")
            }
            let line = lines.count > 1 ? lines[1].offset + 1 : context.mark.line
            return .invalidConfig(file: file, line: line, key: key, message: "the key appears twice")
        default:
            return .invalidConfig(file: file, line: nil, key: nil, message: "invalid YAML")
        }
    }
}
