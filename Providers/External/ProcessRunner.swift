import Foundation
import MediaSearchSpawn
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program with input on stdin and collects what it prints, within a time and a size
/// limit: the one place an external provider's process is started, so a program that hangs,
/// floods or crashes costs its own answer and nothing else.
///
/// Programs are started with `posix_spawn` in a process group of their own and waited for with
/// `waitid`/`waitpid` on one thread of ours per run; `Foundation.Process` is not used (see
/// docs/providers.md, "How a program is run", for why). The whole group is killed when the
/// program exits, runs past its deadline, prints more than its limit, or when the calling task
/// is cancelled, so a helper the program left behind can hold neither its answer nor our threads.
enum ProcessRunner {
    struct Output: Sendable {
        var status: Int32
        var stdout: Data
        var stderr: Data
    }

    /// Why a run produced no usable output.
    enum Failure: Error, Sendable, Equatable {
        case cannotStart(String)
        case timedOut(Double)
        case tooLarge(Int)
        case cancelled
    }

    /// The most of a program's stderr kept (its last bytes: the error is usually at the end).
    static let stderrLimit = 64 * 1024

    /// Runs `executable` with `arguments`, writes `input` to its stdin and closes it, and waits
    /// for it to exit. The program's process group is killed when it runs past `timeout`
    /// seconds, prints more than `maxBytes` on stdout, or when the calling task is cancelled;
    /// and when the program exits, so that nothing it started outlives it.
    static func run(
        _ executable: String, arguments: [String], input: Data, timeout: Double, maxBytes: Int = 8 * 1_048_576
    ) async throws -> Output {
        let run = try SpawnedRun()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
                // The waiting and the reading block: they run on a thread of their own, never on
                // Swift's cooperative pool, which the rest of the process needs.
                let thread = Thread {
                    continuation.resume(
                        with: run.execute(
                            executable: executable, arguments: arguments, input: input, timeout: timeout,
                            maxBytes: maxBytes))
                }
                thread.start()
            }
        } onCancel: {
            run.cancel()
        }
    }

    /// The process groups of programs running now, killed if this process exits before they end
    /// (a second Ctrl-C exits at once).
    static let running = Mutex<Set<pid_t>>([])

    /// Kills every program group still running; registered with `atexit` on the first run.
    static func killAll() {
        running.withLock { groups in for group in groups { killpg(group, SIGKILL) } }
    }

    static let setUp: Void = {
        // A write to a pipe whose program has gone fails with EPIPE instead of ending this process.
        signal(SIGPIPE, SIG_IGN)
        atexit { ProcessRunner.killAll() }
    }()
}

/// One run of a program. `cancel()` may come from any thread; everything else happens on the
/// run's own thread.
private final class SpawnedRun: @unchecked Sendable {
    /// Set by `cancel()`; read by the run before it starts and whenever the wake pipe fires.
    private let cancelled = Atomic<Bool>(false)
    /// A pipe that `cancel()` writes a byte to, so a run waiting in `poll` wakes at once.
    private let wake: (read: Int32, write: Int32)

    init() throws {
        ProcessRunner.setUp
        guard let pipe = Pipes.make() else { throw ProcessRunner.Failure.cannotStart(Pipes.lastError()) }
        wake = pipe
        Pipes.setNonBlocking(wake.read)
        Pipes.setNonBlocking(wake.write)
    }

    deinit {
        close(wake.read)
        close(wake.write)
    }

    func cancel() {
        cancelled.store(true, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    func execute(
        executable: String, arguments: [String], input: Data, timeout: Double, maxBytes: Int
    ) -> Result<ProcessRunner.Output, any Error> {
        if cancelled.load(ordering: .sequentiallyConsistent) { return .failure(ProcessRunner.Failure.cancelled) }
        let deadline = Clock.now + (timeout.isNaN ? 0 : min(max(timeout, 0), 86_400))
        // Pipes are made and a program started under one lock, so that no program of ours starts
        // between a pipe's making and its close-on-exec flag, holding another program's output.
        let started = ProcessRunner.running.withLock { running -> Result<(pid_t, Pipe3), ProcessRunner.Failure> in
            var made: [(read: Int32, write: Int32)] = []
            for _ in 0..<3 {
                guard let pipe = Pipes.make() else {
                    let why = Pipes.lastError()
                    for pipe in made { for fd in [pipe.read, pipe.write] { close(fd) } }
                    return .failure(ProcessRunner.Failure.cannotStart(why))
                }
                made.append(pipe)
            }
            let (stdin, stdout, stderr) = (made[0], made[1], made[2])
            // A process group of its own (its helpers are ended with it), no other descriptor of
            // ours: a helper it leaves behind then holds nothing that someone waits on to end.
            let spawned = Spawn.start(
                Spawn.Request(
                    executable: executable, arguments: arguments, stdin: .descriptor(stdin.read),
                    stdout: .descriptor(stdout.write), stderr: .descriptor(stderr.write))
            ).mapError { ProcessRunner.Failure.cannotStart($0.description) }
            // Our copies of the program's ends: the pipes then end when the program's group is gone.
            for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
            switch spawned {
            case .success(let pid):
                running.insert(pid)
                return .success((pid, Pipe3(stdin: stdin.write, stdout: stdout.read, stderr: stderr.read)))
            case .failure(let failure):
                for fd in [stdin.write, stdout.read, stderr.read] { close(fd) }
                return .failure(failure)
            }
        }
        let pid: pid_t
        let pipes: Pipe3
        switch started {
        case .success(let run): (pid, pipes) = run
        case .failure(let failure): return .failure(failure)
        }
        var streams = Streams(
            input: input, stdin: pipes.stdin, stdout: pipes.stdout, stderr: pipes.stderr, wake: wake.read,
            maxBytes: maxBytes)
        defer { streams.closeAll() }
        let outcome = wait(for: pid, streams: &streams, deadline: deadline, timeout: timeout)
        switch outcome {
        case .failure(let failure): return .failure(failure)
        case .success(let status):
            return .success(ProcessRunner.Output(status: status, stdout: streams.out, stderr: streams.err))
        }
    }

    /// Feeds and reads the program until it exits, then kills what is left of its group and
    /// reads what the group had written; on any failure kills the group at once.
    private func wait(
        for pid: pid_t, streams: inout Streams, deadline: Double, timeout: Double
    ) -> Result<Int32, ProcessRunner.Failure> {
        // How long one `poll` waits before checking whether the program has exited: short at
        // first (most programs answer in milliseconds), longer while it keeps working.
        var tick = 1
        var exited = false
        var drainUntil = deadline
        while true {
            let now = Clock.now
            if !exited, now >= deadline { return .failure(Self.end(pid, .timedOut(timeout))) }
            if exited, now >= drainUntil || streams.outputClosed { break }
            let remaining = Int(min(((exited ? drainUntil : deadline) - now) * 1000, 3_600_000)) + 1
            let woke = streams.pump(timeoutMilliseconds: exited ? remaining : min(remaining, tick))
            if woke.cancelled || cancelled.load(ordering: .sequentiallyConsistent) {
                return .failure(Self.end(pid, .cancelled))
            }
            if let overflow = streams.overflow { return .failure(Self.end(pid, .tooLarge(overflow))) }
            if woke.activity { tick = 1 } else { tick = min(tick * 2, 50) }
            if !exited, case let state = Self.hasExited(pid), state != .running {
                if state == .reapedElsewhere {
                    ProcessRunner.running.withLock { _ = $0.remove(pid) }
                    return .failure(.cannotStart("its exit was taken by another part of this process"))
                }
                // Whatever the program started in its group ends with it; the pipes then close
                // as soon as the kernel has taken the group down. A helper that left the group
                // (setsid) and kept the pipes is given a moment, then left to its pipes' end.
                killpg(pid, SIGKILL)
                exited = true
                drainUntil = min(deadline, Clock.now + 0.5)
            }
        }
        return .success(Self.reap(pid))
    }

    /// Kills the program's group, reaps the program, and returns why.
    private static func end(_ pid: pid_t, _ why: ProcessRunner.Failure) -> ProcessRunner.Failure {
        killpg(pid, SIGKILL)
        kill(pid, SIGKILL)
        _ = reap(pid)
        return why
    }

    /// Whether the program has exited, without reaping it: while it is a zombie its pid, and so
    /// its group's id, cannot be given to another process, so `killpg` can only reach its group.
    private static func hasExited(_ pid: pid_t) -> Exit {
        var info = siginfo_t()
        let flags = WEXITED | WNOHANG | WNOWAIT
        while waitid(P_PID, id_t(pid), &info, flags) != 0 {
            // ECHILD: someone else reaped it, and its id may be another's already.
            guard errno == EINTR else { return .reapedElsewhere }
        }
        return info.si_signo == SIGCHLD ? .exited : .running
    }

    private enum Exit { case running, exited, reapedElsewhere }

    /// Waits for the program and returns its exit status (128 + the signal when killed). Its
    /// group is forgotten first, so nothing kills a group of that id once the id is free again.
    private static func reap(_ pid: pid_t) -> Int32 {
        ProcessRunner.running.withLock { _ = $0.remove(pid) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

/// The parent's ends of a program's three pipes.
private struct Pipe3 {
    var stdin: Int32
    var stdout: Int32
    var stderr: Int32
}

/// The parent's ends of a program's pipes, and what came out of them.
private struct Streams {
    var input: Data
    var written = 0
    var stdin: Int32
    var stdout: Int32
    var stderr: Int32
    let wake: Int32
    let maxBytes: Int
    var out = Data()
    var err = Data()
    /// Set when stdout passed `maxBytes`.
    var overflow: Int?

    init(input: Data, stdin: Int32, stdout: Int32, stderr: Int32, wake: Int32, maxBytes: Int) {
        self.input = input
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.wake = wake
        self.maxBytes = maxBytes
        for fd in [stdin, stdout, stderr] { Pipes.setNonBlocking(fd) }
        if input.isEmpty { closeInput() }
    }

    var outputClosed: Bool { stdout < 0 && stderr < 0 }

    /// Waits for any stream to be ready (or the wake pipe, or the time-out), then writes and
    /// reads what it can without blocking.
    mutating func pump(timeoutMilliseconds: Int) -> (activity: Bool, cancelled: Bool) {
        var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        if stdin >= 0 { fds.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
        if stdout >= 0 { fds.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)) }
        if stderr >= 0 { fds.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), Int32(clamping: max(timeoutMilliseconds, 0)))
        guard ready > 0 else { return (false, false) }
        if fds[0].revents != 0 { return (true, true) }
        for entry in fds.dropFirst() where entry.revents != 0 {
            if entry.fd == stdin { feed() } else if entry.fd == stdout { drain(out: true) } else { drain(out: false) }
        }
        return (true, false)
    }

    /// Writes as much of the input as the pipe takes; a program that stopped reading gets no more.
    private mutating func feed() {
        while written < input.count {
            let count = input.withUnsafeBytes { raw in
                write(stdin, raw.baseAddress! + written, raw.count - written)
            }
            if count > 0 {
                written += count
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
            break  // EPIPE: the program does not read its input.
        }
        closeInput()
    }

    /// Reads what a pipe holds now; at its end closes it.
    private mutating func drain(out isOut: Bool) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let fd = isOut ? stdout : stderr
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                if isOut {
                    if out.count + count > maxBytes {
                        overflow = maxBytes
                        return
                    }
                    out.append(contentsOf: buffer[..<count])
                } else {
                    err.append(contentsOf: buffer[..<count])
                    if err.count > 2 * ProcessRunner.stderrLimit {
                        err = err.suffix(ProcessRunner.stderrLimit)
                    }
                }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return }
            // The end of the stream (or an error reading it).
            close(fd)
            if isOut { stdout = -1 } else { stderr = -1 }
            return
        }
    }

    private mutating func closeInput() {
        if stdin >= 0 { close(stdin) }
        stdin = -1
    }

    mutating func closeAll() {
        closeInput()
        for fd in [stdout, stderr] where fd >= 0 { close(fd) }
        stdout = -1
        stderr = -1
        if err.count > ProcessRunner.stderrLimit { err = err.suffix(ProcessRunner.stderrLimit) }
    }
}

/// Pipes opened close-on-exec.
private enum Pipes {
    static func make() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        // Close-on-exec from the start would take pipe2, which Swift's Glibc does not offer; set
        // right after instead. A program started by another thread in between may inherit these
        // ends for its lifetime, but the ones whose end matters (the program's own stdout) are
        // closed here as soon as it starts, and the group of a program we start is killed.
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Seconds on the monotonic clock.
private enum Clock {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
