import FlyingFox
import FlyingSocks
import Foundation

/// What the server sends for one request.
struct Answer: Sendable {
    var status = 200
    var body = Data()
    var contentType = "text/javascript; charset=utf-8"
    var delay: Duration = .zero
    /// Bytes per chunk and pause, for a slow answer.
    var drip: (Int, Duration)?
    /// Whether the connection breaks after the headers.
    var breaks = false
    /// A `Location` header, for redirects.
    var location: String?
    /// Bytes of JSON padding generated while sending, instead of `body`.
    var generated: Int?

    static func json(_ text: String) -> Answer { Answer(body: Data(text.utf8)) }

    init(status: Int = 200, body: Data = Data()) {
        self.status = status
        self.body = body
    }

    init(delay: Duration, base: Answer) {
        self = base
        self.delay = delay
    }

    init(fault: Fault) {
        switch fault {
        case .status(let status, let body):
            self.init(status: status, body: Data(body.utf8))
        case .body(let text, let contentType):
            self.init(body: Data(text.utf8))
            self.contentType = contentType
        case .delay(let delay):
            self.init()
            self.delay = delay
        case .huge(let bytes):
            self.init()
            self.generated = bytes
        case .redirect(let location, let status):
            self.init(status: status)
            self.location = location
        case .drip(let bytes, let interval):
            self.init(body: Data(#"{"resultCount":0,"results":[]}"#.utf8))
            self.drip = (max(bytes, 1), interval)
        case .reset:
            self.init(body: Data(#"{"resultCount":1,"results":[{"#.utf8))
            self.breaks = true
        }
    }
}

/// Adapts the fixture server to FlyingFox: latency, then the answer, slow or broken as asked.
struct FixtureHandler: HTTPHandler {
    let fixture: FixtureServer
    let latency: Duration

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer = await fixture.answer(path: request.path, rawQuery: request.target.query(percentEncoded: true))
        let wait = latency + answer.delay
        if wait > .zero { try await Task.sleep(for: wait) }
        let status = HTTPStatusCode(answer.status, phrase: answer.status == 200 ? "OK" : "Status \(answer.status)")
        var headers: HTTPHeaders = [.contentType: answer.contentType]
        if let location = answer.location { headers[HTTPHeader("Location")] = location }
        if let bytes = answer.generated {
            let padding = PaddingBytes(total: bytes)
            return HTTPResponse(
                statusCode: status, headers: headers, body: HTTPBodySequence(from: padding, count: padding.count))
        }
        if let (chunk, interval) = answer.drip {
            let bytes = SlowBytes(data: answer.body, chunk: chunk, interval: interval, breaks: false)
            return HTTPResponse(
                statusCode: status, headers: headers, body: HTTPBodySequence(from: bytes, count: answer.body.count))
        }
        if answer.breaks {
            let bytes = SlowBytes(data: answer.body, chunk: answer.body.count, interval: .zero, breaks: true)
            return HTTPResponse(
                statusCode: status, headers: headers, body: HTTPBodySequence(from: bytes, count: answer.body.count * 10)
            )
        }
        return HTTPResponse(statusCode: status, headers: headers, body: answer.body)
    }
}

/// Bytes sent a chunk at a time with pauses; optionally breaking the connection at the end.
struct SlowBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let data: Data
    let chunk: Int
    let interval: Duration
    let breaks: Bool

    func makeAsyncIterator() -> Iterator { Iterator(data: data, chunk: chunk, interval: interval, breaks: breaks) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let data: Data
        let chunk: Int
        let interval: Duration
        let breaks: Bool
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard offset < data.count else {
                if breaks { throw URLError(.networkConnectionLost) }
                return nil
            }
            if offset > 0 && interval > .zero { try await Task.sleep(for: interval) }
            let end = Swift.min(offset + Swift.min(chunk, Swift.max(count, 1)), data.count)
            defer { offset = end }
            return Array(data[offset..<end])
        }
    }
}

/// `{"resultCount":0,"results":[],"padding":"xxx…"}` with `total` padding bytes, made chunk by
/// chunk as it is sent.
struct PaddingBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    static let head = Array(#"{"resultCount":0,"results":[],"padding":""#.utf8)
    static let tail = Array(#""}"#.utf8)
    let total: Int

    var count: Int { Self.head.count + total + Self.tail.count }

    func makeAsyncIterator() -> Iterator { Iterator(count: count) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let count: Int
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested size: Int) async throws -> [UInt8]? {
            guard offset < count else { return nil }
            let end = Swift.min(offset + Swift.max(Swift.min(size, 65_536), 1), count)
            defer { offset = end }
            return (offset..<end).map { position in
                if position < PaddingBytes.head.count { return PaddingBytes.head[position] }
                if position >= count - PaddingBytes.tail.count {
                    return PaddingBytes.tail[position - (count - PaddingBytes.tail.count)]
                }
                return UInt8(ascii: "x")
            }
        }
    }
}
