import NIOCore
import Synchronization

/// In each connection's pipeline: closes a connection past the limit at once, and gives its
/// place back when a counted one closes.
package final class ConnectionLimiter: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = NIOAny
    private let count: ConnectionCount
    private var counted = false

    package init(count: ConnectionCount) { self.count = count }

    package func handlerAdded(context: ChannelHandlerContext) {
        if count.enter() {
            counted = true
        } else {
            context.close(promise: nil)
        }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        if counted {
            counted = false
            count.leave()
        }
    }
}
