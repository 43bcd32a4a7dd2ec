import Dispatch
import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension MCPFace {
    /// The most messages handled at once over stdio: past it, stdin is not read until one is
    /// answered, so a client that sends without reading its answers holds a bounded amount of
    /// this server's memory (a cancellation waits its turn too, at worst a search's time-out).
    static let callsInFlight = 32

    /// `mediasearch mcp`: serves on stdin and stdout until stdin ends, then finishes the calls in
    /// flight and their answers. Each message is handled in a task of its own, so a slow search
    /// holds up no other call; `notifications/cancelled` cancels the one it names.
    public static func serveStdio(session: SearchSession) async {
        let server = MCPServer(tools: tools(session: session))
        let output = LineWriter(output: 1)
        let slots = DispatchSemaphore(value: callsInFlight)
        let running = RunningCalls()
        for await line in LineReader.lines(from: 0, slots: slots) {
            let message = MCPServer.parse(line)
            if let cancelled = MCPServer.cancelledRequest(message) {
                await running.cancel(cancelled)
                slots.signal()
                continue
            }
            let call = Task {
                // A call the client cancelled gets no answer (MCP's cancellation: the client
                // has stopped waiting for it).
                if let answer = await server.handle(message, send: { await output.write($0) }), !Task.isCancelled {
                    await output.write(answer)
                }
                slots.signal()
            }
            await running.add(call, id: MCPServer.requestID(message))
        }
        await running.finish()
    }
}

/// The calls of a stdio connection still running, each until it has ended, and by its request's
/// id for cancelling it (a second request with the same id is the one a cancellation names).
actor RunningCalls {
    private var calls: [Int: Task<Void, Never>] = [:]
    private var byID: [String: Int] = [:]
    private var count = 0

    func add(_ call: Task<Void, Never>, id: String?) {
        count += 1
        let number = count
        calls[number] = call
        if let id { byID[id] = number }
        Task {
            await call.value
            self.remove(number, id: id)
        }
    }

    private func remove(_ number: Int, id: String?) {
        calls[number] = nil
        if let id, byID[id] == number { byID[id] = nil }
    }

    func cancel(_ id: String) {
        guard let number = byID[id] else { return }
        calls[number]?.cancel()
    }

    /// Waits for every call still running.
    func finish() async {
        while let (number, call) = calls.first {
            await call.value
            calls[number] = nil
        }
    }
}

/// Writes one message a line, whole, to a file descriptor (stdout), from a thread of its own: a
/// write that blocks (a client that reads slowly) holds no thread of Swift's pool, and each
/// writer waits until its message is out, so none piles up.
final class LineWriter: Sendable {
    private struct Pending: Sendable {
        var bytes: [UInt8]
        var written: CheckedContinuation<Void, Never>
    }

    private let queue = Mutex<[Pending]>([])
    private let ready = DispatchSemaphore(value: 0)

    init(output: Int32) {
        let thread = Thread { [self] in
            var gone = false
            while true {
                ready.wait()
                let next = queue.withLock { $0.removeFirst() }
                if !gone { gone = !Self.write(next.bytes, to: output) }
                next.written.resume()
            }
        }
        thread.name = "mcp-stdout"
        thread.start()
    }

    /// Returns once the message is written (or the client is gone).
    func write(_ message: JSONValue) async {
        var bytes = message.utf8(pretty: false)
        bytes.append(0x0A)
        await withCheckedContinuation { written in
            queue.withLock { $0.append(Pending(bytes: bytes, written: written)) }
            ready.signal()
        }
    }

    /// Writes all of `bytes`, waiting where `output` is non-blocking and full; `false` once the
    /// reader is gone (stdin's end follows).
    private static func write(_ bytes: [UInt8], to output: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if count < 0 {
                switch errno {
                case EINTR: continue
                case EAGAIN:
                    var wait = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&wait, 1, -1)
                    continue
                default: return false
                }
            }
            written += count
        }
        return true
    }
}

/// MCP's stdio transport's input: one message a line on stdin, read by a thread of its own with
/// blocking reads; a line longer than ``maxMessage`` is dropped whole and answered as a parse
/// error, so no input can grow the buffer without bound. A line is handed on only when one of
/// `slots` is free (the caller frees it when the line is handled).
enum LineReader {
    /// The longest message read, in bytes.
    static let maxMessage = 4 << 20

    /// The lines of `input`, to its end.
    static func lines(from input: Int32, slots: DispatchSemaphore) -> AsyncStream<Data> {
        let (lines, continuation) = AsyncStream<Data>.makeStream()
        let reader = Thread {
            readLines(from: input) { line in
                slots.wait()
                continuation.yield(line)
            }
            continuation.finish()
        }
        reader.name = "mcp-stdin"
        reader.start()
        return lines
    }

    /// Reads `input` to its end, handing on each line but empty ones (a `\r` before the `\n`
    /// dropped; the last line taken with or without its `\n`), and a line too long as `{`.
    static func readLines(from input: Int32, _ hand: (Data) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var line: [UInt8] = []
        var skipping = false
        func take(_ bytes: ArraySlice<UInt8>) {
            guard !skipping else { return }
            guard line.count + bytes.count <= maxMessage else {
                line = []
                skipping = true
                return hand(Data("{".utf8))
            }
            line.append(contentsOf: bytes)
        }
        func end() {
            if !skipping {
                if line.last == 0x0D { line.removeLast() }
                if !line.isEmpty { hand(Data(line)) }
            }
            skipping = false
            line.removeAll(keepingCapacity: true)
        }
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
                take(buffer[start..<index])
                end()
                start = index + 1
            }
            take(buffer[start..<count])
        }
        end()
    }
}
