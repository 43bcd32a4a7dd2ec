import Foundation
import MediaSearchITunes
import MediaSearchKit

/// How the library writes an item: an iTunes item whose every shared field is what its record
/// says (the common case) as the record alone, `{"itunes": record, "extras": …}`, the form items
/// had before they carried their fields, which ``MediaItem`` still reads; any other item (another
/// source, a provider's edit, a merged result's other sources) whole.
///
/// The record alone is about half the bytes of the record and the fields, and half the encoding
/// time. It can always be read back: the library registers the iTunes record's type in every
/// process (a payload type a reader may not know is never written this way).
enum StoredRecord {
    struct Compact: Encodable {
        var itunes: ITunesRecord
        var extras: [String: String]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: MediaItemKeys.self)
            try c.encode(itunes, forKey: .itunes)
            if !extras.isEmpty { try c.encode(extras, forKey: .extras) }
        }
    }

    enum MediaItemKeys: String, CodingKey { case itunes, extras }

    static func encode(_ item: MediaItem, with encoder: JSONEncoder) throws -> Data {
        if let record = item.payload?.base as? ITunesRecord {
            var derived = MediaItem(itunes: record)
            derived.extras = item.extras
            if derived == item { return try encoder.encode(Compact(itunes: record, extras: item.extras)) }
        }
        return try encoder.encode(item)
    }
}
