import MediaSearchKit

/// What can be played, in order, as an extended M3U playlist for any player (mpv, VLC, a phone's
/// radio app): `search --format m3u` and `show --format m3u`.
///
/// Previews, a radio station's live stream, an album's tracks, a book's sections, a podcast's
/// recent episodes: each entry is its http(s) link with a title and its length in seconds (`-1`
/// when unknown, as for a live stream). The same link twice is played once. Titles are sanitized
/// (no control characters, so no line of the file can be forged by a source), and a link with
/// anything unsafe in it is left out, as everywhere else.
public struct Playlist: Sendable, Equatable {
    /// One thing to play.
    public struct Entry: Sendable, Equatable {
        public var title: String
        /// Whole seconds; `nil` when unknown.
        public var seconds: Int?
        public var url: String
    }

    public var entries: [Entry]

    /// The playable results, in display order, names as their tiles show them.
    public init(_ results: [ResultEntry]) {
        var entries: [Entry] = []
        for result in results {
            let item = result.shown
            Self.add(
                title: Self.title(result.tile.title, by: result.tile.subtitle), milliseconds: item.durationMilliseconds,
                url: result.tile.previewUrl ?? item.playablePreviewURL, to: &entries)
        }
        self.entries = entries
    }

    /// What a detail can play: the items of its sections that have something to play (an album's
    /// tracks, a book's sections, recent episodes), and the item's own preview when it is none
    /// of those (a song's, a station's stream).
    public init(_ page: DetailPage) {
        var entries: [Entry] = []
        for section in page.detail.sections {
            for tile in section.items {
                Self.add(
                    title: Self.title(tile.title, by: tile.subtitle), milliseconds: tile.item?.durationMilliseconds,
                    url: tile.previewUrl ?? tile.item?.playablePreviewURL, to: &entries)
            }
        }
        var own: [Entry] = []
        Self.add(
            title: Self.title(page.item.title ?? "", by: page.item.creator),
            milliseconds: page.item.durationMilliseconds, url: page.item.playablePreviewURL, to: &own)
        if let first = own.first, !entries.contains(where: { $0.url == first.url }) { entries.insert(first, at: 0) }
        self.entries = entries
    }

    /// What one item plays of its own: its preview (or, merged, another store's), or a station's stream.
    public init(item: MediaItem) {
        var entries: [Entry] = []
        Self.add(
            title: Self.title(item.title ?? "", by: item.creator), milliseconds: item.durationMilliseconds,
            url: item.playablePreviewURL, to: &entries)
        self.entries = entries
    }

    /// The playlist as extended M3U text (UTF-8).
    public var m3u: String {
        var text = "#EXTM3U\n"
        for entry in entries {
            text += "#EXTINF:\(entry.seconds ?? -1),\(entry.title)\n\(entry.url)\n"
        }
        return text
    }

    /// `Creator - Title`, or the title alone, on one line.
    static func title(_ title: String, by creator: String?) -> String {
        let name = TextSanitizer.line(title)
        guard let creator = creator.map(TextSanitizer.line), !creator.isEmpty else { return name }
        return name.isEmpty ? creator : "\(creator) - \(name)"
    }

    /// Adds an entry for a safe link not listed yet.
    private static func add(title: String, milliseconds: Int?, url: String?, to entries: inout [Entry]) {
        guard let url = url.flatMap(SafeURL.http), !entries.contains(where: { $0.url == url }) else { return }
        let seconds = milliseconds.flatMap { $0 > 0 ? $0 / 1000 : nil }
        entries.append(Entry(title: title.isEmpty ? url : title, seconds: seconds, url: url))
    }
}
