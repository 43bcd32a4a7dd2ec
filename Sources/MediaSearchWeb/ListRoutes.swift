import Foundation
import HTTPTypes
import Hummingbird
import MediaSearchCore
import MediaSearchKit

/// The lists on the web and in the JSON API (#61): the same lists as `star` and `list`, kept by
/// the session's ``ListStore`` (the user's file, or the shared store's).
extension WebRoutes {
    func listsScreen() async -> Response {
        do {
            return WebResponse.html(
                Screens.lists(try await session.lists.lists(), configuration: configuration, catalog: catalog))
        } catch {
            return failure(error, json: false)
        }
    }

    func listScreen(name: String) async -> Response {
        do {
            let list = try ListName.checked(name, lenient: false)
            let entries = try await session.listResults(list)
            return WebResponse.html(
                Screens.list(
                    list, entries: entries, kinds: Set(session.askableProviders.map(\.kind)),
                    configuration: configuration, catalog: catalog))
        } catch {
            return failure(error, json: false)
        }
    }

    func listsAPI() async -> Response {
        do {
            return Self.revalidated(
                WebResponse.json(JSONOutput.text(ListsDocument(lists: try await session.lists.lists()).json)))
        } catch {
            return failure(error, json: true)
        }
    }

    /// A list as JSON, or as a table or a playlist to download (`format=csv`, `format=m3u`).
    func listAPI(name: String, request: Request) async -> Response {
        do {
            let format = try ResultFormat.requested(QueryString.parse(request.uri.query)["format"])
            let list = try ListName.checked(name, lenient: false)
            let entries = try await session.listResults(list)
            guard format != .json else {
                return Self.revalidated(
                    WebResponse.json(JSONOutput.text(ListDocument(name: list, results: entries).json)))
            }
            return format.download(entries, named: "list " + list, page: nil)
        } catch {
            return failure(error, json: true)
        }
    }

    /// One item of a list: whether it is listed (GET: a 404 when it is not), kept (PUT: looked up
    /// as a detail is, when the library does not have it) or taken off (DELETE, whether or not it
    /// was there).
    func listItemAPI(method: HTTPRequest.Method, name: String, kind: String, id: String, request: Request) async
        -> Response
    {
        do {
            let change: ListChange? =
                switch method {
                case .put: .keep
                case .delete: .remove
                default: nil
                }
            let answer = try await listItem(
                change, name: name, kind: kind, id: id, explicit: QueryString.parse(request.uri.query)["explicit"])
            return WebResponse.json(JSONOutput.text(answer))
        } catch {
            return failure(error, json: true)
        }
    }

    /// What may be done to one item of a list.
    enum ListChange { case keep, remove }

    /// One item of a list, as the JSON API and the MCP tools answer it (`ListItem` in the OpenAPI
    /// document): whether it is listed (without a change: not found when it is not), kept (looked
    /// up as a detail is, when the library does not have it) or taken off (whether or not it was
    /// there).
    func listItem(_ change: ListChange?, name: String, kind: String, id: String, explicit: String?) async throws
        -> JSONValue
    {
        let list = try ListName.checked(name, lenient: false)
        // Keeping an item looks it up, so only a kind a search here could show is taken; an
        // item already listed is read or taken off whatever its kind is now (a kind disabled
        // since must not leave it stuck on the list).
        if change == .keep, case .failure(let error) = checked(kind: kind, id: id, explicit: explicit) { throw error }
        guard Self.isPlainID(id) else { throw BadRequest(key: "request.itemId") }
        let listed = try await session.lists.items(in: list).contains { $0.kind == kind && $0.item.id == id }
        var answer: [String: JSONValue] = [
            "list": .string(list), "kind": .string(kind), "id": .string(id), "listed": .bool(listed),
        ]
        switch change {
        case .keep:
            let (_, _, added) = try await session.star(.id(id, kind: kind), list: list)
            answer["listed"] = .bool(true)
            answer["changed"] = .bool(added)
        case .remove:
            if listed { _ = try await session.lists.remove(id: id, kind: kind, from: list) }
            answer["listed"] = .bool(false)
            answer["changed"] = .bool(listed)
        case nil:
            // A list's item that is not there is no resource (DELETE stays idempotent: 200).
            guard listed else { throw MediaSearchError.notFound("\(id) of kind \(kind) in the list '\(list)'") }
            answer["changed"] = .bool(false)
        }
        return .object(answer)
    }

    /// A list read by a page's script may be kept by the browser, asked again before each use
    /// (`no-cache`), rather than never kept (`no-store`): a page whose script received a `no-store`
    /// answer leaves Chromium's back/forward cache, and Back would lose its place.
    static func revalidated(_ response: Response) -> Response {
        var response = response
        response.headers[.cacheControl] = "private, no-cache"
        return response
    }
}
