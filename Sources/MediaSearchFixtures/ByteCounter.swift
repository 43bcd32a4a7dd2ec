import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// Counts bytes written, from any task.
final class ByteCounter: Sendable {
    private let count = Atomic<Int>(0)
    func add(_ bytes: Int) { count.add(bytes, ordering: .relaxed) }
    var total: Int { count.load(ordering: .relaxed) }
}
