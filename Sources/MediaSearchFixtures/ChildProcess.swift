import Foundation
import MediaSearchSpawn
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program a test starts: what the tests use of `Foundation.Process`, on `posix_spawn` alone.
///
/// On Linux, `Process.run()` in swift-corelibs-foundation up to 6.3.x lists `/proc/self/fd` to
/// close the child's other descriptors, and copies each entry's whole 256-byte name where the
/// entry is a few bytes long: when one ends a page that the next does not follow, the copy reads
/// past it and the test process dies of a segmentation fault (`Process.run() + 6428`,
/// swiftlang/swift-corelibs-foundation#5472, fixed after 6.3.2). A test process with many servers
/// open has hundreds of descriptors, and starts hundreds of programs: the whole suite crashed so
/// once here, under load. This does what `Process` does for the tests (the same properties, the
/// same defaults: a standard stream left `nil` is `/dev/null`, the program leads a process group
/// of its own, a signal that ended it is its status) with none of that code: ``Spawn`` starts it
/// (the kernel closes the program's other descriptors), and one thread per program waits for its
/// exit.
public final class ChildProcess: @unchecked Sendable {
    // Set before `run()`, as a `Process`'s are; read only by `run()`.
    public var executableURL: URL?
    public var arguments: [String] = []
    /// `nil`: this process's own environment.
    public var environment: [String: String]?
    public var currentDirectoryURL: URL?
    /// A `Pipe`, a `FileHandle`, or `nil` (`/dev/null`), as for `Process`.
    public var standardInput: Any?
    public var standardOutput: Any?
    public var standardError: Any?

    private struct State {
        var pid: pid_t = 0
        var running = false
        var status: Int32 = 0
        var signalled = false
    }

    private let state = Mutex(State())
    private let exited = NSCondition()

    public init() {}

    public var processIdentifier: Int32 { state.withLock { $0.pid } }
    public var isRunning: Bool { state.withLock { $0.running } }

    /// The exit status, or the number of the signal that ended it; only once it has exited.
    public var terminationStatus: Int32 {
        state.withLock { state in
            precondition(state.pid > 0 && !state.running, "the program has not exited")
            return state.status
        }
    }

    public var terminationReason: Process.TerminationReason {
        state.withLock { state in
            precondition(state.pid > 0 && !state.running, "the program has not exited")
            return state.signalled ? .uncaughtSignal : .exit
        }
    }

    public struct SpawnFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts the program; throws when it cannot start (no such file, not executable).
    public func run() throws {
        guard let executable = executableURL?.path else { throw SpawnFailure(description: "no executable") }
        precondition(state.withLock { $0.pid == 0 }, "a program runs once")
        var devNull: Int32 = -1
        defer { if devNull >= 0 { close(devNull) } }
        func descriptor(_ stream: Any?, reads: Bool) throws -> Int32 {
            switch stream {
            case let pipe as Pipe:
                return reads ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
            case let handle as FileHandle where handle !== FileHandle.nullDevice:
                return handle.fileDescriptor
            default:
                if devNull < 0 { devNull = open("/dev/null", O_RDWR | O_CLOEXEC) }
                guard devNull >= 0 else { throw SpawnFailure(description: "/dev/null: \(Self.lastError())") }
                return devNull
            }
        }
        // A process group of its own, none of the test process's other descriptors, no signal
        // blocked and every one at its default (a SIGTERM the test process blocked would stay
        // blocked in the program, which would then outlive its runner's time-out).
        let request = Spawn.Request(
            executable: executable, arguments: arguments,
            environment: environment ?? ProcessInfo.processInfo.environment, directory: currentDirectoryURL?.path,
            stdin: .descriptor(try descriptor(standardInput, reads: true)),
            stdout: .descriptor(try descriptor(standardOutput, reads: false)),
            stderr: .descriptor(try descriptor(standardError, reads: false)))
        let pid: pid_t
        switch Spawn.start(request) {
        case .success(let started): pid = started
        case .failure(let failure): throw SpawnFailure(description: "\(executable): \(failure.description)")
        }
        state.withLock {
            $0.pid = pid
            $0.running = true
        }
        // The child has its copies: closing ours lets a reader see the end of the program's output
        // when it exits (and the program see the end of its input), as `Process` does.
        if let pipe = standardInput as? Pipe { try? pipe.fileHandleForReading.close() }
        if let pipe = standardOutput as? Pipe { try? pipe.fileHandleForWriting.close() }
        if let pipe = standardError as? Pipe { try? pipe.fileHandleForWriting.close() }
        let started = pid
        Thread.detachNewThread { [self] in reap(started) }
    }

    /// Waits for the program's exit on a thread of its own (the program stays a zombie until
    /// then, so its PID is never another's while `isRunning` is true).
    private func reap(_ pid: pid_t) {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
        let signal = status & 0x7f
        exited.lock()
        state.withLock { state in
            state.running = false
            if result == -1 {
                state.status = -1
            } else if signal != 0 {
                state.status = signal
                state.signalled = true
            } else {
                state.status = (status >> 8) & 0xff
            }
        }
        exited.broadcast()
        exited.unlock()
    }

    public func waitUntilExit() {
        exited.lock()
        while isRunning { exited.wait() }
        exited.unlock()
    }

    /// SIGTERM, while it runs.
    public func terminate() { signal(SIGTERM) }
    /// SIGINT, while it runs.
    public func interrupt() { signal(SIGINT) }

    /// Sends `number` while the program runs (never to a PID that may have been reused).
    public func signal(_ number: Int32) {
        state.withLock { state in
            if state.running { kill(state.pid, number) }
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
