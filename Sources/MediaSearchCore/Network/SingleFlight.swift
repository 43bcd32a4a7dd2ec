import Foundation
import MediaSearchKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Identical requests in flight share one: the first asks the source, the others that arrive
/// while it is asking wait for its answer and spend nothing (no request, no budget slot). Keyed
/// by URL, for the whole process: `serve`'s concurrent pages, the four kinds of one search.
///
/// The request runs in a task of its own, so that one waiter giving up (a page closed) does not
/// fail the others; it is cancelled when every waiter has given up. A request that arrives just
/// after the flight ended, before its answer is in the cache, asks again (a rare, harmless
/// second request).
public final class SingleFlight: Sendable {
    /// The process's flights.
    public static let shared = SingleFlight()

    private struct Flight {
        var task: Task<FetchedAnswer, any Error>
        var token: UInt64
        var waiters: Int
    }

    private let flights = Mutex<(table: [String: Flight], next: UInt64)>(([:], 0))

    public init() {}

    /// How many flights are in the air (tests).
    public var inFlight: Int { flights.withLock { $0.table.count } }

    /// How many callers wait for the flight of a key (tests).
    public func waiters(of key: String) -> Int { flights.withLock { $0.table[key]?.waiters ?? 0 } }

    /// The answer for `key`: `fetch`'s, run now, or that of the same request already in flight.
    /// `leader` says whether this call ran it (and so keeps what it answered).
    public func run(
        _ key: String, _ fetch: @escaping @Sendable () async throws -> FetchedAnswer
    ) async throws -> (response: FetchedAnswer, leader: Bool) {
        let (task, token, leader) = flights.withLock { state -> (Task<FetchedAnswer, any Error>, UInt64, Bool) in
            if var flight = state.table[key] {
                flight.waiters += 1
                state.table[key] = flight
                return (flight.task, flight.token, false)
            }
            state.next &+= 1
            let token = state.next
            let task = Task<FetchedAnswer, any Error> { [weak self] in
                defer { self?.land(key, token: token) }
                return try await fetch()
            }
            state.table[key] = Flight(task: task, token: token, waiters: 1)
            return (task, token, true)
        }
        let response = try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            self.leave(key, token: token)
        }
        return (response, leader)
    }

    /// A flight's request finished: later requests ask anew.
    private func land(_ key: String, token: UInt64) {
        flights.withLock { state in
            if state.table[key]?.token == token { state.table[key] = nil }
        }
    }

    /// A waiter gave up; the last one to give up cancels the request, and takes the flight off
    /// the table at once, so that a request arriving while it unwinds starts a flight of its own
    /// rather than joining a cancelled one.
    private func leave(_ key: String, token: UInt64) {
        let abandoned = flights.withLock { state -> Task<FetchedAnswer, any Error>? in
            guard var flight = state.table[key], flight.token == token else { return nil }
            flight.waiters -= 1
            guard flight.waiters <= 0 else {
                state.table[key] = flight
                return nil
            }
            state.table[key] = nil
            return flight.task
        }
        abandoned?.cancel()
    }
}

/// Shares identical requests in flight (``SingleFlight``) where no cache does: a source whose
/// answers are not kept (`cache.enabled: false`, `--no-cache`).
public struct SharingTransport: HTTPTransport {
    public var next: any HTTPTransport
    public var flights: SingleFlight

    public init(next: any HTTPTransport, flights: SingleFlight = .shared) {
        self.next = next
        self.flights = flights
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        let next = self.next
        return try await flights.run(url.absoluteString) {
            FetchedAnswer(answer: try await next.get(url, timeout: timeout), fromCache: false)
        }.response.answer
    }
}

/// An answer a flight brought back: fetched now, or found in the cache after another process
/// fetched it (``ResponseStore/fetchOnce(for:timeout:reuse:_:)``). A fetched answer may come with
/// the lock that makes other processes wait: the one that fetched releases it once the answer is
/// kept.
public struct FetchedAnswer: Sendable {
    public var answer: HTTPResponse
    public var fromCache: Bool
    public var lock: FlightLock?

    public init(answer: HTTPResponse, fromCache: Bool, lock: FlightLock? = nil) {
        self.answer = answer
        self.fromCache = fromCache
        self.lock = lock
    }
}

/// An exclusive lock, shared by every process, on one byte of a lock file, the URL's (of about a
/// million): held by the process that fetches a URL until the answer is kept, so another process
/// asking for the same URL waits for it and reads it from the cache. Byte-range locks of the open
/// file (`F_OFD_SETLK` on Linux), so one file serves every URL and two URLs of one search never
/// wait for each other. Released once, explicitly or when dropped.
public final class FlightLock: Sendable {
    private let descriptor: Mutex<Int32>
    /// Whether another process held it when it was asked for.
    public let waited: Bool

    private init(descriptor: Int32, waited: Bool) {
        self.descriptor = Mutex(descriptor)
        self.waited = waited
    }

    /// Lets the next process in.
    public func release() {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            close(fd)  // closing the file releases its lock
            fd = -1
        }
    }

    deinit { release() }

    #if os(Linux)
        /// Linux's lock of an open file, not of the process (`F_OFD_SETLK`, Linux 3.15+).
        private static let setLock: Int32 = 37
    #else
        private static let setLock: Int32 = F_SETLK
    #endif

    /// Tries to lock one byte; `true` when it is ours.
    private static func tryLock(_ fd: Int32, at offset: Int) -> Bool {
        var range = flock()
        range.l_type = Int16(F_WRLCK)
        range.l_whence = Int16(SEEK_SET)
        range.l_start = off_t(offset)
        range.l_len = 1
        range.l_pid = 0
        return fcntl(fd, setLock, &range) == 0
    }

    /// The bytes whose holder was waited for in vain, and until when this process does not wait
    /// for them again: a holder that stopped (Ctrl-Z, a debugger) keeps its lock for as long as it
    /// is stopped, and every request for that URL would otherwise pay the whole wait again
    /// (`serve`'s above all). Forgotten once the byte is had, or after ``stuckMemory``.
    private static let stuck = Mutex<[String: ContinuousClock.Instant]>([:])

    /// How long a byte waited for in vain is not waited for again (it is still tried once).
    static let stuckMemory = Duration.seconds(600)

    /// The lock of byte `offset` of `path`, waited for at most `timeout` seconds without holding
    /// a thread; `nil` when it cannot be made (a read-only cache) or had in time: the caller then
    /// goes on alone. A byte that this process already waited for in vain, and that is still held,
    /// is not waited for again (``stuck``).
    /// - Throws: `CancellationError` when the task is cancelled while it waits.
    public static func acquire(path: String, offset: Int, timeout: Double) async throws -> FlightLock? {
        let key = "\(offset) \(path)"
        let now = ContinuousClock.now
        let waitsInVain = stuck.withLock { table in
            guard let until = table[key] else { return false }
            if until > now { return true }
            table[key] = nil
            return false
        }
        let (lock, heldThroughout) = try await waitForLock(
            path: path, offset: offset, timeout: waitsInVain ? 0 : timeout)
        stuck.withLock { table in
            if lock != nil {
                table[key] = nil
            } else if heldThroughout, !waitsInVain, timeout > 0 {
                table[key] = ContinuousClock.now + stuckMemory
            }
        }
        return lock
    }

    /// ``acquire(path:offset:timeout:)`` without the memory of bytes waited for in vain; whether
    /// another process held the byte for the whole wait.
    private static func waitForLock(
        path: String, offset: Int, timeout: Double
    ) async throws -> (lock: FlightLock?, heldThroughout: Bool) {
        var fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0, errno == ENOENT {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { return (nil, false) }
        let deadline = ContinuousClock.now + .milliseconds(Int64(min(max(timeout, 0), 86_400) * 1000))
        var pause = Duration.milliseconds(1)
        var waited = false
        while !tryLock(fd, at: offset) {
            let held = errno == EAGAIN || errno == EACCES || errno == EINTR
            guard held, ContinuousClock.now < deadline else {
                close(fd)
                return (nil, held)
            }
            waited = true
            do {
                try await Task.sleep(for: pause)
            } catch {
                close(fd)
                throw error
            }
            pause = min(pause * 2, .milliseconds(20))
        }
        return (FlightLock(descriptor: fd, waited: waited), false)
    }
}
