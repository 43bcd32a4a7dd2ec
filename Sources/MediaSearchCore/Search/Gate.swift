import MediaSearchKit
import Synchronization

/// A result handed to one waiting continuation exactly once, whichever side comes first.
package final class Gate<T: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<T, any Error>)
        case ready(Result<T, any Error>)
        case done
    }

    private let state = Mutex(State.empty)

    package init() {}

    /// Delivers the result now if it is already there, else when it comes.
    package func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let ready = state.withLock { state -> Result<T, any Error>? in
            switch state {
            case .ready(let result):
                state = .done
                return result
            case .empty:
                state = .waiting(continuation)
                return nil
            case .waiting, .done:
                return .failure(CancellationError())
            }
        }
        if let ready { continuation.resume(with: ready) }
    }

    /// The first result wins; later ones are dropped.
    package func resume(_ result: Result<T, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<T, any Error>? in
            switch state {
            case .empty:
                state = .ready(result)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .ready, .done:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
