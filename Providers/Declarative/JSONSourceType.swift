import Foundation
import MediaSearchKit

/// `type: json`: a JSON-over-HTTP API described in `config.yaml` (``JSONSource``), checked whole
/// when the config is read. Where it is (`base_url`), its budget (`rate_limit`), its timeout,
/// limit and weight are the keys every source takes, read by the engine.
public struct JSONSourceType: SourceType {
    public init() {}

    public var name: String { "json" }

    public var keys: [String] {
        [
            "kind", "name", "search", "results", "lookup", "lookup_item", "lookup_by", "detail", "lists", "filters",
            "fields",
            "facts", "labels", "duration_unit", "empty_status", "example",
        ]
    }

    public func source(named name: String, settings: SettingNode) throws(SourceSettingProblem) -> any ConfiguredSource {
        guard let kind = try settings.text("kind"), !kind.isEmpty else {
            throw SourceSettingProblem(
                key: "kind", line: settings.line,
                message: "is required: the kind of media its results are, e.g. tv-show")
        }
        guard let search = try settings.text("search") else {
            throw SourceSettingProblem(
                key: "search", line: settings.line, message: "is required: the search URL with {term}")
        }
        guard let fieldEntries = try settings.mapping("fields", allowed: JSONSource.fieldNames) else {
            throw SourceSettingProblem(
                key: "fields", line: settings.line,
                message: "is required: item field -> dotted path, with at least id and title")
        }
        var fields: [String: String] = [:]
        for entry in fieldEntries {
            guard case .text(let path, _) = entry.value else {
                throw SourceSettingProblem(
                    key: "fields.\(entry.key)", line: entry.value.line, message: "expected a word or text")
            }
            fields[entry.key] = path
        }
        var facts: [JSONSource.FactSpec] = []
        for entry in try settings.mapping("facts") ?? [] {
            facts.append(try Self.fact(entry))
        }
        var labels: [String: String] = [:]
        for entry in try settings.mapping("labels", allowed: JSONSource.labelledFields) ?? [] {
            guard case .text(let label, _) = entry.value else {
                throw SourceSettingProblem(
                    key: "labels.\(entry.key)", line: entry.value.line, message: "expected a word or text")
            }
            labels[entry.key] = label
        }
        var unit = JSONSource.DurationUnit.seconds
        if let raw = try settings.text("duration_unit") {
            guard let parsed = JSONSource.DurationUnit(rawValue: raw) else {
                throw SourceSettingProblem(
                    key: "duration_unit", line: settings["duration_unit"]?.line,
                    message: "'\(raw)' is not one of s, ms, min")
            }
            unit = parsed
        }
        var source = JSONSource(
            name: name, mediaKind: kind, displayName: try settings.text("name"), search: search,
            results: try settings.text("results") ?? "", lookup: try settings.text("lookup"), fields: fields,
            durationUnit: unit, facts: facts, labels: labels)
        for entry in try settings.mapping("lookup_by") ?? [] {
            guard case .text(let template, _) = entry.value else {
                throw SourceSettingProblem(
                    key: "lookup_by.\(entry.key)", line: entry.value.line, message: "expected a URL with {id}")
            }
            source.lookupBy[entry.key] = template
        }
        source.detail = try settings.text("detail")
        source.lookupItem = try settings.text("lookup_item") ?? ""
        source.example = try settings.text("example")
        for entry in try settings.mapping("filters") ?? [] {
            // filters: {year: released, language: "fact:Language"}
            guard case .text(let field, _) = entry.value else {
                throw SourceSettingProblem(
                    key: "filters.\(entry.key)", line: entry.value.line,
                    message:
                        "expected the field it narrows (creator, collection, genre, released, description) or fact:<label>"
                )
            }
            source.filters.append((entry.key, field))
        }
        for entry in try settings.mapping("lists") ?? [] {
            // lists: {Episodes: {url: "…/shows/{id}/episodes", results: "", fields: {id: id, title: name}}}
            let key = "lists.\(entry.key)"
            guard case .mapping = entry.value, let url = try entry.value.text("url") else {
                throw SourceSettingProblem(
                    key: key, line: entry.value.line, message: "expected url (with {id}), results and fields")
            }
            var listFields: [String: String] = [:]
            for field in try entry.value.mapping("fields", allowed: JSONSource.fieldNames) ?? [] {
                guard case .text(let path, _) = field.value else {
                    throw SourceSettingProblem(
                        key: "\(key).fields.\(field.key)", line: field.value.line, message: "expected a word or text")
                }
                listFields[field.key] = path
            }
            source.lists.append(
                JSONSource.ItemList(
                    title: entry.key, url: url, results: try entry.value.text("results") ?? "", fields: listFields,
                    group: try entry.value.text("group")))
        }
        if let raw = try settings.text("empty_status") {
            guard let status = Int(raw), (300...599).contains(status) else {
                throw SourceSettingProblem(
                    key: "empty_status", line: settings["empty_status"]?.line,
                    message: "'\(raw)' is not an HTTP status from 300 to 599")
            }
            source.emptyStatus = status
        }
        if let problem = source.problems().first {
            let field = problem.key.hasPrefix("fields.") ? String(problem.key.dropFirst("fields.".count)) : nil
            let line =
                field.flatMap { key in fieldEntries.first { $0.key == key }?.value.line }
                ?? settings[problem.key]?.line ?? settings.line
            throw SourceSettingProblem(key: problem.key, line: line, message: problem.message)
        }
        return source
    }
}

extension JSONSourceType {
    /// One entry of `facts:`: a path or template (a text fact), or a typed one (#60):
    /// `Pages: {path: number_of_pages_median, type: count, unit: page}`; a rating takes `scale`,
    /// an id `scheme`.
    static func fact(_ entry: SettingNode.Entry) throws(SourceSettingProblem) -> JSONSource.FactSpec {
        let key = "facts.\(entry.key)"
        if case .text(let template, _) = entry.value { return JSONSource.FactSpec(entry.key, template) }
        guard case .mapping(let keys, _) = entry.value, let path = try entry.value.text("path") else {
            throw SourceSettingProblem(
                key: key, line: entry.value.line,
                message: "expected a dotted path, or path and type (e.g. {path: pages, type: count, unit: page})")
        }
        let known = ["path", "type", "unit", "scale", "scheme"]
        if let unknown = keys.first(where: { !known.contains($0.key) }) {
            throw SourceSettingProblem(
                key: "\(key).\(unknown.key)", line: unknown.value.line,
                message: "unknown key (known: \(known.joined(separator: ", ")))")
        }
        let raw = try entry.value.text("type") ?? "text"
        guard let kind = Fact.Kind(rawValue: raw) else {
            throw SourceSettingProblem(
                key: "\(key).type", line: entry.value["type"]?.line,
                message:
                    "'\(raw)' is not a type of fact (\(Fact.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        // A count takes its unit, a rating its scale, an id its scheme, and another type none.
        let needed = JSONSource.FactSpec.needs[kind]?.key
        var unit: String? = nil
        for name in ["unit", "scale", "scheme"] {
            guard let node = entry.value[name] else { continue }
            guard name == needed else {
                throw SourceSettingProblem(
                    key: "\(key).\(name)", line: node.line,
                    message: needed.map { "a \(kind.rawValue) takes \($0), not \(name)" }
                        ?? "a \(kind.rawValue) takes no \(name)")
            }
            unit = try entry.value.text(name)
        }
        return JSONSource.FactSpec(entry.key, path, kind, unit: unit)
    }
}

extension JSONSource: ConfiguredSource {
    public var type: String { "json" }
    public var providers: [any MediaProvider] { [JSONProvider(self)] }
    public var fingerprint: String {
        ([name, mediaKind, displayName ?? "", search, results, lookup ?? "", durationUnit.rawValue]
            + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + facts.map { "\($0.label)=\($0.template)|\($0.kind.rawValue)|\($0.unit ?? "")" }
            + ["empty=\(emptyStatus ?? 0)"]
            + labels.sorted { $0.key < $1.key }.map { "label.\($0.key)=\($0.value)" }
            + lookupBy.sorted { $0.key < $1.key }.map { "lookup_by.\($0.key)=\($0.value)" }
            + ["detail=\(detail ?? "")", "example=\(example ?? "")", "lookup_item=\(lookupItem)"]
            + filters.map { "filter.\($0.name)=\($0.field)" }
            + lists.map { list in
                "list.\(list.title)=\(list.url)|\(list.results)|\(list.group ?? "")|"
                    + list.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            }).joined(separator: "\u{1F}")
    }
}
