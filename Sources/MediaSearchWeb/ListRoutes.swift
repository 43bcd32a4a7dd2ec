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
            let lists = try await session.allLists()
            // Each list's cover: the artwork of its latest items, as media apps show a playlist.
            var covers: [String: [String]] = [:]
            for list in lists where list.count > 0 {
                covers[list.name] = Array(
                    try await session.listResults(list.name).compactMap(\.tile.artworkUrl).prefix(4))
            }
            return WebResponse.html(
                Screens.lists(lists, covers: covers, configuration: configuration, catalog: catalog))
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
                WebResponse.json(JSONOutput.text(ListsDocument(lists: try await session.allLists()).json)))
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

    // MARK: making, renaming and deleting lists (#75 item 5)

    /// The Lists page's form: a new list, then its page (303, so Back and reload do not post again).
    func createListForm(_ request: Request) async -> Response {
        do {
            let made = try await session.createList(try await Self.form(request)["name"] ?? "")
            return Self.seeOther(Screens.listPath(made))
        } catch {
            return failure(error, json: false)
        }
    }

    /// A list page's rename form: the list under its new name, then its page.
    func renameListForm(name: String, request: Request) async -> Response {
        do {
            let renamed = try await session.renameList(
                try ListName.checked(name, lenient: false), to: try await Self.form(request)["to"] ?? "")
            return Self.seeOther(Screens.listPath(renamed))
        } catch {
            return failure(error, json: false)
        }
    }

    /// Whether to delete a list: a page that says what goes with it, with the button that does it.
    func deleteListScreen(name: String) async -> Response {
        do {
            let list = try ListName.checked(name, lenient: false)
            guard list != ListName.starred else { throw MediaSearchError.listFixed(list) }
            guard let held = try await session.allLists().first(where: { $0.name == list }) else {
                throw MediaSearchError.noSuchList(list, lists: try await session.allLists().map(\.name))
            }
            return WebResponse.html(Screens.deleteList(held, configuration: configuration, catalog: catalog))
        } catch {
            return failure(error, json: false)
        }
    }

    /// The delete page's button: the list gone, with its items when the page said it held some
    /// (a list the page showed empty that has an item since is not deleted), then the Lists page.
    func deleteListForm(name: String, request: Request) async -> Response {
        do {
            let holding = Int(try await Self.form(request)["holding"] ?? "") ?? 0
            _ = try await session.deleteList(try ListName.checked(name, lenient: false), withItems: holding > 0)
            return Self.seeOther("/lists")
        } catch {
            return failure(error, json: false)
        }
    }

    /// What may be done to a list in the JSON API.
    enum ListsChange { case create, delete, rename(to: String?) }

    /// A list made (PUT, whether or not it was there), deleted with its items (DELETE, whether or
    /// not it was there) or renamed (POST `…/rename?to=NEW`): `{"list", "changed"}`.
    func listChangeAPI(_ change: ListsChange, name: String) async -> Response {
        do {
            let list = try ListName.checked(name, lenient: false)
            let answer: (String, Bool)
            switch change {
            case .create:
                do {
                    answer = (try await session.createList(list), true)
                } catch MediaSearchError.listExists {
                    answer = (list, false)
                }
            case .delete:
                do {
                    _ = try await session.deleteList(list, withItems: true)
                    answer = (list, true)
                } catch MediaSearchError.noSuchList {
                    answer = (list, false)
                }
            case .rename(let to):
                guard let to, !to.isEmpty else { throw BadRequest(key: "request.listName") }
                let renamed = try await session.renameList(list, to: to)
                answer = (renamed, renamed != list)
            }
            return WebResponse.json(
                JSONOutput.text(.object(["list": .string(answer.0), "changed": .bool(answer.1)])))
        } catch {
            return failure(error, json: true)
        }
    }

    /// A form's fields (`application/x-www-form-urlencoded`, at most 4 KiB: a list's name; more
    /// is the request's fault, said as such).
    static func form(_ request: Request) async throws -> [String: String] {
        do {
            return QueryString.parse(String(buffer: try await request.body.collect(upTo: 4096)))
        } catch {
            throw BadRequest(key: "request.formTooLong")
        }
    }

    /// A redirect to a page of this server, as a form's answer; the path in ASCII, every other
    /// byte percent-encoded (a list's name may be Cyrillic), as a header must be.
    static func seeOther(_ path: String) -> Response {
        var response = Response(status: .seeOther)
        let ascii = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/%")
        response.headers[.location] = path.addingPercentEncoding(withAllowedCharacters: ascii) ?? "/lists"
        response.headers[.cacheControl] = "no-store"
        return response
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
