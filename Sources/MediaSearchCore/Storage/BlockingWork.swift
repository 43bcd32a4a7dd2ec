import MediaSearchKit
import NIOPosix

/// Runs work that may block a thread (a file lock another process holds, `fsync`, SQLite waiting
/// for a writer) on threads of its own, never on Swift's cooperative pool: that pool has one
/// thread per core, and a server whose two threads wait on a lock answers nothing else, not even
/// its stylesheet. With the work here, a stuck lock costs the request that needs it, not the
/// server; every lock wait is bounded besides (see ``AtomicFile/withLock(_:timeout:_:)``).
public enum BlockingWork {
    /// Threads for blocking work, started on first use and kept for the process's life.
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 8)
        pool.start()
        return pool
    }()

    /// The result of `body`, run on a thread of ``pool``.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(body)
    }
}
