import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// In each connection's pipeline: closes the connection once a response that says
/// `Connection: close` has been written whole. Hummingbird closes only when the *request* asked
/// to; an answer to CONNECT needs the server to end the connection itself, since such an answer
/// has no body framing a client can rely on.
package final class CloseAfterResponse: ChannelOutboundHandler, RemovableChannelHandler {
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart
    private var closing = false

    package init() {}

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closing = head.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closing else {
                context.write(data, promise: promise)
                return
            }
            closing = false
            context.writeAndFlush(data, promise: promise)
            context.close(promise: nil)
        }
    }
}
