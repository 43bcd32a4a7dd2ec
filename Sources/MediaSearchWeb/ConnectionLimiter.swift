import NIOCore
import Synchronization

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
