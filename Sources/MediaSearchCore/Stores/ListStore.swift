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
    /// Every list, by name: each made (``create(_:at:)``) or added to, until it is deleted (an
    /// emptied list stays).
    func lists() async throws(MediaSearchError) -> [ListSummary]
    /// A list's items, the latest added first.
    func items(in list: String) async throws(MediaSearchError) -> [ListedItem]
    /// Makes an empty list; whether it is new (false: a list of that name is there already).
    func create(_ list: String, at date: Date) async throws(MediaSearchError) -> Bool
    /// Gives a list, with its items, another name; false when there is no such list.
    /// - Throws: ``MediaSearchError/listExists(_:)`` when a list has the new name already.
    func rename(_ list: String, to name: String) async throws(MediaSearchError) -> Bool
    /// Deletes a list and its items, or (`ifEmpty`) only a list that holds none, the count and
    /// the delete read at once, so that an item kept a moment before is never deleted unasked.
    func delete(_ list: String, ifEmpty: Bool) async throws(MediaSearchError) -> ListDeletion
}

/// What deleting a list did.
public enum ListDeletion: Sendable, Equatable {
    /// Deleted, with the items it held.
    case deleted(Int)
    /// Not deleted: only an empty list might be, and it holds these.
    case holds(Int)
    /// There was no such list.
    case missing
}

/// The names lists may have: a letter or a digit, then up to 59 letters, digits, spaces, `.`,
/// `_`, `'` or `-`. Letters are ASCII's and those of the Latin, Greek, Cyrillic, Hebrew, Arabic,
/// kana, CJK and Hangul blocks, named here by their ranges so that the OpenAPI document's pattern
/// says exactly the same (JSON Schema's regular expressions have no classes by script).
public enum ListName {
    /// The list `star` adds to when no list is named.
    public static let starred = "starred"
    /// The longest name, in characters.
    public static let maxLength = 60

    /// The letters and digits, by Unicode scalar ranges.
    public static let letters: [ClosedRange<UInt32>] = [
        0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x5D0...0x5EA,
        0x620...0x64A, 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
    ]
    /// What else may follow the first letter.
    public static let others: Set<UInt32> = [0x20, 0x2E, 0x5F, 0x27, 0x2D]

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool { letters.contains { $0.contains(scalar.value) } }

    /// The name as kept (trailing spaces dropped, runs of spaces folded), or a usage error.
    /// - Parameter lenient: a name typed on the command line may also start with spaces.
    public static func checked(_ text: String, lenient: Bool = true) throws(MediaSearchError) -> String {
        let given = lenient ? String(text.drop { $0 == " " }) : text
        let scalars = given.unicodeScalars
        let allowed =
            scalars.first.map(isLetter) == true && scalars.count <= maxLength
            && scalars.allSatisfy { isLetter($0) || others.contains($0.value) }
        guard allowed else {
            throw .usage(
                "a list's name is a letter or a digit, then up to \(maxLength - 1) letters, digits, spaces, "
                    + "'.', '_', \"'\" or '-', not '\(TextSanitizer.line(text))'")
        }
        return given.split(separator: " ").joined(separator: " ")
    }
}
