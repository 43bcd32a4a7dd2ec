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
    static func encode(_ item: MediaItem, with encoder: JSONEncoder) throws -> Data {
        if let record = item.payload?.base as? ITunesRecord {
            var derived = MediaItem(itunes: record)
            derived.extras = item.extras
            if derived == item {
                // Written directly (``JSONValue/text(pretty:)``), a fraction of what encoding costs.
                var fields: [String: JSONValue] = ["itunes": record.json]
                if !item.extras.isEmpty { fields["extras"] = .object(item.extras.mapValues { .string($0) }) }
                return Data(JSONValue.object(fields).text(pretty: false).utf8)
            }
        }
        return try encoder.encode(item)
    }
}
