import Dispatch

/// Where tests run their long synchronous work (thousands of decodes, SQLite with `fsync`), so
/// that it never holds a thread of Swift's cooperative pool.
///
/// That pool has one thread per core: two on the machines CI uses. Swift Testing runs tests side
/// by side on it, and the same two threads drive the in-process servers, every deadline's alarm
/// and the answers of the HTTP client. A test that decodes for seconds on one of them, beside
/// another that does the same, left a 50 ms alarm ringing 10 s late and sent requests past their
/// time-out (and so retried them) in the tests beside it. On threads of their own the work is
/// shared out by the kernel, which preempts; the pool stays free.
///
///     @Test func manyDecodes() async throws {
///         try await withTaskExecutorPreference(HeavyWork.executor) { ... }
///     }
///
/// The body keeps its task (and so `#expect` and the test it belongs to); only the threads that
/// run it change.
public final class HeavyWork: TaskExecutor, @unchecked Sendable {
    /// The executor: a concurrent dispatch queue, whose threads are not the cooperative pool's.
    public static let executor = HeavyWork(
        DispatchQueue(label: "mediasearch.tests.heavy-work", attributes: .concurrent))

    /// The fixture servers' answers (the test review's finding 9): a serial queue of their own.
    /// A concurrent queue runs on as many threads as the machine has cores, so an answer queued
    /// behind the decoder fuzz's thousands of decodes waited seconds, past its request's time-out;
    /// a serial queue is given a thread of its own whenever it has work.
    public static let answers = HeavyWork(DispatchQueue(label: "mediasearch.tests.fixture-answers"))

    private let queue: DispatchQueue

    private init(_ queue: DispatchQueue) {
        self.queue = queue
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
