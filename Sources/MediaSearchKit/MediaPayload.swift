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
    /// The record as JSON, when the type can write itself faster than its `Codable` form (the
    /// iTunes record keeps the API's own JSON): the offline library then keeps an item that
    /// ``item()`` describes whole as this alone. `nil` by default.
    var storedJSON: JSONValue? { get }
}

extension MediaPayload {
    public func censored() -> Self { self }
    public var kindDescription: String? { nil }
    public func item() -> MediaItem? { nil }
    public var storedJSON: JSONValue? { nil }
}

extension CodingUserInfoKey {
    /// The payload types a decoder knows, as `[any MediaPayload.Type]`: set it on a decoder that
    /// reads stored items so their payloads come back typed. Payloads of other types are kept as
    /// plain JSON and written back unchanged.
    public static let mediaPayloadTypes = CodingUserInfoKey(rawValue: "mediasearch.payloadTypes")!
}
