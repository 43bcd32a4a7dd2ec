import Foundation
import MediaSearchKit

/// One element of `results`; `nil` when the element is not a record.
struct LenientRecord: Decodable {
    var item: MediaItem?

    init(from decoder: any Decoder) throws {
        item = (try? ITunesRecord(from: decoder)).map(MediaItem.init(itunes:))
    }
}
