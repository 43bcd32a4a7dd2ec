import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// What the server sends for one request.
struct Answer: Sendable {
    var status = 200
    var body = Data()
    var contentType = "text/javascript; charset=utf-8"
    var delay: Duration = .zero
    /// A gate the answer waits at before its delay.
    var gate: FaultGate?
    /// Bytes per chunk and pause, for a slow answer.
    var drip: (Int, Duration)?
    /// Whether the connection breaks after the headers.
    var breaks = false
    /// A `Location` header, for redirects.
    var location: String?
    /// Bytes of JSON padding generated while sending, instead of `body`.
    var generated: Int?
    /// Whether the generated body is sent without a `Content-Length` (chunked).
    var chunked = false

    static func json(_ text: String) -> Answer { Answer(body: Data(text.utf8)) }

    init(status: Int = 200, body: Data = Data()) {
        self.status = status
        self.body = body
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
        case .hold(let gate):
            self.init()
            self.gate = gate
        case .huge(let bytes, let chunked):
            self.init()
            self.generated = bytes
            self.chunked = chunked
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
