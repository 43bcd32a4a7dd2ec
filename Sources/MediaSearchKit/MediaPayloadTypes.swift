import Foundation

/// The payload types every decoder knows without being told (see ``CodingUserInfoKey/mediaPayloadTypes``):
/// the engine registers those of its providers once, so stored items come back typed.
public enum MediaPayloadTypes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var types: [any MediaPayload.Type] = []

    /// The registered types.
    public static var registered: [any MediaPayload.Type] {
        lock.withLock { types }
    }

    /// Whether a type of this ``MediaPayload/payloadName`` is registered.
    public static func isRegistered(_ name: String) -> Bool {
        lock.withLock { types.contains { $0.payloadName == name } }
    }

    /// Registers types; registering one twice has no effect.
    public static func register(_ new: [any MediaPayload.Type]) {
        lock.withLock {
            for type in new where !types.contains(where: { $0.payloadName == type.payloadName }) {
                types.append(type)
            }
        }
    }
}
