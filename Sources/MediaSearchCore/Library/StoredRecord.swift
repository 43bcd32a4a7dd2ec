import Foundation
import MediaSearchKit

/// How the library writes an item: an item that its payload alone describes (its every shared
/// field is what ``MediaPayload/item()`` derives from the record, the common case for an iTunes
/// item) as the record alone, `{"<payload name>": record, "extras": …}`, the form items had before
/// they carried their fields, which ``MediaItem`` still reads; any other item (a provider's edit,
/// a merged result's other sources, a payload with no ``MediaPayload/storedJSON``) whole.
///
/// The record alone is about half the bytes of the record and the fields, and half the encoding
/// time. It is written only for a payload type among the store's ``PayloadTypes``: the store
/// reads with the same types, and only its type can make the record an item again.
package enum StoredRecord {
    package static func encode(_ item: MediaItem, types: PayloadTypes, with encoder: JSONEncoder) throws -> Data {
        if let payload = item.payload, let record = payload.base, let json = record.storedJSON,
            var derived = record.item(), types.contains(payload.name)
        {
            derived.extras = item.extras
            if derived == item {
                // Written directly (``JSONValue/utf8(pretty:)``), a fraction of what encoding costs.
                var fields: [String: JSONValue] = [payload.name: json]
                if !item.extras.isEmpty { fields["extras"] = .object(item.extras.mapValues { .string($0) }) }
                return Data(JSONValue.object(fields).utf8(pretty: false))
            }
        }
        return try encoder.encode(item)
    }
}
