import Foundation
import HTTPTypes
import Hummingbird
import MediaSearchCore
import MediaSearchKit
import Synchronization

/// The port the server listens on, known once it is bound (`--port 0` picks one).
package final class BoundPort: Sendable {
    private let port = Mutex(0)

    package init() {}

    package var value: Int { port.withLock { $0 } }
    package func set(_ value: Int) { port.withLock { $0 = value } }
}
