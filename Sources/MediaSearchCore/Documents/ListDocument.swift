import MediaSearchKit

/// The JSON document of a list (`mediasearch list NAME --format json`, `/api/lists/{name}`): its
/// name and its items as a search's results (`$defs/result` of `search.schema.json`), the latest
/// added first.
public struct ListDocument: Sendable {
    public var name: String
    public var results: [ResultEntry]

    public init(name: String, results: [ResultEntry]) {
        self.name = name
        self.results = results
    }

    public var json: JSONValue {
        .object(["name": .string(TextSanitizer.line(name)), "results": .array(results.map { ResultRecord($0).json })])
    }
}

/// The document of every list: `mediasearch lists --format json`, `/api/lists`.
public struct ListsDocument: Sendable {
    public var lists: [ListSummary]

    public init(lists: [ListSummary]) {
        self.lists = lists
    }

    public var json: JSONValue {
        .object([
            "lists": .array(
                lists.map { .object(["name": .string(TextSanitizer.line($0.name)), "count": JSONValue($0.count)]) })
        ])
    }
}
