import Foundation

/// A source's own record behind an item, kept beside the item's shared fields for the facts only
/// that source has (an iTunes record's track count, a station's bitrate).
///
/// A provider that needs its record defines the type in its own target and stores it in
/// ``MediaItem/payload``; the engine keeps it through the last search and the offline library
/// and gives it back typed with ``AnyMediaPayload/value(as:)``. A provider that needs nothing of
/// the kind uses ``MediaItem/extras`` or nothing at all.
public protocol MediaPayload: Codable, Sendable, Hashable {
    /// A name unique among payload types, written beside the stored record (`itunes`).
    static var payloadName: String { get }
    /// A copy with names censored the way the source censors them (S13); by default the same.
    func censored() -> Self
    /// A label for what the record is when the source says more than the item's ``MediaItem/kind``
    /// (`Feature movie`); `nil` leaves the item's own label.
    var kindDescription: String? { get }
    /// The item this record alone describes: how items stored before they carried their shared
    /// fields are read back. `nil` by default.
    func item() -> MediaItem?
}

extension MediaPayload {
    public func censored() -> Self { self }
    public var kindDescription: String? { nil }
    public func item() -> MediaItem? { nil }
}

extension CodingUserInfoKey {
    /// The payload types a decoder knows, as `[any MediaPayload.Type]`: set it on a decoder that
    /// reads stored items so their payloads come back typed. Payloads of other types are kept as
    /// plain JSON and written back unchanged.
    public static let mediaPayloadTypes = CodingUserInfoKey(rawValue: "mediasearch.payloadTypes")!
}

/// A ``MediaPayload`` of any type, as ``MediaItem`` stores it.
public struct AnyMediaPayload: Sendable, Hashable, Codable {
    private enum Storage: Sendable {
        case value(any MediaPayload)
        /// A payload whose type the decoder did not know: kept as read, typed on first use.
        case json(StoredPayload)
    }

    /// The payload type's ``MediaPayload/payloadName``.
    public let name: String
    private let storage: Storage

    /// Wraps a payload.
    public init<Payload: MediaPayload>(_ payload: Payload) {
        self.name = Payload.payloadName
        self.storage = .value(payload)
    }

    /// The payload, when it is of this type.
    public func value<Payload: MediaPayload>(as type: Payload.Type) -> Payload? {
        guard name == Payload.payloadName else { return nil }
        switch storage {
        case .value(let value):
            return value as? Payload
        case .json(let stored):
            return stored.value(as: type)
        }
    }

    /// The payload, typed, when its type is known.
    public var base: (any MediaPayload)? {
        switch storage {
        case .value(let value): return value
        case .json(let stored): return stored.typed
        }
    }

    /// A copy with the payload's names censored.
    public func censored() -> AnyMediaPayload {
        guard let value = base else { return self }
        return Self.censor(value)
    }

    private static func censor<Payload: MediaPayload>(_ payload: Payload) -> AnyMediaPayload {
        AnyMediaPayload(payload.censored())
    }

    enum CodingKeys: String, CodingKey { case type, value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .type)
        try self.init(name: name, from: c, key: .value, types: decoder.userInfo[.mediaPayloadTypes])
    }

    /// Reads a payload named `name` stored under `key`, typed when `types` knows it.
    init<Key: CodingKey>(
        name: String, from container: KeyedDecodingContainer<Key>, key: Key, types: Any?
    ) throws {
        self.name = name
        let known = (types as? [any MediaPayload.Type]) ?? MediaPayloadTypes.registered
        if let type = known.first(where: { $0.payloadName == name }) {
            self.storage = .value(try Self.decode(type, from: container, key: key))
        } else {
            self.storage = .json(StoredPayload(try container.decode(JSONValue.self, forKey: key)))
        }
    }

    private static func decode<Payload: MediaPayload, Key: CodingKey>(
        _ type: Payload.Type, from container: KeyedDecodingContainer<Key>, key: Key
    ) throws -> any MediaPayload {
        try container.decode(Payload.self, forKey: key)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .type)
        switch storage {
        case .value(let value): try c.encode(value, forKey: .value)
        case .json(let stored): try c.encode(stored.json, forKey: .value)
        }
    }

    public static func == (lhs: AnyMediaPayload, rhs: AnyMediaPayload) -> Bool {
        guard lhs.name == rhs.name else { return false }
        switch (lhs.storage, rhs.storage) {
        case (.value(let a), .value(let b)): return AnyHashable(a) == AnyHashable(b)
        case (.json(let a), .json(let b)): return a.json == b.json
        case (.value(let value), .json(let stored)), (.json(let stored), .value(let value)):
            return Self.equal(value, stored)
        }
    }

    private static func equal<Payload: MediaPayload>(_ value: Payload, _ stored: StoredPayload) -> Bool {
        stored.value(as: Payload.self) == value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}

/// The payload types every decoder knows without being told (see ``CodingUserInfoKey/mediaPayloadTypes``):
/// the engine registers those of its providers once, so stored items come back typed.
public enum MediaPayloadTypes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var types: [any MediaPayload.Type] = []

    /// The registered types.
    public static var registered: [any MediaPayload.Type] {
        lock.withLock { types }
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
