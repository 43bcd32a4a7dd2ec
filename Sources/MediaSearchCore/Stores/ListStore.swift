import Foundation
import MediaSearchKit

/// A list and how many items it holds.
public struct ListSummary: Sendable, Hashable, Codable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// An item kept in a list: its whole record, so that the list shows offline and outlives the
/// cache and the library.
public struct ListedItem: Sendable {
    public var kind: String
    public var item: MediaItem
    public var addedAt: Date

    public init(kind: String, item: MediaItem, addedAt: Date) {
        self.kind = kind
        self.item = item
        self.addedAt = addedAt
    }
}

/// The lists people keep what they find in (`star`, `list`, the web's stars): a default list of
/// starred items and any number of named ones. In a file of the user's own (``ListFile``), or in
/// a shared store's database. Every change is one statement, so changes from several processes
/// or instances at once all land.
public protocol ListStore: Sendable {
    /// Adds an item (its record replaced when it is listed already); whether it was new to the list.
    func add(_ item: MediaItem, kind: String, to list: String, at date: Date) async throws(MediaSearchError) -> Bool
    /// Removes an item; whether it was listed.
    func remove(id: String, kind: String, from list: String) async throws(MediaSearchError) -> Bool
    /// Every list that holds something, by name.
    func lists() async throws(MediaSearchError) -> [ListSummary]
    /// A list's items, the latest added first.
    func items(in list: String) async throws(MediaSearchError) -> [ListedItem]
}

/// The names lists may have.
public enum ListName {
    /// The list `star` adds to when no list is named.
    public static let starred = "starred"
    /// The longest name, in characters.
    public static let maxLength = 60

    /// The name as kept (trimmed, runs of spaces folded), or a usage error: 1 to 60 letters,
    /// digits, spaces, `-`, `_`, `.` or `'`, of any script.
    public static func checked(_ text: String) throws(MediaSearchError) -> String {
        let name = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || " -_.'".unicodeScalars.contains(scalar)
        }
        guard !name.isEmpty, name.count <= maxLength, allowed, !TextSanitizer.line(name).isEmpty,
            TextSanitizer.line(name) == name
        else {
            throw .usage(
                "a list's name is 1 to \(maxLength) letters, digits, spaces, '-', '_', '.' or \"'\", not '\(TextSanitizer.line(text))'"
            )
        }
        return name
    }
}
