import Foundation

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
        let known = (types as? [any MediaPayload.Type]) ?? []
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
