import Foundation
import MediaSearchKit

/// One record of a search or lookup answer, decoded tolerantly from the iTunes Search API, with
/// the API's own field names. Every field is optional because the API leaves out whatever a
/// record lacks. Providers see it as a generic ``MediaItem`` (``MediaItem/init(itunes:)``), which
/// keeps the record for the iTunes-specific facts of their tiles and details.
public struct ITunesRecord: Sendable, Hashable {
    /// The record's `wrapperType` (`track`, `collection`, `artist`, `audiobook`...).
    public var wrapperType: WrapperType
    /// The record's `kind` (`song`, `feature-movie`, `podcast`...), `nil` when the record has none.
    public var kind: RecordKind?

    public var trackId: Int?
    public var collectionId: Int?
    public var artistId: Int?
    public var collectionArtistId: Int?

    public var artistName: String?
    public var collectionName: String?
    public var trackName: String?
    public var collectionCensoredName: String?
    public var trackCensoredName: String?
    public var artistType: String?
    public var collectionType: String?

    public var artistViewUrl: String?
    public var artistLinkUrl: String?
    public var collectionViewUrl: String?
    public var trackViewUrl: String?
    public var collectionArtistViewUrl: String?
    /// The collection's artist: a compilation's "Various Artists", a film's studio.
    public var collectionArtistName: String?
    public var feedUrl: String?
    public var previewUrl: String?
    public var episodeUrl: String?
    public var artworkUrl30: String?
    public var artworkUrl60: String?
    public var artworkUrl100: String?
    public var artworkUrl600: String?

    public var collectionPrice: Double?
    public var trackPrice: Double?
    public var trackRentalPrice: Double?
    public var collectionHdPrice: Double?
    public var trackHdPrice: Double?
    public var trackHdRentalPrice: Double?
    public var currency: String?

    /// The release date as the API writes it (ISO 8601, e.g. `2016-02-12T08:00:00Z`).
    public var releaseDate: String?
    public var collectionExplicitness: String?
    public var trackExplicitness: String?
    public var contentAdvisoryRating: String?

    public var discCount: Int?
    public var discNumber: Int?
    public var trackCount: Int?
    public var trackNumber: Int?
    public var trackTimeMillis: Int?

    public var country: String?
    public var primaryGenreName: String?
    /// Genre names; the API sends strings for podcasts and `{name, id}` objects for episodes.
    public var genres: [String]
    public var description: String?
    public var longDescription: String?
    public var shortDescription: String?
    public var copyright: String?

    /// Creates an empty record of the given wrapper type and kind.
    public init(wrapperType: WrapperType = .unknown, kind: RecordKind? = nil) {
        self.wrapperType = wrapperType
        self.kind = kind
        self.genres = []
    }
}

extension ITunesRecord {
    /// The stable identifier used by `show`: the track id, else the collection id, else the artist id.
    public var id: String {
        if let trackId { return String(trackId) }
        if let collectionId { return String(collectionId) }
        if let artistId { return String(artistId) }
        return ""
    }

    /// The item's own name: the track name, else the collection name (audiobooks), else the artist.
    public var title: String? {
        trackName ?? collectionName ?? (wrapperType == .artist ? artistName : nil)
    }

    /// The link to the item's store page.
    public var storeURL: String? { trackViewUrl ?? collectionViewUrl ?? artistLinkUrl ?? artistViewUrl }

    /// The record's artwork URLs by their width in pixels.
    public var artworkBySize: [Int: String] {
        [30: artworkUrl30, 60: artworkUrl60, 100: artworkUrl100, 600: artworkUrl600].compactMapValues { $0 }
    }

    /// The largest artwork URL the record carries.
    public var artworkURL: String? { artworkUrl600 ?? artworkUrl100 ?? artworkUrl60 ?? artworkUrl30 }

    /// The price a buyer pays for this item, leaving out the API's `-1` for "not sold separately".
    public var price: Double? {
        [trackPrice, collectionPrice].lazy.compactMap { $0 }.first { $0 >= 0 }
    }

    /// A human label for the record's type, from `wrapperType` and `kind` (T1).
    public var kindLabel: String {
        if let kind, kind != .unknown { return kind.label }
        return wrapperType.label
    }

    /// A copy showing the censored names in place of the originals (S13).
    public func censored() -> ITunesRecord {
        var copy = self
        if let trackCensoredName { copy.trackName = trackCensoredName }
        if let collectionCensoredName { copy.collectionName = collectionCensoredName }
        return copy
    }
}
