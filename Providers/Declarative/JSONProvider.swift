import Foundation
import MediaSearchKit

/// The provider of a ``JSONSource``: it fills the source's URL templates, reads the answer's
/// results and maps each by the source's field paths. Everything else is the engine's.
public struct JSONProvider: MediaProvider, DetailRenderer {
    public let definition: JSONSource

    /// Creates the provider of a source.
    public init(_ definition: JSONSource) { self.definition = definition }

    public var kind: String { definition.name }
    public var source: String { definition.source ?? definition.name }
    public var mediaKind: String { definition.mediaKind }
    public var displayName: String {
        definition.displayName ?? definition.name.prefix(1).uppercased() + definition.name.dropFirst()
    }
    public var sourceName: String { displayName }
    /// The origin of its search URL.
    public var defaultBaseURL: URL? {
        let probe = definition.search.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
        // The host as written (`encodedHost`): `host` would decode an internationalized name,
        // which loads ICU's data (1.4 MiB) for every command. The origin is made as text and
        // parsed, never set on URLComponents, whose setters stop the process on a host they refuse.
        guard let parts = URLComponents(string: probe), let scheme = parts.scheme, let host = parts.encodedHost,
            !host.isEmpty
        else { return nil }
        return URL(string: "\(scheme)://\(host)" + (parts.port.map { ":\($0)" } ?? ""))
    }
    public var requestRate: RequestRate? { definition.rateLimit }
    public var exampleTerm: String? { definition.example }

    /// A URL template of the source at the origin the config or the environment gives it
    /// (``ProviderContext/baseURL``: `providers.<name>.base_url`, `$MEDIASEARCH_<NAME>_URL`),
    /// else as described.
    func template(_ template: String, context: ProviderContext) -> String {
        context.baseURL.map { JSONSource.rebase(template, on: $0) } ?? template
    }

    /// The source's filters (``JSONSource/filters``): a year compared with the item's, text
    /// contained in the field or fact it names.
    public var filters: [FilterSpec] {
        definition.filters.map { filter in
            let field = filter.field
            if field == "released" {
                return FilterSpec(
                    name: filter.name, valueType: .integer(1000...2999), help: "only results of this year"
                ) {
                    item, value in
                    if case .integer(let year) = value { return item.releaseYear == year }
                    return false
                }
            }
            let help =
                switch field {
                case "creator": "only results whose creator contains this"
                case "collection": "only results whose collection contains this"
                case "genre": "only results of this genre or subject"
                case "description": "only results whose description contains this"
                default: "only results whose \(field.dropFirst("fact:".count).lowercased()) contains this"
                }
            return .text(filter.name, help: help) { item in
                switch field {
                case "creator": [item.creator]
                case "collection": [item.collection]
                case "genre": [item.genre]
                case "description": [item.description]
                default:
                    // A typed fact matches as written and as every face reads it (`eng`,
                    // `English`, `английский`).
                    item.facts.filter { $0.label == field.dropFirst("fact:".count) }.flatMap { fact in
                        [fact.value] + FactWords.faces.map { fact.text($0) }
                    }
                }
            }
        }
    }

    /// A source pages when its search URL takes an offset or a page number.
    public var supportsPaging: Bool {
        let names = JSONSource.placeholderNames(in: definition.search)
        return names.contains("offset") || names.contains("page")
    }

    public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        let limit = max(query.limit, 1)
        var values = [
            "term": query.term, "limit": String(limit), "offset": String(query.offset),
            "page": String(query.offset / limit + 1), "country": query.country,
        ]
        values["lang"] = query.lang ?? ""
        guard let url = JSONSource.fill(template(definition.search, context: context), values) else { return [] }
        let document: JSONValue
        let worthReading = query.recordsWorthReading(sourcePages: supportsPaging)
        do {
            document = try await fetch(url, context: context, listLimit: worthReading)
        } catch is EmptyAnswer {
            return []  // how this source says "nothing found"
        }
        guard case .array(let results) = JSONPath(definition.results ?? "").value(in: document) ?? .null else {
            throw MediaSearchError.malformedResponse(
                (definition.results ?? "").isEmpty
                    ? "the answer is not a list of results"
                    : "no list of results at '\(definition.results ?? "")'", source: displayName)
        }
        let read = results.prefix(worthReading)
        let items = read.compactMap { map($0) }
        if items.count < read.count {
            let skipped = read.count - items.count
            context.report("\(skipped) result\(skipped == 1 ? "" : "s") without an id or a title skipped")
        }
        return items
    }

    public func lookup(id: String, context: ProviderContext) async throws -> MediaItem? {
        // `isbn:9780…` is looked up where the source looks up that scheme (``JSONSource/lookupBy``).
        var lookup = definition.lookup
        var value = id
        var scheme: String? = nil
        if let colon = id.firstIndex(of: ":"), let byScheme = definition.lookupBy?[id[..<colon].lowercased()] {
            lookup = byScheme
            scheme = id[..<colon].lowercased()
            value = String(id[id.index(after: colon)...])
            // An identifier is letters, digits, '-', '.' and '_': nothing a source's query
            // language would read as more (`isbn:*`, `isbn:1 OR title:x`).
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) })
            else { return nil }
        }
        guard let lookup, let document = try await answer(lookup, id: value, context: context) else { return nil }
        guard var item = read(lookedUp: document) else { return nil }
        // The work of `isbn:…` says the ISBN asked, not the first of its editions' (#60).
        if let scheme, let fact = definition.facts.first(where: { $0.kind == .id && $0.unit == scheme }) {
            item.facts.removeAll { $0.label == fact.label }
            item.facts.append(Fact(fact.label, .id, value: value, unit: scheme))
        }
        return item
    }

    /// The item of a lookup's answer, wherever the answer holds it.
    func read(lookedUp document: JSONValue) -> MediaItem? {
        // An item in an envelope (`{"data": {...}}`) is read where `lookup_item` says; an answer
        // with no item there (a lookup by another scheme that answers as a search does, its list
        // under the same key) is read as below.
        if let inner = enveloped(document), let item = map(inner) ?? map(inner, unwrapped: true) { return item }
        // A lookup may answer one result as a search does, or the bare object a search result
        // wraps (`{"show": {...}}` in a search, `{...}` for /shows/{id}): both are read.
        if let item = map(document) { return item }
        if case .array(let list) = JSONPath(definition.results ?? "").value(in: document), let first = list.first {
            return map(first)
        }
        return map(document, unwrapped: true)
    }

    public func tile(for item: MediaItem) -> Tile {
        Tile(item: item, kind: kind, facts: item.facts + StandardSections.facts(of: item, media: mediaKind))
    }

    /// The item inside a lookup-like answer's envelope (``JSONSource/lookupItem``); `nil` when the
    /// source names none or the answer has nothing there.
    func enveloped(_ document: JSONValue) -> JSONValue? {
        guard let path = definition.lookupItem, !path.isEmpty else { return nil }
        return JSONPath(path).value(in: document)
    }

    /// The answer to a lookup-like request (`{id}` filled), `nil` when the source says it has no
    /// such item (404, or its own "nothing found").
    func answer(_ template: String, id: String, context: ProviderContext) async throws -> JSONValue? {
        let values = ["id": id, "country": context.country, "lang": context.lang ?? ""]
        guard let url = JSONSource.fill(self.template(template, context: context), values) else { return nil }
        do {
            return try await fetch(url, context: context)
        } catch MediaSearchError.httpStatus(404, _) {
            return nil
        } catch is EmptyAnswer {
            return nil
        }
    }

    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        var item = item
        var notices: [String] = []
        if let second = definition.detail {
            do {
                if let answered = try await answer(second, id: item.id, context: context) {
                    let document = enveloped(answered) ?? answered
                    item = Self.completed(item, with: map(document) ?? map(document, unwrapped: true))
                }
            } catch {
                notices.append("\(displayName): \(MediaSearchError.wrap(error).description)")
            }
        }
        var detail = StandardSections.detail(
            of: item, title: displayName, media: mediaKind, labels: definition.labels ?? [:])
        // The lists (a show's episodes, its cast), each from a request of its own, asked together.
        let owner = item
        // Each answer carries its list's place, so the lists keep the description's order however
        // they arrive. (The place is a value of its own, not a tuple element captured from the
        // loop: the release build of Swift 6.3 read such a capture as 0 or garbage here.)
        let lists = await withTaskGroup(of: ListAnswer.self) { group in
            for position in definition.lists.indices {
                let list = definition.lists[position]
                group.addTask {
                    do {
                        return ListAnswer(
                            position: position, sections: try await self.sections(list, of: owner, context: context))
                    } catch {
                        return ListAnswer(
                            position: position, notice: "\(list.title): \(MediaSearchError.wrap(error).description)")
                    }
                }
            }
            var found: [ListAnswer] = []
            for await entry in group { found.append(entry) }
            return found.sorted { $0.position < $1.position }
        }
        // The source's facts first in its own section (made for them when there is none), before the lists.
        // Each value once: a label's catalog number that is its barcode is said as the UPC.
        var seen = Set<String>()
        let rows = item.facts.compactMap(DetailSection.Row.init).filter { seen.insert($0.value).inserted }
        if let index = detail.sections.firstIndex(where: { $0.title == displayName }) {
            detail.sections[index].rows.insert(contentsOf: rows, at: 0)
        } else if !rows.isEmpty {
            var section = DetailSection(displayName)
            section.rows = rows
            detail.sections.append(section)
        }
        return Detail(
            sections: detail.sections + lists.flatMap(\.sections),
            notices: detail.notices + notices + lists.compactMap(\.notice)
        )
    }

    /// A list's sections as its request answered, or why it could not, with the list's place.
    struct ListAnswer: Sendable {
        var position: Int
        var sections: [DetailSection] = []
        var notice: String? = nil
    }

    /// One list of a detail: its request's answer, each result an item of the list's fields
    /// (those without an id or a title left out), at most ``JSONSource/maximumListItems``; one
    /// section, or one a part when the list is grouped (``JSONSource/ItemList/group``), each
    /// titled by its part and folded, in the order the parts first appear; an entry the template
    /// cannot fill (or fills with 0) goes in a part titled as the list. A grouped list keeps its
    /// last ``JSONSource/maximumListItems`` entries, another its first.
    func sections(_ list: JSONSource.ItemList, of item: MediaItem, context: ProviderContext) async throws
        -> [DetailSection]
    {
        guard let document = try await answer(list.url, id: item.id, context: context) else { return [] }
        guard case .array(let results) = JSONPath(list.results ?? "").value(in: document) ?? .null else {
            throw MediaSearchError.malformedResponse(
                (list.results ?? "").isEmpty ? "the answer is not a list" : "no list at '\(list.results ?? "")'",
                source: displayName)
        }
        let kind =
            definition.name + "-"
            + list.title.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
        var parts: [String] = []
        var byPart: [String: [Tile]] = [:]
        // A grouped list keeps its last entries (a long show's latest seasons), another its first.
        let kept =
            list.group == nil
            ? results.prefix(JSONSource.maximumListItems) : results.suffix(JSONSource.maximumListItems)
        for result in kept {
            guard let tile = entryTile(result, of: list, kind: kind) else { continue }
            let part = list.group.flatMap { Self.fact($0, in: result, unwrapped: false) } ?? list.title
            if byPart[part] == nil { parts.append(part) }
            byPart[part, default: []].append(tile)
        }
        guard list.group != nil else { return byPart[list.title].map { [DetailSection(list.title, items: $0)] } ?? [] }
        let numbered = list.group.flatMap(Self.numbered)
        return parts.map { part in
            // `Season {season}` is words with a number, for each face to write in its words.
            let number = numbered.flatMap {
                part.hasPrefix($0.words + " ") ? Int(part.dropFirst($0.words.count + 1)) : nil
            }
            var section =
                number.map {
                    DetailSection(Phrase(numbered!.words + " {n}", ["n": String($0)]), items: byPart[part] ?? [])
                }
                ?? DetailSection(part, items: byPart[part] ?? [])
            section.folded = true
            return section
        }
    }

    /// One entry of a list as a row of its section, `nil` without an id or a title.
    func entryTile(_ result: JSONValue, of list: JSONSource.ItemList, kind: String) -> Tile? {
        guard let entry = map(result, fields: list.fields) else { return nil }
        // No id: `show` opens the source's own items, not an entry of a list (its link is its page).
        // `Episode {number}` as its collection is the entry's place: a position, in each face's words.
        let place = list.fields["collection"].flatMap(Self.numbered).flatMap { numbered -> Fact? in
            guard let collection = entry.collection, collection.hasPrefix(numbered.words + " "),
                let number = Int(collection.dropFirst(numbered.words.count + 1))
            else { return nil }
            return .position(numbered.words, number)
        }
        var tile = Tile(
            kind: kind, id: "", title: entry.title ?? "Untitled", subtitle: entry.creator,
            facts: [
                place ?? .plain("Collection", entry.collection),
                .date("Released", entry.releaseDate),
                // A show's episodes run as it does; a book's sections are timed, as tracks are.
                .duration("Duration", milliseconds: entry.durationMilliseconds, style: entryStyle),
            ], artworkUrl: entry.artworkURL, url: entry.url)
        tile.previewUrl = entry.previewURL
        // Its typed facts (a section's length) for programs and playlists, as other lists' items.
        tile.item = entry
        return tile
    }

    /// The item with what it lacks taken from the same item as a second answer gives it; what
    /// the item has stays (the first answer is the one its tile showed).
    static func completed(_ item: MediaItem, with more: MediaItem?) -> MediaItem {
        guard let more else { return item }
        var item = item
        item.creator = item.creator ?? more.creator
        item.collection = item.collection ?? more.collection
        item.url = item.url ?? more.url
        item.previewURL = item.previewURL ?? more.previewURL
        item.releaseDate = item.releaseDate ?? more.releaseDate
        item.genre = item.genre ?? more.genre
        item.description = item.description ?? more.description
        item.durationMilliseconds = item.durationMilliseconds ?? more.durationMilliseconds
        if item.artwork.isEmpty { item.artwork = more.artwork }
        item.facts += more.facts.filter { fact in !item.facts.contains { $0.label == fact.label } }
        for (key, value) in more.extras where item.extras[key] == nil { item.extras[key] = value }
        return item
    }

    /// How the entries of the source's lists write their durations: as the source's items do,
    /// except a book's parts, which are timed.
    var entryStyle: Fact.DurationStyle {
        let style = Fact.DurationStyle.of(media: mediaKind)
        return style == .hours ? .clock : style
    }

    /// The words and the path of a template that is words and one number (`Season {season}`).
    static func numbered(_ template: String) -> (words: String, path: String)? {
        guard template.hasSuffix("}"), let open = template.lastIndex(of: "{"), open > template.startIndex,
            template[template.index(before: open)] == " "
        else { return nil }
        let words = String(template[..<template.index(before: open)])
        guard !words.isEmpty, !words.contains("{"), !words.contains("}") else { return nil }
        return (words, String(template[template.index(after: open)..<template.index(before: template.endIndex)]))
    }

    /// A fact's text in a result, `nil` when a path it reads is missing, empty or 0.
    static func fact(_ template: String, in result: JSONValue, unwrapped: Bool) -> String? {
        func value(_ path: String) -> String? {
            let parsed = unwrapped ? JSONPath(path).droppingFirst : JSONPath(path)
            guard let text = parsed.text(in: result), !text.isEmpty, text != "0" else { return nil }
            return text
        }
        guard template.contains("{") else { return value(template) }
        var text = template
        for path in JSONSource.placeholderNames(in: template) {
            guard let found = value(path) else { return nil }
            text = text.replacingOccurrences(of: "{\(path)}", with: found)
        }
        return text
    }

    /// The answer at a URL as JSON; statuses and unreadable bodies are this source's errors, and
    /// only answers read whole are kept by the cache.
    /// The JSON of an answer; with `listLimit`, each list of it read that far (S13).
    func fetch(_ address: String, context: ProviderContext, listLimit: Int? = nil) async throws -> JSONValue {
        guard let url = URL(string: address) else {
            throw MediaSearchError.badRequest("'\(address)' is not a URL", source: displayName)
        }
        let source = displayName
        let empty = definition.emptyStatus
        return try await context.http.get(url, timeout: context.timeout) { response in
            switch response.status {
            case 200: break
            case empty where (try? JSONDecoder().decode(JSONValue.self, from: response.body)) != nil:
                // The source's own "nothing found", in its own JSON: a 404 page of a wrong host
                // (a moved mirror, a mistyped base_url) is no such answer, and stays an error.
                throw EmptyAnswer()
            case 403, 429: throw MediaSearchError.rateLimited(status: response.status, source: source)
            default: throw MediaSearchError.httpStatus(response.status, source: source)
            }
            do {
                let decoder = JSONDecoder()
                if let listLimit { decoder.userInfo[JSONValue.listLimit] = listLimit }
                return try decoder.decode(JSONValue.self, from: response.body)
            } catch {
                throw MediaSearchError.malformedResponse("the answer is not JSON", source: source)
            }
        }
    }

    /// One result as an item, `nil` without an id or a title.
    func map(_ result: JSONValue, unwrapped: Bool = false, fields: [String: String]? = nil) -> MediaItem? {
        let fields = fields ?? definition.fields
        let paths = fields.mapValues { path -> JSONPath in
            let parsed = JSONPath(path)
            return unwrapped ? parsed.droppingFirst : parsed
        }
        if unwrapped {
            // Only when every path starts with the same step is there a wrapper to take away.
            let firsts = fields.values.reduce(into: Set<String>()) { found, value in
                for path in JSONSource.factPaths(value) { found.formUnion(JSONPath(path).firstSteps) }
            }
            guard firsts.count == 1 else { return nil }
        }
        func text(_ field: String) -> String? {
            // A field written as text with paths in braces (`https://covers.example.org/{cover}.jpg`)
            // is filled as a fact is: left out when a path in it is missing.
            if let template = fields[field], template.contains("{") {
                return Self.fact(template, in: result, unwrapped: unwrapped)
            }
            return paths[field]?.text(in: result)
        }
        guard let id = text("id"), let title = text("title") else { return nil }
        var item = MediaItem(
            id: id, title: title, kind: definition.mediaKind, creator: text("creator"), collection: text("collection"),
            url: text("url").flatMap(SafeURL.http), previewURL: text("preview").flatMap(SafeURL.http),
            releaseDate: text("released"), currency: text("currency"), genre: text("genre"),
            description: text("description").map(HTMLText.plain))
        if let artwork = text("artwork").flatMap(SafeURL.http) { item.artwork = [0: artwork] }
        item.price = SourceNumber.amount(paths["price"]?.number(in: result))
        item.durationMilliseconds = paths["duration"]?.number(in: result).flatMap(
            (definition.durationUnit ?? .seconds).milliseconds)
        item.isExplicit = text("explicit").map { ["true", "1", "yes", "explicit"].contains($0.lowercased()) }
        // `isrc:USUM71703861`, `upc:…`: the same one at two sources is one work.
        item.standardID = text("standard_id").map { $0.trimmingCharacters(in: .whitespaces) }.flatMap {
            $0.split(separator: ":", omittingEmptySubsequences: false).count == 2 && !$0.hasSuffix(":") ? $0 : nil
        }
        for fact in definition.facts {
            guard var value = Self.fact(fact.template, in: result, unwrapped: unwrapped) else { continue }
            // A duration is kept in milliseconds, whatever the source counts in.
            if fact.kind == .duration {
                guard let milliseconds = Double(value).flatMap((definition.durationUnit ?? .seconds).milliseconds)
                else { continue }
                value = String(milliseconds)
            }
            let style = Fact.DurationStyle.of(media: mediaKind).rawValue
            item.facts.append(
                Fact(
                    fact.label, fact.kind, value: String(TextSanitizer.line(value).prefix(Fact.maximumLength)),
                    unit: fact.kind == .duration ? style : fact.unit))
        }
        return item
    }
}

/// The answer with which a source says "nothing found" (``JSONSource/emptyStatus``).
struct EmptyAnswer: Error {}
