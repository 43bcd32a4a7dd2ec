import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// In each connection's pipeline: closes the connection once a response that says
/// `Connection: close` has been written whole. Hummingbird closes only when the *request* asked
/// to; an answer to CONNECT needs the server to end the connection itself, since such an answer
/// has no body framing a client can rely on.
///
/// A response written before its request's body has all arrived says `Connection: close` too,
/// and the connection ends ``linger`` after it (S8): no route reads a body, and the server would
/// otherwise go on reading one that nothing wants for as long as the client trickles it, each byte
/// resetting the idle time-out (256 such held every connection the server allows). The linger
/// gives the client the time to read the answer before the socket goes.
package final class CloseAfterResponse: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    /// How long a connection whose request is still arriving stays open after its response.
    package let linger: TimeAmount
    private var closing = false
    /// Whether a request's head has come and its end not yet.
    private var requestOpen = false
    private var ending: Scheduled<Void>?

    package init(linger: TimeAmount = .seconds(2)) {
        self.linger = linger
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: requestOpen = true
        case .end: requestOpen = false
        case .body: break
        }
        context.fireChannelRead(data)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        ending?.cancel()
        ending = nil
        context.fireChannelInactive()
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            closing = head.headerFields[.connection]?.lowercased() == "close"
            guard requestOpen, !closing else {
                context.write(data, promise: promise)
                return
            }
            closing = true
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closing else {
                context.write(data, promise: promise)
                return
            }
            closing = false
            context.writeAndFlush(data, promise: promise)
            guard requestOpen, ending == nil else {
                context.close(promise: nil)
                return
            }
            let channel = context.channel
            ending = context.eventLoop.scheduleTask(in: linger) { channel.close(promise: nil) }
        }
    }
}
