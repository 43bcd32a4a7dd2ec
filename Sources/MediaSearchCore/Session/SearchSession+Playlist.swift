import Foundation
import MediaSearchKit

/// What an item plays, for a face that hands it to a player (`open --preview`, #61).
extension SearchSession {
    /// The kinds of media whose detail lists what plays: an album's tracks, a book's sections,
    /// a podcast's recent episodes. Another item plays its own preview, with no detail to render
    /// (no lookup: `open --preview` of a song asks nothing).
    static let collections: Set<String> = ["album", "audiobook", "podcast"]

    /// The kinds of media whose item plays a live stream rather than a preview: a radio station.
    public static let liveMedia: Set<String> = ["radio-station"]

    /// The item a target names and what it plays: for a collection, the tracks its detail lists
    /// (the item's own preview when it lists none), else its own preview or stream.
    /// - Throws: as ``detail(of:uncensored:explicit:)`` does.
    /// `live` says the item plays a live stream (``liveMedia``), which a face calls a stream.
    public func playlist(of target: DetailTarget) async throws -> (item: MediaItem, playlist: Playlist, live: Bool) {
        let context = detailContext(for: target, uncensored: false)
        let found = try await find(target, context: context)
        let item = context.censorNames ? found.item.censored() : found.item
        let media = found.owner?.mediaKind ?? providers.first { $0.accepts(found.item) }?.mediaKind
        if let media, Self.collections.contains(media) {
            let playlist = Playlist(try await detail(of: target))
            if !playlist.entries.isEmpty { return (item, playlist, false) }
        }
        return (item, Playlist(item: item), media.map(Self.liveMedia.contains) ?? false)
    }
}
