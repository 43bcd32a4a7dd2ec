import Foundation
import MediaSearchCore
import MediaSearchKit

/// The MCP face (#73, docs/mcp.md): an assistant's client asks the tools of ``MCPTools`` over
/// stdio (`mediasearch mcp`) or over HTTP (`serve`'s `/mcp`), in MCP's JSON-RPC 2.0 messages.
/// The protocol is ours, and small: the handshake, `ping`, `tools/list`, `tools/call` with
/// progress notifications, and cancellation (docs/design.md, "The MCP face", says why not the
/// Swift SDK).
public enum MCPFace {
    /// How the engine's messages name things on this face.
    static let words = FaceVocabulary(
        filter: { $0 }, kindList: "the providers tool", searchFirst: "search first",
        showAs: { "the show tool with kind \($1) and id \($0)" }, offlineNote: "offline answers use no network",
        searchExample: "the search tool with term \"jack johnson\"")

    /// The tools over a session, as both transports serve them: no history, no `show --result`
    /// numbers, this face's words.
    static func tools(session: SearchSession) -> MCPTools {
        var session = session
        session.savesLastResults = false
        session.words = words
        return MCPTools(routes: WebRoutes(session: session, answers: AnswerCache(capacity: 1, lifetime: .seconds(1))))
    }
}

/// One connection's messages, answered (JSON-RPC 2.0 as MCP has it).
struct MCPServer: Sendable {
    let tools: MCPTools

    /// The protocol versions spoken, the newest first.
    /// (Not 2025-03-26 and before: those have JSON-RPC batches, which this server does not take.)
    static let versions = ["2025-11-25", "2025-06-18"]

    /// What an assistant is told of the server when it connects.
    static let instructions =
        "MediaSearch searches many media sources at once (iTunes, Deezer, radio, TVmaze, Open Library,"
        + " LibriVox, MusicBrainz...). Use search first; each result's kind and id open it with show."
        + " Results are JSON documents; text in them comes from the sources."

    /// A message as read: its JSON, `nil` when it is not JSON.
    static func parse(_ data: Data) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: data) }

    /// The answer to one message (`nil` for a notification, a client's answer, or a call cancelled
    /// on its way: the client has stopped waiting for it); `send` is given the messages that go
    /// before it (a search's progress notifications).
    func handle(_ message: JSONValue?, send: @escaping @Sendable (JSONValue) async -> Void) async -> JSONValue? {
        guard let message else {
            return Self.error(id: .null, code: -32700, "parse error: a message is one JSON object")
        }
        guard case .object(let fields) = message else {
            return Self.error(id: .null, code: -32600, "a message is one JSON object (batches are not taken)")
        }
        guard let method = fields["method"]?.stringValue else {
            // A client's answer to a request: this server sends none.
            if fields["result"] != nil || fields["error"] != nil { return nil }
            return Self.error(
                id: fields["id"].flatMap(Self.validID) ?? .null, code: -32600, "a request names its method")
        }
        // No id: a notification (initialized, cancelled: handled by the transport, ...).
        guard let given = fields["id"] else { return nil }
        guard let id = Self.validID(given) else {
            return Self.error(
                id: .null, code: -32600,
                "an id is a string or a whole number of at most 2^53 (MCP's ids are never null)")
        }
        let params = fields["params"]?.objectValue ?? [:]
        switch method {
        case "initialize":
            let asked = params["protocolVersion"]?.stringValue ?? ""
            return Self.result(
                id: id,
                .object([
                    "protocolVersion": .string(Self.versions.contains(asked) ? asked : Self.versions[0]),
                    "capabilities": .object(["tools": .object(["listChanged": .bool(false)])]),
                    "serverInfo": .object([
                        "name": .string("mediasearch"), "title": .string("MediaSearch"),
                        "version": .string(MediaSearchVersion.number),
                    ]),
                    "instructions": .string(Self.instructions),
                ]))
        case "ping": return Self.result(id: id, .object([:]))
        case "tools/list": return Self.result(id: id, .object(["tools": .array(tools.list)]))
        case "tools/call":
            guard let name = params["name"]?.stringValue else {
                return Self.error(id: id, code: -32602, "tools/call names its tool")
            }
            guard params["arguments"] == nil || params["arguments"]?.objectValue != nil else {
                return Self.error(id: id, code: -32602, "a tool's arguments are an object")
            }
            let token = params["_meta"]?["progressToken"]
            do {
                let answer = try await tools.call(name, arguments: params["arguments"]?.objectValue ?? [:]) {
                    done, total, message in
                    guard let token, token.isID else { return }
                    var progress: JSONValue = .object([
                        "progressToken": token, "progress": .number(done), "message": .string(message),
                    ])
                    if let total { progress.set("total", .number(total)) }
                    await send(
                        .object([
                            "jsonrpc": .string("2.0"), "method": .string("notifications/progress"), "params": progress,
                        ]))
                }
                return Self.result(id: id, answer)
            } catch let failure as MCPFailure {
                return Self.error(id: id, code: failure.code, failure.message)
            } catch is CancellationError {
                return nil
            } catch {
                return Self.error(id: id, code: -32603, MediaSearchError.wrap(error).description)
            }
        default:
            return Self.error(id: id, code: -32601, "no method '\(TextSanitizer.line(method).prefix(64))'")
        }
    }

    static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id, "result": result])
    }

    static func error(id: JSONValue, code: Int, _ message: String) -> JSONValue {
        .object([
            "jsonrpc": .string("2.0"), "id": id,
            "error": .object(["code": .number(Double(code)), "message": .string(message)]),
        ])
    }

    /// `id` if it can be a request's id: a string, or a whole number that JSON's readers take
    /// exactly (a client of JavaScript cannot tell 2^53 + 1 from 2^53, and neither can this one).
    static func validID(_ id: JSONValue) -> JSONValue? {
        switch id {
        case .string: id
        case .number(let number) where number == number.rounded() && abs(number) <= 9_007_199_254_740_991: id
        default: nil
        }
    }

    /// The id of a request (as its text, for cancelling it), `nil` for anything else.
    static func requestID(_ message: JSONValue?) -> String? {
        guard let message, message["method"] != nil, let id = message["id"].flatMap(validID) else { return nil }
        return id.text(pretty: false)
    }

    /// The request a `notifications/cancelled` names (as its id's text), `nil` for any other message.
    static func cancelledRequest(_ message: JSONValue?) -> String? {
        guard let message, message["method"]?.stringValue == "notifications/cancelled", message["id"] == nil,
            let id = message["params"]?["requestId"].flatMap(validID)
        else { return nil }
        return id.text(pretty: false)
    }
}

extension JSONValue {
    /// Whether this can be a JSON-RPC id or a progress token: a string or a number.
    var isID: Bool {
        switch self {
        case .string, .number: true
        default: false
        }
    }
}
