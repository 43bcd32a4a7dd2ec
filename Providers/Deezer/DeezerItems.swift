import Foundation
import MediaSearchKit

/// Deezer's ids in MediaSearch name what they are, so that `show` never asks Deezer for an id of
/// another source, nor a track for an album: `deezer:track:3135556`, `deezer:album:302127`.
enum DeezerID {
    static func track(_ id: Int) -> String { "deezer:track:\(id)" }
    static func album(_ id: Int) -> String { "deezer:album:\(id)" }

    /// The number in an id of this type (`track` or `album`), `nil` for any other id.
    static func number(_ id: String, type: String) -> Int? {
        let prefix = "deezer:\(type):"
        guard id.hasPrefix(prefix), let number = Int(id.dropFirst(prefix.count)), number > 0 else { return nil }
        return number
    }
}

extension MediaItem {
    /// A track as a song.
    init(deezer track: DeezerTrack, album fallback: DeezerAlbum? = nil) {
        let album = track.album ?? fallback
        self.init(
            id: DeezerID.track(track.id), title: track.title, kind: "song", creator: track.artist?.name,
            collection: album?.title, artwork: album?.artwork ?? [:], url: track.link,
            previewURL: track.preview.flatMap { $0.isEmpty ? nil : $0 },
            releaseDate: track.releaseDate ?? album?.releaseDate,
            durationMilliseconds: SourceNumber.milliseconds(track.duration, per: 1000), isExplicit: track.explicitLyrics
        )
        creatorID = track.artist.map { String($0.id) }
        collectionID = album.map { DeezerID.album($0.id) }
        standardID = track.isrc.flatMap { $0.isEmpty ? nil : "isrc:\($0)" }
        if let artist = track.artist {
            extras["artistURL"] = artist.link ?? "https://www.deezer.com/artist/\(artist.id)"
        }
        if let album { extras["albumURL"] = album.link ?? "https://www.deezer.com/album/\(album.id)" }
        if let position = track.trackPosition { extras["trackNumber"] = String(position) }
    }

    /// An album.
    init(deezer album: DeezerAlbum) {
        self.init(
            id: DeezerID.album(album.id), title: album.title, kind: "album", creator: album.artist?.name,
            artwork: album.artwork, url: album.link ?? "https://www.deezer.com/album/\(album.id)",
            releaseDate: album.releaseDate, durationMilliseconds: SourceNumber.milliseconds(album.duration, per: 1000),
            genre: album.genres?.data.compactMap(\.name).first, isExplicit: album.explicitLyrics)
        creatorID = album.artist.map { String($0.id) }
        standardID = album.upc.flatMap { $0.isEmpty ? nil : "upc:\($0)" }
        if let artist = album.artist {
            extras["artistURL"] = artist.link ?? "https://www.deezer.com/artist/\(artist.id)"
        }
        if let label = album.label { extras["label"] = label }
        if let count = album.nbTracks { extras["trackCount"] = String(count) }
        if let type = album.recordType { extras["recordType"] = type }
        if let genres = album.genres?.data.compactMap(\.name), !genres.isEmpty {
            extras["genres"] = genres.joined(separator: ", ")
        }
    }
}
