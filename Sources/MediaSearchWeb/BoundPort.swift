import Foundation
import HTTPTypes
import Hummingbird
import MediaSearchCore
import MediaSearchKit
import Synchronization

/// The port the server listens on, known once it is bound (`--port 0` picks one).
final class BoundPort: Sendable {
    private let port = Mutex(0)
    var value: Int { port.withLock { $0 } }
    func set(_ value: Int) { port.withLock { $0 = value } }
}
