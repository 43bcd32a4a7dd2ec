import HTTPTypes
import MediaSearchWeb
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import TestSlots
import Testing

/// The server's own channel handlers on NIO's embedded channels (#58 item 5): what each does to
/// a connection, with no socket and no clock.
@Suite("Channel handlers, on embedded channels", .slots)
struct ChannelHandlerTests {
    /// A connected embedded channel with `handler` added to its pipeline, as the server adds its
    /// handlers to a connection it has accepted.
    static func channel(with handler: some ChannelHandler) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.pipeline.syncOperations.addHandler(handler)
        return channel
    }

    @Test("Past the cap a connection is closed at once; one that closes gives its place back")
    func theConnectionCap() throws {
        let count = ConnectionCount(limit: 2)
        let first = try Self.channel(with: ConnectionLimiter(count: count))
        let second = try Self.channel(with: ConnectionLimiter(count: count))
        let third = try Self.channel(with: ConnectionLimiter(count: count))
        let (firstOpen, secondOpen, thirdOpen) = (first.isActive, second.isActive, third.isActive)
        #expect(firstOpen && secondOpen)
        #expect(!thirdOpen, "the third of a cap of two is closed")
        _ = try first.finish()
        let fourth = try Self.channel(with: ConnectionLimiter(count: count))
        let fourthOpen = fourth.isActive
        #expect(fourthOpen, "the first one's place was given back")
        let fifth = try Self.channel(with: ConnectionLimiter(count: count))
        let fifthOpen = fifth.isActive
        #expect(!fifthOpen, "and only that one place")
        Self.finish([second, third, fourth, fifth])
        // All closed: the count is back to nothing, so two fit again.
        let again = try (0..<2).map { _ in try Self.channel(with: ConnectionLimiter(count: count)) }
        #expect(again.filter { $0.isActive }.count == 2)
        Self.finish(again)
    }

    /// Closes the channels still open (an embedded channel must be closed before it goes, and a
    /// broken handler may leave one open).
    static func finish(_ channels: [EmbeddedChannel]) {
        for channel in channels where channel.isActive { _ = try? channel.finish() }
    }

    /// The parts of a response, written in order.
    static func respond(_ channel: EmbeddedChannel, connection: String?) throws -> [HTTPResponsePart] {
        var head = HTTPResponse(status: .badRequest)
        if let connection { head.headerFields[.connection] = connection }
        try channel.writeOutbound(HTTPResponsePart.head(head))
        try channel.writeOutbound(HTTPResponsePart.body(ByteBuffer(string: "no")))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        var written: [HTTPResponsePart] = []
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) { written.append(part) }
        return written
    }

    @Test("A response that says Connection: close ends the connection once it is written whole")
    func closeAfterTheResponse() throws {
        let closing = try Self.channel(with: CloseAfterResponse())
        let parts = try Self.respond(closing, connection: "Close")
        #expect(parts.count == 3, "every part written, the end included: \(parts)")
        if case .end = parts.last {} else { Issue.record("the end was not written last: \(parts)") }
        let stillOpen = closing.isActive
        #expect(!stillOpen, "closed after its end")
        Self.finish([closing])
        let staying = try Self.channel(with: CloseAfterResponse())
        let plain = try Self.respond(staying, connection: nil)
        let kept = try Self.respond(staying, connection: "keep-alive")
        #expect(plain.count == 3 && kept.count == 3)
        let open = staying.isActive
        #expect(open, "a response that does not say close leaves the connection open")
        Self.finish([staying])
    }

    /// S8: a body trickled a byte at a time reset the idle time-out for ever, so a request whose
    /// response was written held its connection as long as its client liked.
    @Test("A response written while its request's body is still arriving closes the connection after a linger")
    func aTrickledBodyEndsWithItsResponse() throws {
        let trickled = try Self.channel(with: CloseAfterResponse(linger: .seconds(2)))
        var request = HTTPRequest(method: .put, scheme: nil, authority: "127.0.0.1", path: "/api/lists/starred")
        request.headerFields[.contentLength] = "10000000"
        try trickled.writeInbound(HTTPRequestPart.head(request))
        try trickled.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "x")))
        let parts = try Self.respond(trickled, connection: nil)
        guard case .head(let head) = parts.first else {
            Issue.record("no head written: \(parts)")
            return
        }
        #expect(head.headerFields[.connection] == "close", "the client is told the connection ends")
        #expect(parts.count == 3)
        try trickled.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "x")))
        trickled.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        let lingering = trickled.isActive
        #expect(lingering, "the answer is given its linger to be read")
        trickled.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        let closed = !trickled.isActive
        #expect(closed, "closed once the linger is over, whatever the client still sends")
        Self.finish([trickled])

        // A request that arrived whole keeps its connection.
        let whole = try Self.channel(with: CloseAfterResponse(linger: .seconds(2)))
        try whole.writeInbound(HTTPRequestPart.head(request))
        try whole.writeInbound(HTTPRequestPart.end(nil))
        let answered = try Self.respond(whole, connection: nil)
        if case .head(let head) = answered.first { #expect(head.headerFields[.connection] == nil) }
        whole.embeddedEventLoop.advanceTime(by: .seconds(10))
        let open = whole.isActive
        #expect(open)
        Self.finish([whole])
    }
}
