import MediaSearchKit
import Synchronization

/// Runs work with an overall time limit, cancelling it when the limit passes.
public enum Deadline {
    /// The innermost deadline of the running task, so that waits which are not the work's fault
    /// (the request budget) can push it back.
    @TaskLocal static var current: Extension?

    /// Pushes the running task's deadlines back by `seconds`: time spent waiting for the request
    /// budget is not time the source took to answer.
    public static func extendCurrent(by seconds: Double) {
        current?.add(seconds)
    }

    /// Seconds added to a deadline, and to every deadline around it.
    final class Extension: Sendable {
        private let extra = Mutex(0.0)
        let parent: Extension?

        init(parent: Extension?) { self.parent = parent }

        var seconds: Double { extra.withLock { $0 } }

        func add(_ seconds: Double) {
            extra.withLock { $0 += seconds }
            parent?.add(seconds)
        }
    }

    /// The work's result, or ``MediaSearchError/deadlineExceeded(seconds:)`` after `seconds`.
    ///
    /// The caller is resumed by whichever comes first: the work, the timer or the caller's own
    /// cancellation. Work that ignores cancellation is cancelled and left behind rather than
    /// awaited: a task group would wait for it, and one stuck provider would hang the command.
    public static func run<T: Sendable>(
        seconds: Double, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let gate = Gate<T>()
        let pushed = Extension(parent: current)
        let worker = $current.withValue(pushed) {
            Task {
                do {
                    gate.resume(.success(try await work()))
                } catch {
                    gate.resume(.failure(error))
                }
            }
        }
        // The limit is an alarm of the process's one clock (``Alarms``), not a sleeping task of
        // its own; when it rings it checks whether the work's waits for the budget pushed it back.
        let clock = ContinuousClock()
        let start = clock.now
        let end: @Sendable () -> ContinuousClock.Instant = {
            start + .milliseconds(Int64(max(seconds + pushed.seconds, 0) * 1000))
        }
        let alarm = Alarms.shared.set(at: end()) {
            let now = clock.now
            if now < end() { return end() }
            gate.resume(.failure(MediaSearchError.deadlineExceeded(seconds: seconds)))
            return nil
        }
        defer {
            worker.cancel()
            Alarms.shared.stop(alarm)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in gate.wait(continuation) }
        } onCancel: {
            gate.resume(.failure(CancellationError()))
        }
    }
}
