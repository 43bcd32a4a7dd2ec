import Foundation
import HTTPTypes
import Hummingbird
import MediaSearchCore
import MediaSearchKit

/// The JSON API's search (`/api/search`): a document, a download, or JSON lines as the sources answer.
extension WebRoutes {
    func searchAPI(_ request: Request) async -> Response {
        do {
            let values = QueryString.parse(request.uri.query)
            let query = try WebQuery(values, catalog: catalog, configuration: configuration)
            let format = try ResultFormat.requested(values["format"])
            let searchRequest = query.request(configuration: configuration)
            let key = cacheKey(format.name, searchRequest, query)
            if let cached = await answers.get(key) { return cached }
            guard !query.isEmpty else {
                return WebResponse.error(
                    status: 400, message: "q is required (or a filter that can be the search itself)", json: true,
                    configuration: configuration)
            }
            if format == .jsonl { return try await searchLines(query: query, request: searchRequest) }
            let page = try await apiSession.search(searchRequest, order: query.order)
            if let failed = Self.upstreamFailure(page) {
                return WebResponse.error(
                    status: 502, message: failed, json: true, configuration: configuration, notices: page.notices)
            }
            let response =
                format == .json
                ? WebResponse.json(JSONOutput.text(page.document().json))
                : format.download(page, term: query.term ?? query.filters.values.sorted().joined(separator: " "))
            if !page.outcome.hasFailures && page.offline == nil { await answers.put(key, response) }
            return response
        } catch let error as BadRequest {
            return WebResponse.error(status: 400, message: error.message, json: true, configuration: configuration)
        } catch {
            return failure(error, json: true)
        }
    }

    /// A search as JSON lines (`format=jsonl`), written as its sources answer: each result once,
    /// an update line when a later source has a result already written (``JoinedResult/json``),
    /// and last an `end` line with every source's status, the total and the notices. A search
    /// that fails everywhere before any line is a 502, as the JSON document's; a sorted page or a
    /// later one is written whole at its end. Never kept in the answer cache.
    func searchLines(query: WebQuery, request: SearchRequest) async throws -> Response {
        // A page that waits (sorted, or a later one, which may repeat the page before) is written
        // from the page, as the JSON document is.
        let streams = query.order == ResultOrder() && query.page == 1
        let search = try apiSession.stream(request, order: query.order, patience: streams ? .zero : nil)
        let events = EventSource(search.events)
        var lines: [String] = []
        while let event = try await events.next() {
            switch event {
            case .finished(let page):
                if let failed = Self.upstreamFailure(page) {
                    return WebResponse.error(
                        status: 502, message: failed, json: true, configuration: configuration, notices: page.notices)
                }
                if !streams {
                    lines =
                        page.repeatsPrevious
                        ? [] : page.results.map { ResultRecord($0).json.text(pretty: false) + "\n" }
                }
                return WebResponse.body(
                    (lines + [Self.endLine(page)]).joined(), type: ResultFormat.jsonl.mediaType, status: .ok)
            case .arrived(let arrival):
                lines.append(Self.lines(arrival))
                guard streams, !arrival.pending.isEmpty, arrival.statuses.contains(where: { $0.error == nil }) else {
                    continue
                }
                let written = lines.joined()
                let body = ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: written))
                    while let event = try await events.next() {
                        switch event {
                        case .arrived(let arrival): try await writer.write(ByteBuffer(string: Self.lines(arrival)))
                        case .finished(let page): try await writer.write(ByteBuffer(string: Self.endLine(page)))
                        }
                    }
                    try await writer.finish(nil)
                }
                return Response(
                    status: .ok, headers: [.contentType: ResultFormat.jsonl.mediaType, .cacheControl: "no-store"],
                    body: body)
            }
        }
        throw MediaSearchError.cancelled
    }

    /// An arrival's JSON lines: its new results, then its update lines.
    static func lines(_ arrival: SearchArrival) -> String {
        (arrival.added.map { ResultRecord($0).json } + arrival.joined.map(\.json)).map {
            $0.text(pretty: false) + "\n"
        }.joined()
    }

    /// The last JSON line of a search: `{"end": {...}}` with the total, each source's status, whether
    /// a next page may exist and the notices, as the JSON document says them.
    static func endLine(_ page: SearchPage) -> String {
        var end: [String: JSONValue] = ["total": .number(Double(page.repeatsPrevious ? 0 : page.results.count))]
        if case .object(let fields) = page.document().json {
            for key in ["providers", "notices", "hasMore"] { end[key] = fields[key] }
        }
        return JSONValue.object(["end": .object(end)]).text(pretty: false) + "\n"
    }
}
