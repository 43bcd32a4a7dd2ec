import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

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

/// Turns an answer into a Hummingbird response: latency first, then the body, slow, huge or
/// broken as asked.
enum FixtureResponder {
    static func respond(_ answer: Answer, latency: Duration) async throws -> Response {
        let wait = latency + answer.delay
        if wait > .zero { try await Task.sleep(for: wait) }
        var headers: HTTPFields = [.contentType: answer.contentType]
        if let location = answer.location { headers[.location] = location }
        let status = HTTPResponse.Status(code: answer.status)
        if let bytes = answer.generated {
            return Response(status: status, headers: headers, body: padding(bytes))
        }
        if let (chunk, interval) = answer.drip {
            let data = answer.body
            headers[.contentLength] = String(data.count)
            let body = ResponseBody(contentLength: data.count) { writer in
                var offset = 0
                while offset < data.count {
                    if offset > 0 { try await Task.sleep(for: interval) }
                    let end = min(offset + chunk, data.count)
                    try await writer.write(ByteBuffer(bytes: data[offset..<end]))
                    offset = end
                }
                try await writer.finish(nil)
            }
            return Response(status: status, headers: headers, body: body)
        }
        if answer.breaks {
            // Promise ten times the bytes, send a part, then fail: the connection closes mid-body.
            let data = answer.body
            let body = ResponseBody(contentLength: data.count * 10) { writer in
                try await writer.write(ByteBuffer(bytes: data))
                throw CancellationError()
            }
            return Response(status: status, headers: headers, body: body)
        }
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    /// `{"resultCount":0,"results":[],"padding":"xxx…"}` with `total` padding bytes, made chunk by
    /// chunk as it is sent (a 1 GB answer costs the server no memory).
    static func padding(_ total: Int) -> ResponseBody {
        let head = ByteBuffer(string: #"{"resultCount":0,"results":[],"padding":""#)
        let tail = ByteBuffer(string: #""}"#)
        let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 65_536)
        return ResponseBody(contentLength: head.readableBytes + total + tail.readableBytes) { writer in
            try await writer.write(head)
            var left = total
            while left > 0 {
                let size = min(left, chunk.readableBytes)
                try await writer.write(chunk.getSlice(at: 0, length: size)!)
                left -= size
            }
            try await writer.write(tail)
            try await writer.finish(nil)
        }
    }
}
