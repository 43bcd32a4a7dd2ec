import Foundation
import MediaSearchCore
import MediaSearchKit

/// The MCP face's tools (#73): each is an operation of the JSON API, with that operation's
/// parameters as its input schema and its answer's schema as its output schema, both read from the
/// OpenAPI document (`Schemas/openapi.json`), so the tools cannot drift from the API or the CLI's
/// documents. A call runs what the API's route runs (``WebRoutes``) and answers the same document,
/// as structured content and as its JSON text.
struct MCPTools: Sendable {
    let routes: WebRoutes
    /// What `tools/list` answers, built once: each tool as MCP's `Tool` object.
    let list: [JSONValue]

    init(routes: WebRoutes) {
        self.routes = routes
        let document = (try? JSONDecoder().decode(JSONValue.self, from: Data(OpenAPIDocument.json.utf8))) ?? .null
        let writes = routes.configuration.mcpWrites
        list = Self.specs.map { spec in
            var tool: [String: JSONValue] = [
                "name": .string(spec.name), "title": .string(spec.title),
                "description": .string(spec.description + (spec.writes ? Self.writesNote(on: writes) : "")),
                "inputSchema": Self.inputSchema(spec, document: document, catalog: routes.catalog),
                "annotations": .object([
                    "title": .string(spec.title), "readOnlyHint": .bool(!spec.writes), "idempotentHint": .bool(true),
                    "openWorldHint": .bool(spec.name == "search" || spec.name == "show"),
                ]),
            ]
            if spec.writes { tool["annotations"]?.set("destructiveHint", .bool(false)) }
            tool["outputSchema"] = Self.outputSchema(spec, document: document)
            return .object(tool)
        }
    }

    /// One tool: its name and the API operation it is.
    struct Spec: Sendable {
        var name: String
        var title: String
        var description: String
        var path: String
        var method: String
        /// Parameters named otherwise here (`q` is `term`).
        var renamed: [String: String] = [:]
        /// Parameters the tool leaves out (`format`: the answer is always the JSON document).
        var omitted: Set<String> = []
        /// Parameters the API requires that the tool may leave out, with the value it then takes.
        var defaults: [String: String] = [:]
        var writes = false
    }

    static let specs: [Spec] = [
        Spec(
            name: "search", title: "Search media",
            description:
                "Searches every enabled source at once (songs, films, books, podcasts, radio, TV...) and answers one"
                + " ranked list: each result with every store that has it, its typed facts and links. Progress"
                + " notifications name each source's first results as it answers, before the slowest has.",
            path: "/api/search", method: "get", renamed: ["q": "term"], omitted: ["format"]),
        Spec(
            name: "show", title: "Show an item",
            description:
                "One item in full, by the kind and id a search gave: its facts, sections (tracks, episodes,"
                + " editions), other stores and related works.",
            path: "/api/items/{kind}/{id}", method: "get"),
        Spec(
            name: "providers", title: "List the sources",
            description:
                "The kinds of media and sources this MediaSearch asks, whether each is enabled, and their filters.",
            path: "/api/providers", method: "get"),
        Spec(
            name: "lists", title: "List the lists",
            description: "The user's lists (starred and named ones), with their sizes.",
            path: "/api/lists", method: "get"),
        Spec(
            name: "list", title: "Read a list", description: "The items of one of the user's lists.",
            path: "/api/lists/{name}", method: "get", omitted: ["format"]),
        Spec(
            name: "star", title: "Star an item",
            description: "Keeps an item (by kind and id) in one of the user's lists, `starred` unless named.",
            path: "/api/lists/{name}/items/{kind}/{id}", method: "put", renamed: ["name": "list"],
            defaults: ["name": ListName.starred], writes: true),
        Spec(
            name: "unstar", title: "Unstar an item",
            description: "Takes an item (by kind and id) off one of the user's lists, `starred` unless named.",
            path: "/api/lists/{name}/items/{kind}/{id}", method: "delete", renamed: ["name": "list"],
            defaults: ["name": ListName.starred], writes: true),
    ]

    static func writesNote(on: Bool) -> String {
        on
            ? " Writes are on here (mcp.writes in the config)."
            : " Refused here: writes are off unless the user sets `mcp: {writes: true}` in config.yaml."
    }

    // MARK: schemas from the OpenAPI document

    /// The operation's parameters (its path's and its own) as a JSON Schema object: the kinds and
    /// sources are this configuration's, the on/off flags are booleans, and a search takes the
    /// enabled providers' filters too.
    static func inputSchema(_ spec: Spec, document: JSONValue, catalog: ProviderCatalog) -> JSONValue {
        let path = document["paths"]?[spec.path]
        let parameters = (path?["parameters"]?.arrayValue ?? []) + (path?[spec.method]?["parameters"]?.arrayValue ?? [])
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        var enabledKinds: [String] = []
        for entry in catalog.enabled {
            for word in [entry.kind, entry.media, entry.source] where !enabledKinds.contains(word) {
                enabledKinds.append(word)
            }
        }
        let sources = catalog.enabledSources.map(\.id)
        for parameter in parameters {
            guard let name = parameter["name"]?.stringValue, !spec.omitted.contains(name) else { continue }
            let shown = spec.renamed[name] ?? name
            var schema = parameter["schema"]?.objectValue ?? [:]
            if let values = schema["enum"]?.arrayValue?.compactMap(\.stringValue), Set(values).isSubset(of: flagWords) {
                schema = ["type": .string("boolean")]
            }
            switch name {
            case "kind" where spec.name == "search":
                schema["enum"] = .array((["all"] + enabledKinds).map(JSONValue.string))
            case "kind":
                schema["enum"] = .array(catalog.enabled.map { JSONValue.string($0.kind) })
            case "source": schema["enum"] = .array((["all"] + sources).map(JSONValue.string))
            default: break
            }
            if let description = parameter["description"]?.stringValue {
                // Said as the API says it; the kinds are this configuration's, not the default's.
                schema["description"] = .string(
                    description.replacingOccurrences(
                        of: "; these are the default config's (see /api/providers)", with: ""
                    )
                    .replacingOccurrences(of: "the default config's is itunes", with: "see the providers tool"))
            }
            if let text = spec.defaults[name] { schema["default"] = .string(text) }
            properties[shown] = .object(schema)
            if parameter["required"]?.boolValue == true, spec.defaults[name] == nil { required.append(.string(shown)) }
        }
        if spec.name == "search" {
            for entry in catalog.enabled {
                for filter in entry.filters where properties[filter.name] == nil {
                    properties[filter.name] = .object(["type": .string("string"), "description": .string(filter.help)])
                }
            }
        }
        return .object([
            "type": .string("object"), "properties": .object(properties), "required": .array(required),
            "additionalProperties": .bool(false),
        ])
    }

    /// The operation's JSON answer's schema, self-contained: the components it refers to (and
    /// those they refer to) as `$defs`.
    static func outputSchema(_ spec: Spec, document: JSONValue) -> JSONValue? {
        let schemas = document["components"]?["schemas"]?.objectValue ?? [:]
        let prefix = "#/components/schemas/"
        guard
            let answer = document["paths"]?[spec.path]?[spec.method]?["responses"]?["200"]?["content"]?[
                "application/json"]?["schema"]?["$ref"]?.stringValue, answer.hasPrefix(prefix),
            case .object(var root)? = schemas[String(answer.dropFirst(prefix.count))]
        else { return nil }
        var needed: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let fields):
                if let ref = fields["$ref"]?.stringValue, ref.hasPrefix(prefix) {
                    let name = String(ref.dropFirst(prefix.count))
                    if !needed.contains(name), let target = schemas[name] {
                        needed.append(name)
                        collect(target)
                    }
                }
                fields.values.forEach(collect)
            case .array(let values): values.forEach(collect)
            default: break
            }
        }
        collect(.object(root))
        func rewrite(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let fields):
                var out: [String: JSONValue] = [:]
                for (key, field) in fields {
                    if key == "$ref", let ref = field.stringValue, ref.hasPrefix(prefix) {
                        out[key] = .string("#/$defs/" + ref.dropFirst(prefix.count))
                    } else {
                        out[key] = rewrite(field)
                    }
                }
                return .object(out)
            case .array(let values): return .array(values.map(rewrite))
            default: return value
            }
        }
        if case .object(let rewritten) = rewrite(.object(root)) { root = rewritten }
        if !needed.isEmpty {
            root["$defs"] = .object(
                Dictionary(uniqueKeysWithValues: needed.map { ($0, rewrite(schemas[$0] ?? .null)) }))
        }
        return .object(root)
    }

    /// The words an on/off query parameter takes.
    static let flagWords: Set<String> = ["", "on", "off", "true", "false", "1", "0", "yes", "no"]

    // MARK: calls

    /// Runs a tool; `progress` is told each source's answer of a search. A bad argument is an
    /// `invalidParams` error (the JSON-RPC answer); a failure of the tool itself (no such item, every
    /// source failed, writes off) is a result with `isError`, for the assistant to read.
    func call(
        _ name: String, arguments: [String: JSONValue],
        progress: @escaping @Sendable (_ done: Double, _ total: Double?, _ message: String) async -> Void
    ) async throws -> JSONValue {
        guard let spec = Self.specs.first(where: { $0.name == name }) else {
            throw MCPFailure.invalidParams(
                "no tool '\(TextSanitizer.line(name).prefix(64))': tools are "
                    + Self.specs.map(\.name).joined(separator: ", "))
        }
        let values = try self.arguments(arguments, of: spec)
        if spec.writes && !routes.configuration.mcpWrites {
            return Self.refusal(
                "\(spec.name) is refused: this MediaSearch lets assistants read only. To let them change lists,"
                    + " set `mcp: {writes: true}` in config.yaml (docs/mcp.md).")
        }
        do {
            return try await answer(spec, values, progress: progress)
        } catch let bad as BadRequest {
            throw MCPFailure.invalidParams(Texts(code: "en").problem(bad))
        } catch let failure as MediaSearchError {
            if case .usage = failure { throw MCPFailure.invalidParams(Texts(code: "en").failure(failure)) }
            if case .cancelled = failure { throw CancellationError() }
            return Self.refusal(Texts(code: "en").failure(failure))
        }
    }

    private func answer(
        _ spec: Spec, _ values: [String: String],
        progress: @escaping @Sendable (Double, Double?, String) async -> Void
    ) async throws -> JSONValue {
        let session = routes.apiSession
        switch spec.name {
        case "search":
            return try await search(values, progress: progress)
        case "show":
            let kind = values["kind"] ?? "", id = values["id"] ?? ""
            let explicit = try routes.checked(kind: kind, id: id, explicit: values["explicit"]).get()
            let page = try await session.detail(of: .id(id, kind: kind), explicit: explicit)
            return try Self.document(JSONOutput.encode(page.document))
        case "providers":
            return try Self.document(JSONOutput.encode(routes.catalog))
        case "lists":
            return try Self.document(JSONOutput.text(ListsDocument(lists: try await session.allLists()).json))
        case "list":
            let list = try ListName.checked(values["name"] ?? "", lenient: false)
            let entries = try await session.listResults(list)
            return try Self.document(JSONOutput.text(ListDocument(name: list, results: entries).json))
        default:
            let answer = try await routes.listItem(
                spec.method == "put" ? .keep : .remove, name: values["name"] ?? ListName.starred,
                kind: values["kind"] ?? "", id: values["id"] ?? "", explicit: nil)
            return try Self.document(JSONOutput.text(answer))
        }
    }

    /// A search, its sources' answers told to `progress` as they come: which source, how many, and
    /// the first titles, so the assistant has the fast sources' results before the slow one's.
    private func search(
        _ values: [String: String], progress: @escaping @Sendable (Double, Double?, String) async -> Void
    ) async throws -> JSONValue {
        let query = try WebQuery(values, catalog: routes.catalog, configuration: routes.configuration)
        guard !query.isEmpty else {
            throw MCPFailure.invalidParams("term is required (or a filter that can be the search itself)")
        }
        let search = try routes.apiSession.stream(
            query.request(configuration: routes.configuration), order: query.order,
            patience: query.order == ResultOrder() && query.page == 1 ? .zero : nil)
        // MCP's progress only grows: the sources answered so far, of those asked; the offline
        // library's answer (every source failed) is one step past them, with no total.
        let asked = Double(search.plan.count)
        var done = 0.0
        for try await event in search.events {
            switch event {
            case .arrived(let arrival):
                done = max(Double(arrival.answered.count), done + 1)
                let line = (arrival.fromLibrary ? "from the offline library: " : "") + Self.progressLine(arrival)
                await progress(done, done <= asked ? asked : nil, line)
            case .finished(let page):
                if let failed = WebRoutes.upstreamFailure(page) { return Self.refusal(failed) }
                return try Self.document(JSONOutput.text(page.document().json))
            }
        }
        throw CancellationError()
    }

    /// One source's answer in a line: `itunes (song) answered 25: 1. Title · Creator [song 123]; …`.
    static func progressLine(_ arrival: SearchArrival) -> String {
        let sources = arrival.statuses.map { status in
            status.error.map { "\(status.kind) failed (\(TextSanitizer.line($0.description)))" }
                ?? "\(status.kind) answered \(status.received)"
        }
        let shown = arrival.added.prefix(10).enumerated().map { offset, entry in
            let item = entry.item
            let by = item.creator.map { " · " + TextSanitizer.line($0) } ?? ""
            return
                "\(arrival.firstNumber + offset). \(TextSanitizer.line(item.title ?? item.id))\(by) [\(entry.kind) \(item.id)]"
        }
        let more = arrival.added.count > shown.count ? "; and \(arrival.added.count - shown.count) more" : ""
        let pending = arrival.pending.isEmpty ? "" : " (still asking \(arrival.pending.joined(separator: ", ")))"
        let listed = shown.isEmpty ? "" : ": " + shown.joined(separator: "; ") + more
        return sources.joined(separator: ", ") + pending + listed
    }

    /// The tool's arguments as the API's query values: names as the API has them, numbers and
    /// booleans as the query spells them. Unknown names and values of the wrong type are refused.
    func arguments(_ given: [String: JSONValue], of spec: Spec) throws(MCPFailure) -> [String: String] {
        let schema = list.first { $0["name"]?.stringValue == spec.name }?["inputSchema"]
        let properties = schema?["properties"]?.objectValue ?? [:]
        let original = Dictionary(uniqueKeysWithValues: spec.renamed.map { ($1, $0) })
        var values: [String: String] = [:]
        for (name, value) in given {
            let clean = TextSanitizer.line(name).prefix(64)
            guard let property = properties[name] else {
                throw MCPFailure.invalidParams(
                    "\(spec.name) takes no argument '\(clean)': it takes "
                        + properties.keys.sorted().joined(separator: ", "))
            }
            let text: String
            switch (value, property["type"]?.stringValue) {
            case (.null, _): continue
            case (.string(let string), "string"): text = string
            case (.bool(let flag), "boolean"): text = flag ? "on" : "off"
            case (.number(let number), "integer") where number.rounded() == number:
                // A number past any range the API takes is refused here, before `Int` could trap.
                guard abs(number) < 1e15 else {
                    let range = [property["minimum"], property["maximum"]].compactMap { $0?.text(pretty: false) }
                    throw MCPFailure.invalidParams(
                        "\(spec.name): '\(clean)' is too large"
                            + (range.count == 2 ? " (it is from \(range[0]) to \(range[1]))" : ""))
                }
                text = String(Int(number))
            case (_, let type):
                let article = type.map { "aeiou".contains($0.prefix(1)) ? "an \($0)" : "a \($0)" } ?? "a value"
                throw MCPFailure.invalidParams("\(spec.name): '\(clean)' takes \(article) here")
            }
            values[original[name] ?? name] = text
        }
        for case .string(let name) in schema?["required"]?.arrayValue ?? [] where values[original[name] ?? name] == nil
        {
            throw MCPFailure.invalidParams("\(spec.name) needs '\(name)'")
        }
        return values
    }

    /// A document answered as structured content and as its JSON text (for clients that read text only).
    static func document(_ json: String) throws -> JSONValue {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        return .object(["content": text(json), "structuredContent": value])
    }

    /// A tool's failure, in a sentence the assistant reads.
    static func refusal(_ message: String) -> JSONValue {
        .object(["content": text(message), "isError": .bool(true)])
    }

    /// A tool result's content: one text.
    static func text(_ text: String) -> JSONValue {
        .array([.object(["type": .string("text"), "text": .string(text)])])
    }
}

/// A message MCP answers with a JSON-RPC error: its code and one sentence.
struct MCPFailure: Error, Sendable {
    var code: Int
    var message: String

    static func invalidParams(_ message: String) -> MCPFailure { MCPFailure(code: -32602, message: message) }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? { objectValue?[key] }
    var objectValue: [String: JSONValue]? { if case .object(let fields) = self { fields } else { nil } }
    var arrayValue: [JSONValue]? { if case .array(let values) = self { values } else { nil } }
    var stringValue: String? { if case .string(let text) = self { text } else { nil } }
    var boolValue: Bool? { if case .bool(let flag) = self { flag } else { nil } }

    /// Sets a field of an object (nothing to any other value).
    mutating func set(_ key: String, _ value: JSONValue) {
        guard case .object(var fields) = self else { return }
        fields[key] = value
        self = .object(fields)
    }
}
