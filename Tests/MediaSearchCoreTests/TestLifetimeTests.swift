import Foundation
import MediaSearchFixtures
import Synchronization
import TestSlots
import Testing

/// The test support's own promise (docs/testing.md, "What a test starts, it stops"): what a case
/// started is stopped when it ends, newest first, each stop awaited, whether the case passed or
/// threw.
@Suite("Test lifetimes", .slots)
struct TestLifetimeTests {
    /// A watchdog records an issue and cancels a case that outlives its limit, and leaves alone
    /// one that ends in time.
    @Test func aWatchdogEndsACaseThatOutlivesIt() async throws {
        let test = try #require(Test.current)
        let cancelled = Mutex(false)
        try await withKnownIssue {
            try await Watchdog.watchdog(.milliseconds(50)).provideScope(for: test, testCase: nil) {
                do {
                    try await Task.sleep(for: .seconds(600))
                } catch is CancellationError {
                    cancelled.withLock { $0 = true }
                }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("did not end within") }
        }
        #expect(cancelled.withLock { $0 })
        try await Watchdog.watchdog(.seconds(600)).provideScope(for: test, testCase: nil) {}
    }

    /// A command the runner stops at its time-out says so (#76 item 7: five tests once failed on
    /// a bare 143), and one that ends in time does not.
    @Test func aCommandStoppedAtItsTimeOutSaysSo() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let sleeper = CommandRunner(executable: URL(fileURLWithPath: "/bin/sleep"), home: home)
        let stopped = try await sleeper.run(["30"], timeout: 0.2)
        #expect(stopped.timedOut, "\(stopped.status)")
        #expect(stopped.stderr.contains("'sleep 30' stopped after its time-out of 0.2 s"), "\(stopped.stderr)")
        let quick = try await sleeper.run(["0"], timeout: 30)
        #expect(!quick.timedOut && quick.status == 0 && quick.stderr.isEmpty)
    }

    struct Thrown: Error {}

    final class Log: Sendable {
        let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Runs `body` as a case of its own would run under `.slots`, then says what was logged. It
    /// takes a second slot while this case holds one: a wait at worst, never a deadlock (the width
    /// is at least eight, and the other holders end without this one).
    static func scoped(_ body: @escaping @Sendable (Log) async throws -> Void) async -> (log: [String], threw: Bool) {
        let log = Log()
        let test = try! #require(Test.current)
        do {
            let slots: TestSlots = .slots
            try await slots.provideScope(for: test, testCase: Test.Case.current) {
                try await body(log)
                log.add("body ended")
            }
            return (log.all, false)
        } catch {
            return (log.all, true)
        }
    }

    @Test func theStopsRunNewestFirstEachAwaitedOnceTheCaseEnds() async {
        let (log, threw) = await Self.scoped { log in
            TestLifetime.stopAtEnd {
                try? await Task.sleep(for: .milliseconds(30))
                log.add("server stopped")
            }
            TestLifetime.stopAtEnd {
                try? await Task.sleep(for: .milliseconds(30))
                log.add("process ended")
            }
        }
        #expect(!threw)
        #expect(log == ["body ended", "process ended", "server stopped"])
    }

    @Test func aCaseThatThrowsStillStopsWhatItStarted() async {
        let (log, threw) = await Self.scoped { log in
            TestLifetime.stopAtEnd { log.add("server stopped") }
            throw Thrown()
        }
        #expect(threw)
        #expect(log == ["server stopped"])
    }

    /// A freed slot goes to the longest waiter of a `.slotsFirst` suite before any other (a
    /// serialized suite's next case), then to the others in the order they came.
    @Test func aFreedSlotGoesToAChainsCaseFirstThenInOrder() async throws {
        let gate = Gate(width: 1)
        await gate.enter()
        let log = Log()
        var waiters: [Task<Void, Never>] = []
        for (name, first) in [("other 1", false), ("chain 1", true), ("other 2", false), ("chain 2", true)] {
            let queued = gate.waiting
            waiters.append(
                Task {
                    await gate.enter(first: first)
                    log.add(name)
                })
            // Each waiter queues before the next starts, so the order they came in is known.
            try await Self.until { gate.waiting == queued + 1 }
        }
        for admitted in 1...4 {
            gate.leave()
            try await Self.until { log.all.count == admitted }
        }
        for waiter in waiters { await waiter.value }
        #expect(log.all == ["chain 1", "chain 2", "other 1", "other 2"])
        gate.leave()
        #expect(gate.waiting == 0)
    }

    /// Waits until `condition` holds, a yield at a time; a minute without it fails the test (a
    /// waiter that never queued or never resumed), whatever the machine's speed before that.
    static func until(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            try #require(ContinuousClock.now < deadline, "the gate's waiters did not move")
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}
