import DeclarativeProviders
import ExternalProviders
import Foundation
import MediaSearchKit
import Yams

/// Turns the YAML text of a config file into a ``Configuration``, rejecting unknown keys and bad
/// values with the file, line and key.
struct ConfigurationParser {
    let file: String

    func parse(_ text: String) throws(MediaSearchError) -> Configuration {
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
        return configuration
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
            let declared = pairs.contains { $0.0 == "type" }
            if let type = pairs.first(where: { $0.0 == "type" }), (try? string(type.1, key: "")) == "command" {
                configuration.commandSources.append(try commandSource(kind, pairs, node: settingsNode))
            } else if declared {
                let source = try declaredSource(kind, pairs, node: settingsNode)
                configuration.declaredSources.removeAll { $0.name == kind }
                configuration.declaredSources.append(source)
            }
            for (key, value) in pairs {
                switch key {
                case "limit": settings.limit = try int(value, key: "\(prefix).limit", range: 1...200)
                case "weight": settings.weight = try number(value, key: "\(prefix).weight", range: 0.01...100)
                case _ where declared: continue
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

    /// The keys of a source described in the config.
    static let declaredKeys = [
        "type", "kind", "name", "search", "results", "lookup", "fields", "facts", "duration_unit", "rate_limit",
        "base_url", "limit", "weight",
    ]

    /// A source described under `providers.<name>` (`type: json`), checked whole before any request.
    func declaredSource(_ name: String, _ pairs: [(String, Node)], node: Node) throws(MediaSearchError) -> JSONSource {
        let prefix = "providers.\(name)"
        var values: [String: Node] = [:]
        for (key, value) in pairs {
            guard Self.declaredKeys.contains(key) else {
                throw fail(
                    value, "\(prefix).\(key)", "unknown key (known here: \(Self.declaredKeys.joined(separator: ", ")))")
            }
            values[key] = value
        }
        func text(_ key: String) throws(MediaSearchError) -> String? {
            try values[key].map { node throws(MediaSearchError) in try string(node, key: "\(prefix).\(key)") }
        }
        let type = try text("type") ?? ""
        guard type == "json" else {
            throw fail(values["type"], "\(prefix).type", "'\(type)' is not a provider type (known: json)")
        }
        guard let kind = try text("kind"), !kind.isEmpty else {
            throw fail(node, "\(prefix).kind", "is required: the kind of media its results are, e.g. tv-show")
        }
        guard let search = try text("search") else {
            throw fail(node, "\(prefix).search", "is required: the search URL with {term}")
        }
        guard let fieldsNode = values["fields"] else {
            throw fail(node, "\(prefix).fields", "is required: item field -> dotted path, with at least id and title")
        }
        var fields: [String: String] = [:]
        var fieldLines: [String: Int] = [:]
        for (field, path) in try mapping(fieldsNode, key: "\(prefix).fields", allowed: JSONSource.fieldNames) {
            fields[field] = try string(path, key: "\(prefix).fields.\(field)")
            fieldLines[field] = path.mark?.line
        }
        var facts: [(label: String, template: String)] = []
        if let factsNode = values["facts"] {
            for (label, path) in try mapping(factsNode, key: "\(prefix).facts", allowed: nil) {
                facts.append((label, try string(path, key: "\(prefix).facts.\(label)")))
            }
        }
        var unit = JSONSource.DurationUnit.seconds
        if let raw = try text("duration_unit") {
            guard let parsed = JSONSource.DurationUnit(rawValue: raw) else {
                throw fail(values["duration_unit"], "\(prefix).duration_unit", "'\(raw)' is not one of s, ms, min")
            }
            unit = parsed
        }
        var rateLimit: (count: Int, seconds: Double)?
        if let raw = try text("rate_limit") {
            guard let parsed = Self.rate(raw) else {
                throw fail(
                    values["rate_limit"], "\(prefix).rate_limit", "'\(raw)' is not a rate such as 20/10s or 60/min")
            }
            rateLimit = parsed
        }
        var base: URL?
        if let raw = try text("base_url") {
            guard let url = Self.httpURL(raw) else {
                throw fail(values["base_url"], "\(prefix).base_url", "'\(raw)' is not an http(s) URL")
            }
            base = url
        }
        var source = JSONSource(
            name: name, mediaKind: kind, displayName: try text("name"), search: search,
            results: try text("results") ?? "",
            lookup: try text("lookup"), fields: fields, durationUnit: unit, rateLimit: rateLimit, facts: facts)
        if let base { source = source.rebased(on: base) }
        if let problem = source.problems().first {
            let field = problem.key.hasPrefix("fields.") ? String(problem.key.dropFirst("fields.".count)) : nil
            let line = field.flatMap { fieldLines[$0] } ?? values[problem.key]?.mark?.line ?? node.mark?.line
            throw .invalidConfig(file: file, line: line, key: "\(prefix).\(problem.key)", message: problem.message)
        }
        return source
    }

    /// A program named under `providers.<name>` (`type: command`): `command` is a list (the
    /// program and its first arguments) or one path.
    func commandSource(
        _ name: String, _ pairs: [(String, Node)], node: Node
    ) throws(MediaSearchError) -> ExternalProviders.Command {
        let prefix = "providers.\(name)"
        let allowed = ["type", "command", "limit", "weight"]
        var command: [String] = []
        for (key, value) in pairs {
            guard allowed.contains(key) else {
                throw fail(value, "\(prefix).\(key)", "unknown key (known here: \(allowed.joined(separator: ", ")))")
            }
            guard key == "command" else { continue }
            if case .sequence(let list) = value {
                for entry in list { command.append(try string(entry, key: "\(prefix).command")) }
            } else {
                command = [try string(value, key: "\(prefix).command")]
            }
        }
        guard let program = command.first, !program.isEmpty else {
            throw fail(
                node, "\(prefix).command", "is required: the program and its arguments, e.g. [python3, shelf.py]")
        }
        return ExternalProviders.Command(name: name, command: command)
    }

    /// `20/10s`, `50/5s`, `60/min`, `20/1m`: requests per window.
    static func rate(_ text: String) -> (count: Int, seconds: Double)? {
        let parts = text.replacingOccurrences(of: " ", with: "").split(separator: "/")
        guard parts.count == 2, let count = Int(parts[0]), count >= 1 else { return nil }
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
                $0.element.trimmingCharacters(in: .whitespaces).hasPrefix("\(key):")
            }
            let line = lines.count > 1 ? lines[1].offset + 1 : context.mark.line
            return .invalidConfig(file: file, line: line, key: key, message: "the key appears twice")
        default:
            return .invalidConfig(file: file, line: nil, key: nil, message: "invalid YAML")
        }
    }
}
