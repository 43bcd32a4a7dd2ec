import Synchronization

/// Waiting for a task to end, with a limit: a server's task that ends once its requests in flight
/// are answered, which a test may have held back on purpose.
public enum TaskEnd {
    /// Waits until `task` ends or `limit` has passed, whichever comes first; whether it ended.
    @discardableResult
    public static func wait<Success: Sendable, Failure: Error>(
        for task: Task<Success, Failure>, atMost limit: Duration
    ) async -> Bool {
        let waiter = Waiter()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            waiter.set(continuation)
            let timer = Task {
                try? await Task.sleep(for: limit)
                waiter.resume(false)
            }
            // Past the limit this waits on alone (a task's end cannot be awaited with a limit).
            Task {
                _ = await task.result
                if waiter.resume(true) { timer.cancel() }
            }
        }
    }

    /// One continuation, resumed once by whichever comes first.
    private final class Waiter: Sendable {
        private let continuation = Mutex<CheckedContinuation<Bool, Never>?>(nil)

        func set(_ continuation: CheckedContinuation<Bool, Never>) {
            self.continuation.withLock { $0 = continuation }
        }

        /// Resumes the waiter with `value` unless it was resumed already; whether this did.
        @discardableResult
        func resume(_ value: Bool) -> Bool {
            guard let waiting = continuation.withLock({ $0.take() }) else { return false }
            waiting.resume(returning: value)
            return true
        }
    }
}
