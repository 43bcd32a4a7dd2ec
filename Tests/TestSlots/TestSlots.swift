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
public struct TestSlots: SuiteTrait, TestTrait, TestScoping {
    /// Four cases per core, at least eight.
    public static let width = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)

    private static let gate = Gate(width: width)

    public var isRecursive: Bool { true }

    /// Each test case takes a slot; a suite, which only holds cases, takes none.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> TestSlots? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.gate.enter()
        defer { Self.gate.leave() }
        try await function()
    }
}

extension Trait where Self == TestSlots {
    /// At most ``TestSlots/width`` test cases of the package run at once.
    public static var slots: TestSlots { TestSlots() }
}

/// A counting semaphore whose waiters hold no thread.
private final class Gate: Sendable {
    private let state: Mutex<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

    init(width: Int) { state = Mutex((width, [])) }

    func enter() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(waiter)
                    return false
                }
                state.free -= 1
                return true
            }
            if now { waiter.resume() }
        }
    }

    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
