import Foundation
import HTTPTypes
import Hummingbird
import MediaSearchCore
import MediaSearchKit
import NIOCore

/// `serve`'s `/mcp`: MCP's Streamable HTTP transport without sessions, behind the same Host and
/// Origin rules as every route (``RequestGuard``). Each POST carries one JSON-RPC message: a
/// request's answer comes as JSON, or, when the client accepts `text/event-stream`, as an event
/// stream carrying the search's progress notifications and then the answer. Nothing is kept
/// between requests (the tools keep no state of their own), so no session can pile up; every
/// method but POST is 405 (``SecurityHeaders``), GET (a stream the server would start) and DELETE
/// (ending a session) as the specification allows.
struct MCPEndpoint: Sendable {
    let server: MCPServer

    /// The largest message taken, in bytes.
    static let maxBody = 1 << 20

    func respond(_ request: Request) async -> Response {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/json") else {
            return Self.error(415, "a message is sent as application/json")
        }
        if let version = request.headers[HTTPField.Name("MCP-Protocol-Version")!],
            !MCPServer.versions.contains(version)
        {
            return Self.error(
                400,
                "unsupported MCP-Protocol-Version '\(TextSanitizer.line(version).prefix(40))'; supported: "
                    + MCPServer.versions.joined(separator: ", "))
        }
        let bytes: ByteBuffer
        do {
            bytes = try await request.body.collect(upTo: Self.maxBody)
        } catch {
            return Self.error(413, "a message is at most \(Self.maxBody / 1024) KiB")
        }
        guard let message = MCPServer.parse(Data(buffer: bytes)), message.objectValue != nil else {
            return Self.error(400, "the body is one JSON-RPC message (an object; batches are not taken)", rpc: -32700)
        }
        // A notification or a client's answer needs no answer, and there is no session to tell.
        // (`notifications/cancelled` too: without sessions, the id it names could be any
        // client's; a call is cancelled by closing its stream, docs/mcp.md.)
        let answer = message["method"] == nil && (message["result"] != nil || message["error"] != nil)
        guard message["id"] != nil, !answer else { return Response(status: .accepted) }
        let accept = request.headers[.accept]?.lowercased() ?? ""
        guard accept.contains("text/event-stream") else {
            // JSON: the answer alone (progress has nowhere to go).
            guard let answer = await server.handle(message, send: { _ in }) else { return Response(status: .accepted) }
            return Self.json(answer, status: 200)
        }
        let (messages, sent) = AsyncStream<JSONValue>.makeStream()
        let server = self.server
        let call = Task {
            if let answer = await server.handle(message, send: { sent.yield($0) }) { sent.yield(answer) }
            sent.finish()
        }
        let body = ResponseBody { writer in
            for await message in messages {
                var event = ByteBuffer(string: "event: message\ndata: ")
                event.writeBytes(message.utf8(pretty: false))
                event.writeString("\n\n")
                do {
                    try await writer.write(event)
                } catch {
                    call.cancel()  // the client is gone: so is its search
                    throw error
                }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    static func json(_ message: JSONValue, status: Int) -> Response {
        Response(
            status: HTTPResponse.Status(code: status),
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: message.utf8(pretty: false))))
    }

    static func error(_ status: Int, _ message: String, rpc code: Int = -32600, headers: HTTPFields = [:]) -> Response {
        var response = json(MCPServer.error(id: .null, code: code, message), status: status)
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}
