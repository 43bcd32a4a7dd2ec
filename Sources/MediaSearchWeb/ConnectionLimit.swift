import NIOCore
import Synchronization

/// How many connections the server holds at once, and how long an idle one may stay: a client
/// that opens hundreds of connections, or sends half a request and waits, cannot hold the
/// server's sockets (or its memory) for ever.
public struct ConnectionLimits: Sendable {
    /// Connections held at once; one more is closed as soon as it opens.
    public var maxConnections: Int
    /// How long a connection may send nothing (between requests, or in the middle of one).
    public var idleTimeout: Duration

    public init(maxConnections: Int = 256, idleTimeout: Duration = .seconds(30)) {
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
    }
}

/// Counts the open connections of one server.
final class ConnectionCount: Sendable {
    private let open = Atomic(0)
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Counts one more; `false` when that one is past the limit (and is not counted).
    func enter() -> Bool {
        let now = open.wrappingAdd(1, ordering: .relaxed).newValue
        if now > limit {
            open.wrappingSubtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    func leave() { open.wrappingSubtract(1, ordering: .relaxed) }
}

/// In each connection's pipeline: closes a connection past the limit at once, and gives its
/// place back when a counted one closes.
final class ConnectionLimiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    private let count: ConnectionCount
    private var counted = false

    init(count: ConnectionCount) { self.count = count }

    func handlerAdded(context: ChannelHandlerContext) {
        if count.enter() {
            counted = true
        } else {
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if counted {
            counted = false
            count.leave()
        }
    }
}
