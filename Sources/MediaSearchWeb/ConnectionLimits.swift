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
