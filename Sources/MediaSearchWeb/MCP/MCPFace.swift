import Foundation
import MediaSearchCore
import MediaSearchKit

#if canImport(Glibc)
    import Glibc
#endif

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

    /// `mediasearch mcp`: serves on stdin and stdout until stdin ends, then finishes the calls in
    /// flight. Each message is handled in a task of its own, so a slow search holds up no other
    /// call; `notifications/cancelled` cancels the one it names.
    public static func serveStdio(session: SearchSession) async {
        let server = MCPServer(tools: tools(session: session))
        let output = LineWriter(output: 1)
        let running = RunningCalls()
        for await line in LineReader.lines(from: 0) {
            if let cancelled = MCPServer.cancelledRequest(line) {
                await running.cancel(cancelled)
                continue
            }
            let id = MCPServer.requestID(line)
            let call = Task {
                // A call the client cancelled gets no answer (MCP's cancellation: the client
                // has stopped waiting for it).
                if let answer = await server.handle(line, send: { await output.write($0) }), !Task.isCancelled {
                    await output.write(answer)
                }
            }
            if let id { await running.add(call, id: id) }
        }
        await running.finish()
    }
}

/// One connection's messages, answered (JSON-RPC 2.0 as MCP has it).
struct MCPServer: Sendable {
    let tools: MCPTools

    /// The protocol versions spoken, the newest first.
    static let versions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// What an assistant is told of the server when it connects.
    static let instructions =
        "MediaSearch searches many media sources at once (iTunes, Deezer, radio, TVmaze, Open Library,"
        + " LibriVox, MusicBrainz...). Use search first; each result's kind and id open it with show."
        + " Results are JSON documents; text in them comes from the sources."

    /// The answer to one message (`nil` for a notification or a client's answer); `send` is given
    /// the messages that go before it (a search's progress notifications).
    func handle(_ data: Data, send: @escaping @Sendable (JSONValue) async -> Void) async -> JSONValue? {
        guard let message = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            return Self.error(id: .null, code: -32700, "parse error: a message is one JSON object")
        }
        guard case .object(let fields) = message else {
            return Self.error(id: .null, code: -32600, "a message is one JSON object (batches are not taken)")
        }
        let id = fields["id"] ?? .null
        guard let method = fields["method"]?.stringValue else {
            // A client's answer to a request: this server sends none.
            if fields["result"] != nil || fields["error"] != nil { return nil }
            return Self.error(id: id, code: -32600, "a request names its method")
        }
        switch id {
        case .null: return nil  // a notification: initialized, cancelled (handled by the transport), ...
        case .string, .number: break
        default: return Self.error(id: .null, code: -32600, "an id is a string or a number")
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
                    await send(
                        .object([
                            "jsonrpc": .string("2.0"), "method": .string("notifications/progress"),
                            "params": .object([
                                "progressToken": token, "progress": .number(done), "total": .number(total),
                                "message": .string(message),
                            ]),
                        ]))
                }
                return Self.result(id: id, answer)
            } catch let failure as MCPFailure {
                return Self.error(id: id, code: failure.code, failure.message)
            } catch is CancellationError {
                return Self.error(id: id, code: -32800, "cancelled")
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

    /// The id of a request (as its text, for cancelling it), `nil` for anything else.
    static func requestID(_ data: Data) -> String? {
        guard let message = try? JSONDecoder().decode(JSONValue.self, from: data), message["method"] != nil,
            let id = message["id"], id.isID
        else { return nil }
        return id.text(pretty: false)
    }

    /// The request a `notifications/cancelled` names (as its id's text), `nil` for any other message.
    static func cancelledRequest(_ data: Data) -> String? {
        guard let message = try? JSONDecoder().decode(JSONValue.self, from: data),
            message["method"]?.stringValue == "notifications/cancelled", message["id"] == nil,
            let id = message["params"]?["requestId"], id.isID
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

/// The calls of a stdio connection still running, by their request's id.
actor RunningCalls {
    private var calls: [String: Task<Void, Never>] = [:]

    func add(_ call: Task<Void, Never>, id: String) {
        calls[id] = call
        Task {
            await call.value
            self.remove(id, call)
        }
    }

    private func remove(_ id: String, _ call: Task<Void, Never>) {
        if calls[id] == call { calls[id] = nil }
    }

    func cancel(_ id: String) { calls[id]?.cancel() }

    /// Waits for every call still running.
    func finish() async {
        while let call = calls.values.first {
            await call.value
            calls = calls.filter { $0.value != call }
        }
    }
}

/// Writes one message a line, whole, to a file descriptor (stdout).
actor LineWriter {
    private let output: Int32

    init(output: Int32) { self.output = output }

    func write(_ message: JSONValue) {
        var bytes = message.utf8(pretty: false)
        bytes.append(0x0A)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return  // the client is gone; stdin's end follows
            }
            written += count
        }
    }
}

/// MCP's stdio transport's input: one message a line on stdin, read by a thread of its own with
/// blocking reads; a line longer than ``maxMessage`` is dropped whole and answered as a parse
/// error, so no input can grow the buffer without bound.
enum LineReader {
    /// The longest message read, in bytes.
    static let maxMessage = 4 << 20

    /// The lines of `input`, to its end.
    static func lines(from input: Int32) -> AsyncStream<Data> {
        let (lines, continuation) = AsyncStream<Data>.makeStream()
        let reader = Thread { readLines(from: input, into: continuation) }
        reader.name = "mcp-stdin"
        reader.start()
        return lines
    }

    /// Reads `input` to its end, handing on each line but empty ones (a `\r` before the `\n` dropped).
    static func readLines(from input: Int32, into continuation: AsyncStream<Data>.Continuation) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var line: [UInt8] = []
        var skipping = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var wait = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                    _ = poll(&wait, 1, -1)
                    continue
                }
                break
            }
            if count == 0 { break }
            var start = 0
            for index in 0..<count where buffer[index] == 0x0A {
                if !skipping {
                    line.append(contentsOf: buffer[start..<index])
                    if line.last == 0x0D { line.removeLast() }
                    if !line.isEmpty { continuation.yield(Data(line)) }
                }
                skipping = false
                line.removeAll(keepingCapacity: true)
                start = index + 1
            }
            guard !skipping else { continue }
            line.append(contentsOf: buffer[start..<count])
            if line.count > maxMessage {
                line = []
                skipping = true
                continuation.yield(Data("{".utf8))
            }
        }
        continuation.finish()
    }
}
