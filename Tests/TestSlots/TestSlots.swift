import Foundation
import Synchronization
import Testing

/// A trait every suite of the package carries: at most ``width`` test cases run at once.
///
/// Swift Testing starts every test of the run side by side. Here that is some 300 of them at the
/// same instant, on a cooperative pool of two threads (one per core), which also runs the
/// in-process servers, the HTTP client's answers and every deadline's alarm. Under load, the
/// tests that started first then waited seconds for a thread: a 50 ms alarm rang 10 s late, a
/// 3 s time-out took 20 s, requests timed out and were retried. Each test case now takes a slot
/// before it runs and gives it back when it ends, so the pool has a bounded amount of work in
/// flight and every test's clock starts when it really runs. The run takes no longer: most tests
/// wait on processes and servers, not on the CPU.
///
///     @Suite("Search history", .slots)
///
/// A `.serialized` suite's cases are a chain: each waits for the one before it, so a chain whose
/// every case queues behind all the others' ends last, long after them (the shared store's nine
/// cases took 200 s of a 220 s run so, most of it in the queue). Such a suite carries
/// ``slotsFirst``: its cases take the next free slot before any other waiting case does.
///
///     @Suite("Shared store: PostgreSQL", .serialized, .slotsFirst)
public struct TestSlots: SuiteTrait, TestTrait, TestScoping {
    /// Four cases per core, at least eight.
    public static let width = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)

    private static let gate = Gate(width: width)

    /// Whether this suite's cases go before the others waiting for a slot.
    let first: Bool

    public var isRecursive: Bool { true }

    /// Each test case takes a slot; a suite, which only holds cases, takes none.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> TestSlots? {
        testCase == nil ? nil : self
    }

    /// The case runs in its slot; what it started (``TestLifetime``) is stopped, and awaited, before
    /// the slot is given back, whether the case passed, failed or threw.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.gate.enter(first: first)
        defer { Self.gate.leave() }
        // The case's own time, from its slot on: Swift Testing's includes the wait for the slot
        // (the test review's finding 7). Kept where `MEDIASEARCH_TEST_TIMES` says.
        let started = ContinuousClock.now
        defer { CaseTimes.record(test, ContinuousClock.now - started) }
        let lifetime = TestLifetime()
        do {
            try await TestLifetime.$current.withValue(lifetime) { try await function() }
        } catch {
            await lifetime.end()
            throw error
        }
        await lifetime.end()
    }
}

/// Each case's own time (in its slot, its stops included), one line a case appended to the file
/// `MEDIASEARCH_TEST_TIMES` names: seconds, a tab, the test's name (a case of a test with
/// arguments is a line of that name each).
/// `sort -rn` of the file lists the slowest first (docs/testing.md, "Layers").
enum CaseTimes {
    static let file: Int32? = ProcessInfo.processInfo.environment["MEDIASEARCH_TEST_TIMES"].flatMap { path in
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        return fd >= 0 ? fd : nil
    }

    static func record(_ test: Test, _ took: Duration) {
        guard let file else { return }
        let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
        let name = test.id.description.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(
            of: "\n", with: " ")
        let line = String(format: "%.3f\t", seconds) + name + "\n"
        // One write of a short line to a file opened for appending: the lines of cases that end
        // together never interleave.
        _ = line.utf8CString.withUnsafeBufferPointer { write(file, $0.baseAddress, $0.count - 1) }
    }
}

/// What a test case started and must stop when it ends: fixture servers, web servers, clusters,
/// processes, watchdogs. A case says so right after it starts one (`TestLifetime.stopAtEnd { await
/// server.stop() }`); its ``TestSlots`` scope runs the stops, newest first, and awaits each before
/// the next case may take the slot. An unstructured `Task` in a `defer` did the same without being
/// awaited: the next case could start while the last one's servers were still running.
public final class TestLifetime: Sendable {
    /// The lifetime of the test case running in this task, set by ``TestSlots``.
    @TaskLocal public static var current: TestLifetime?

    /// The stops to run, and whether the case has ended (a stop asked for after that runs at once).
    private let stops = Mutex<(pending: [@Sendable () async -> Void], ended: Bool)>(([], false))

    init() {}

    /// Runs `stop` when the current test case ends, and waits for it. Outside a case that carries
    /// ``TestSlots`` it is an issue of the test (nothing would await the stop), and the stop runs
    /// when the test ends anyway, as best it can.
    public static func stopAtEnd(
        sourceLocation: SourceLocation = #_sourceLocation, _ stop: @escaping @Sendable () async -> Void
    ) {
        guard let current else {
            Issue.record(
                "started outside a test case that carries .slots: nothing awaits its stop",
                sourceLocation: sourceLocation)
            Task { await stop() }
            return
        }
        let late = current.stops.withLock { state in
            if !state.ended { state.pending.append(stop) }
            return state.ended
        }
        if late {
            // A task that outlived its case started something: nothing will await its stop.
            Issue.record(
                "started after its test case ended (by a task that outlived it): nothing awaits its stop",
                sourceLocation: sourceLocation)
            Task { await stop() }
        }
    }

    /// Runs every stop, newest first (as `defer` would), each awaited.
    func end() async {
        while let stop = stops.withLock({ state in
            let next = state.pending.popLast()
            if next == nil { state.ended = true }
            return next
        }) {
            await stop()
        }
    }
}

/// The layers of the suite, so that a developer can run one alone (docs/testing.md, "Layers").
extension Tag {
    /// Drives the built program, or a server of it in process, against the fixture server: the
    /// end-to-end layer (`EndToEndTests`).
    @Tag public static var e2e: Self
    /// Starts a PostgreSQL cluster of its own (`SharedStoreTests`).
    @Tag public static var postgres: Self
}

extension Trait where Self == TestSlots {
    /// At most ``TestSlots/width`` test cases of the package run at once.
    public static var slots: TestSlots { TestSlots(first: false) }

    /// At most ``TestSlots/width`` test cases of the package run at once, and this suite's take
    /// the next free slot before the others': for a `.serialized` suite, a chain of cases that
    /// would otherwise queue behind every other case, one link at a time.
    public static var slotsFirst: TestSlots { TestSlots(first: true) }
}

/// A watchdog against a deadlock: a case that has not ended `limit` after it started records an
/// issue and is cancelled. Unlike Swift Testing's `.timeLimit`, whose clock includes the wait for
/// a test slot (75 s under a load average of 15, #58), its clock starts when the case runs: a
/// test trait's scope is inside its suite's `.slots`.
public struct Watchdog: TestTrait, TestScoping {
    let limit: Duration

    /// Each case, as ``TestSlots`` takes a slot for each case, so its scope is inside the slot's.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Watchdog? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Inside the slot's scope, whose lifetime is set: else the clock would count the wait.
        if TestLifetime.current == nil {
            Issue.record("a watchdog runs inside .slots, or its clock counts the wait for a slot")
        }
        try await withoutActuallyEscaping(function) { body in
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await body()
                    return true
                }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return false
                }
                let ended = try await group.next() ?? false
                group.cancelAll()
                if !ended {
                    Issue.record("did not end within \(limit) of its start: a deadlock?")
                }
            }
        }
    }
}

extension Trait where Self == Watchdog {
    /// Records an issue, and cancels the case, when it has not ended `limit` after it started
    /// (not counting its wait for a test slot).
    public static func watchdog(_ limit: Duration) -> Watchdog { Watchdog(limit: limit) }
}

/// A counting semaphore whose waiters hold no thread, in two queues: a freed slot goes to the
/// longest waiter of the first queue, then of the other.
package final class Gate: Sendable {
    private struct State {
        var free: Int
        var first: Deque = Deque()
        var others: Deque = Deque()
    }

    /// A queue of waiters whose front is taken in constant time (hundreds of cases wait at once).
    private struct Deque {
        var items: [CheckedContinuation<Void, Never>] = []
        var head = 0

        var isEmpty: Bool { head == items.count }
        var count: Int { items.count - head }

        mutating func append(_ item: CheckedContinuation<Void, Never>) { items.append(item) }

        mutating func removeFirst() -> CheckedContinuation<Void, Never> {
            defer {
                head += 1
                if head == items.count {
                    items.removeAll(keepingCapacity: true)
                    head = 0
                }
            }
            return items[head]
        }
    }

    private let state: Mutex<State>

    package init(width: Int) { state = Mutex(State(free: width)) }

    /// How many wait for a slot.
    package var waiting: Int {
        state.withLock { $0.first.count + $0.others.count }
    }

    package func enter(first: Bool = false) async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.free > 0 else {
                    if first { state.first.append(waiter) } else { state.others.append(waiter) }
                    return false
                }
                state.free -= 1
                return true
            }
            if now { waiter.resume() }
        }
    }

    package func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if !state.first.isEmpty { return state.first.removeFirst() }
            if !state.others.isEmpty { return state.others.removeFirst() }
            state.free += 1
            return nil
        }
        next?.resume()
    }
}
