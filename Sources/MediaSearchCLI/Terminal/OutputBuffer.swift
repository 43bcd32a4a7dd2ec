import Synchronization

/// Collects what a command writes, for tests that run the CLI in process.
public final class OutputBuffer: Sendable {
    private let storage = Mutex<(out: String, err: String)>(("", ""))

    /// Creates an empty buffer.
    public init() {}

    /// Everything written to standard output so far.
    public var stdout: String { storage.withLock { $0.out } }
    /// Everything written to standard error so far.
    public var stderr: String { storage.withLock { $0.err } }

    /// A console that writes here, as if piped (no terminal, no colors).
    public var console: Console {
        Console(
            out: { text in self.storage.withLock { $0.out += text } },
            err: { text in self.storage.withLock { $0.err += text } })
    }
}
