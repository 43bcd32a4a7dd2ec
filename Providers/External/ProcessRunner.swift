import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program with input on stdin and collects what it prints, within a time and a size
/// limit: the one place an external provider's process is started, so a program that hangs,
/// floods or crashes costs its own answer and nothing else.
enum ProcessRunner {
    struct Output: Sendable {
        var status: Int32
        var stdout: Data
        var stderr: Data
    }

    /// Why a run produced no usable output.
    enum Failure: Error, Sendable {
        case cannotStart(String)
        case timedOut(Double)
        case tooLarge(Int)
        case cancelled
    }

    /// Runs `executable` with `arguments`, writes `input` to its stdin and closes it, and waits
    /// for it to exit. The process is killed when it runs past `timeout` seconds, prints more
    /// than `maxBytes` on stdout, or when the calling task is cancelled.
    static func run(
        _ executable: String, arguments: [String], input: Data, timeout: Double, maxBytes: Int = 8 * 1_048_576
    ) async throws -> Output {
        let run = Run(executable: executable, arguments: arguments)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
                // Blocking reads and the wait run on threads of their own, never on Swift's pool.
                Thread.detachNewThread {
                    continuation.resume(with: run.start(input: input, timeout: timeout, maxBytes: maxBytes))
                }
            }
        } onCancel: {
            run.kill(.cancelled)
        }
    }
}

/// One run of a program: its process and pipes, what it printed, and whether it was killed;
/// shared by the waiting thread, the readers, the watchdog and the cancellation handler.
private final class Run: @unchecked Sendable {
    private let lock = NSLock()
    private let process = Process()
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let stderr = Pipe()
    private var started = false
    private var reason: ProcessRunner.Failure?
    private var out = Data()
    private var err = Data()

    init(executable: String, arguments: [String]) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
    }

    func start(input: Data, timeout: Double, maxBytes: Int) -> Result<ProcessRunner.Output, any Error> {
        let alreadyKilled: ProcessRunner.Failure? = lock.withLock { reason }
        if let alreadyKilled { return .failure(alreadyKilled) }
        // A program file that was just written may still be open for writing in a process that
        // is between fork and exec ("text file busy"): that passes within moments, so try again.
        var attempt = 0
        while true {
            do {
                try process.run()
                break
            } catch {
                attempt += 1
                let busy =
                    (error as NSError).code == Int(ETXTBSY)
                    || (((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY))
                guard busy, attempt < 20 else {
                    return .failure(ProcessRunner.Failure.cannotStart(String(describing: error)))
                }
                usleep(50_000)
            }
        }
        let killedEarly = lock.withLock {
            started = true
            return reason != nil
        }
        if killedEarly { signalProcess() }
        let watchdog = DispatchWorkItem { [self] in kill(.timedOut(timeout)) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let readers = DispatchGroup()
        readers.enter()
        Thread.detachNewThread { [self] in
            let data = Self.read(stdout.fileHandleForReading, limit: maxBytes) { [self] in kill(.tooLarge(maxBytes)) }
            lock.withLock { out = data }
            readers.leave()
        }
        readers.enter()
        Thread.detachNewThread { [self] in
            let data = Self.read(stderr.fileHandleForReading, limit: 64 * 1024) {}
            lock.withLock { err = data }
            readers.leave()
        }
        // A program that does not read its input must not stop us: with SIGPIPE ignored, a write
        // to a closed pipe fails instead of ending this process.
        signal(SIGPIPE, SIG_IGN)
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        // A program's own children may hold its output open after it ended or was killed: give
        // the readers a moment, never more (a reader left behind ends with the last writer).
        let drained = readers.wait(timeout: .now() + 2) == .success
        watchdog.cancel()
        if !drained { kill(.timedOut(timeout)) }
        return lock.withLock {
            if let reason { return .failure(reason) }
            return .success(ProcessRunner.Output(status: process.terminationStatus, stdout: out, stderr: err))
        }
    }

    /// Stops the process (SIGTERM, then SIGKILL a second later), remembering the first reason.
    func kill(_ why: ProcessRunner.Failure) {
        let running = lock.withLock {
            if reason == nil { reason = why }
            return started
        }
        if running { signalProcess() }
    }

    private func signalProcess() {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        Foundation.kill(pid, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [self] in
            if process.isRunning { Foundation.kill(pid, SIGKILL) }
        }
    }

    /// Reads a pipe to its end, keeping at most `limit` bytes; past it, calls `overflow` once
    /// and keeps draining so the writer is never left blocked.
    private static func read(_ handle: FileHandle, limit: Int, overflow: () -> Void) -> Data {
        var data = Data()
        var overflowed = false
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            if overflowed || data.count + chunk.count > limit {
                if !overflowed {
                    overflowed = true
                    overflow()
                }
                continue
            }
            data.append(chunk)
        }
        return data
    }
}
