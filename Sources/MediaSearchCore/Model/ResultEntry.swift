import Foundation
import MediaSearchKit

/// One result: the item, its tile, and where it ranked in its provider's answer.
public struct ResultEntry: Sendable, Hashable {
    public var kind: String
    /// Position in the provider's answer, 0 first (the API's relevance order).
    public var rank: Int
    /// The item as the provider returned it (uncensored; detail views censor on their own).
    public var item: MediaItem
    /// Its tile; a fact that only names its kind of media (a release's type `Album` under the
    /// badge ALBUM) is left out, as the badge says it (#60: a value is said once).
    public var tile: Tile {
        didSet { Self.dropKindFact(&tile, media: media) }
    }
    /// Whether names are shown censored (explicit content off and not revealed).
    public var censored: Bool = false
    /// The name for people of the source it came from, e.g. `Deezer`.
    public var sourceName: String = ""
    /// The kind of media it is (`song` for a `deezer-song`): one name for each kind whatever the
    /// source (#60); empty when unknown.
    public var media: String = "" {
        didSet { Self.dropKindFact(&tile, media: media) }
    }

    /// Creates an entry.
    public init(
        kind: String, rank: Int, item: MediaItem, tile: Tile, censored: Bool = false, sourceName: String = "",
        media: String = ""
    ) {
        self.kind = kind
        self.rank = rank
        self.item = item
        self.tile = tile
        self.censored = censored
        self.sourceName = sourceName
        self.media = media
        Self.dropKindFact(&self.tile, media: media)
    }

    /// Leaves out of `tile`'s facts one that is the name of its kind of media.
    static func dropKindFact(_ tile: inout Tile, media: String) {
        guard !media.isEmpty else { return }
        let name = media.replacingOccurrences(of: "-", with: " ")
        func isKind(_ text: String) -> Bool {
            text.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(name) == .orderedSame
        }
        func names(_ fact: Fact) -> Bool { fact.text().map(isKind) ?? false }
        guard tile.facts.contains(where: names) else { return }
        tile.facts.removeAll(where: names)
    }

    /// The item as shown: censored when names are.
    public var shown: MediaItem { censored ? item.censored() : item }
}

extension ResultRecord {
    /// The record of a result, with names censored as its tile shows them.
    public init(_ entry: ResultEntry) {
        self.init(
            tile: entry.tile, item: entry.shown,
            offer: entry.sourceName.isEmpty
                ? nil : SourceOffer(entry.shown, source: entry.sourceName, kind: entry.kind),
            media: entry.media.isEmpty ? nil : entry.media)
    }
}
