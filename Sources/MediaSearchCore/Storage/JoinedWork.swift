import NIOPosix
import Synchronization

/// Joins the pieces of blocking work of one process that arrive together, per key (a file and its
/// rules), so that they are done as one: while a thread of ``BlockingWork`` does one batch under
/// the file's lock, the pieces that arrive wait, and are then done together under one lock, one
/// read and one write. A search's four providers take their budget slots and keep their answers
/// at about the same moment, and a server's concurrent searches do too: joined, they queue at a
/// file's lock once, not once each.
///
/// `perform` gets the batch's inputs in the order they arrived and returns one output for each;
/// a pool that has stopped gets `stopped` for each input instead.
final class JoinedWork<Key: Hashable & Sendable, Input: Sendable, Output: Sendable>: Sendable {
    private struct Waiting {
        var input: Input
        var continuation: CheckedContinuation<Output, Never>
    }

    private struct Queues {
        var waiting: [Key: [Waiting]] = [:]
        var draining: Set<Key> = []
    }

    private let queues = Mutex(Queues())

    init() {}

    /// The output for `input`, done on the blocking pool with any others waiting under `key`.
    /// The first to arrive leads: it drains the queue until no one waits; `perform` and `stopped`
    /// are the leader's (every piece under one key must pass equivalent ones).
    func run(
        _ key: Key, _ input: Input, perform: @escaping @Sendable ([Input]) -> [Output],
        stopped: @escaping @Sendable (Input) -> Output
    ) async -> Output {
        await withCheckedContinuation { continuation in
            let leads = queues.withLock { queues in
                queues.waiting[key, default: []].append(Waiting(input: input, continuation: continuation))
                return queues.draining.insert(key).inserted
            }
            guard leads else { return }
            BlockingWork.pool.submit { [self] state in
                while true {
                    let batch = queues.withLock { queues in
                        let batch = queues.waiting.removeValue(forKey: key) ?? []
                        if batch.isEmpty { queues.draining.remove(key) }
                        return batch
                    }
                    guard !batch.isEmpty else { return }
                    let inputs = batch.map(\.input)
                    let outputs = state == .active ? perform(inputs) : inputs.map(stopped)
                    for (waiting, output) in zip(batch, outputs) {
                        waiting.continuation.resume(returning: output)
                    }
                    // A `perform` that returned too few outputs must still let everyone go.
                    for waiting in batch.dropFirst(outputs.count) {
                        waiting.continuation.resume(returning: stopped(waiting.input))
                    }
                }
            }
        }
    }
}
