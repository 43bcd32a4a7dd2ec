import Foundation

/// The payload types of a set of providers: what a decoder of stored items is told
/// (``CodingUserInfoKey/mediaPayloadTypes``) so that their payloads come back typed, and what a
/// store may write in its short form (a record alone, whose item only its type can derive).
///
/// A value, handed to each store by whoever composes the process (the session, from its
/// providers): no registry a process fills, so two sessions with other providers never see
/// each other's types, and a store reads with exactly the types it writes with.
public struct PayloadTypes: @unchecked Sendable {
    // `@unchecked`: metatypes of `MediaPayload` (itself `Sendable`) are immutable values.
    /// The types, each name once.
    public let types: [any MediaPayload.Type]

    /// The types given, the first of each ``MediaPayload/payloadName`` kept.
    public init(_ types: [any MediaPayload.Type]) {
        var seen = Set<String>()
        self.types = types.filter { seen.insert($0.payloadName).inserted }
    }

    /// The payload types of every provider.
    public init(of providers: [any MediaProvider]) {
        self.init(providers.flatMap(\.payloadTypes))
    }

    /// No types: every payload is kept as the JSON it was read as.
    public static let none = PayloadTypes([])

    /// Whether a type of this name is among them.
    public func contains(_ name: String) -> Bool {
        types.contains { $0.payloadName == name }
    }

    /// A JSON decoder that reads stored items with these types.
    public func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[.mediaPayloadTypes] = types
        return decoder
    }
}
