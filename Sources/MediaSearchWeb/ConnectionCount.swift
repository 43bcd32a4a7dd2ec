import NIOCore
import Synchronization

/// Counts the open connections of one server.
package final class ConnectionCount: Sendable {
    private let open = Atomic(0)
    package let limit: Int

    package init(limit: Int) { self.limit = limit }

    /// Counts one more; `false` when that one is past the limit (and is not counted).
    package func enter() -> Bool {
        let now = open.wrappingAdd(1, ordering: .relaxed).newValue
        if now > limit {
            open.wrappingSubtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    package func leave() { open.wrappingSubtract(1, ordering: .relaxed) }
}
