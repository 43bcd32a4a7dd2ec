import Foundation

/// A payload read before its type was known: the JSON as read, and the typed value once asked.
final class StoredPayload: @unchecked Sendable {
    let json: JSONValue
    private let lock = NSLock()
    private var decoded: (any MediaPayload)?

    init(_ json: JSONValue) { self.json = json }

    /// The payload typed, decoded once.
    func value<Payload: MediaPayload>(as type: Payload.Type) -> Payload? {
        lock.withLock {
            if let decoded = decoded as? Payload { return decoded }
            guard let data = try? JSONEncoder().encode(json),
                let value = try? JSONDecoder().decode(Payload.self, from: data)
            else { return nil }
            decoded = value
            return value
        }
    }

    /// The payload typed, when it has been decoded.
    var typed: (any MediaPayload)? { lock.withLock { decoded } }
}
