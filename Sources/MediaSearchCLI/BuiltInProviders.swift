import AlbumProvider
import AudiobookProvider
import DeezerProvider
import MediaSearchCore
import MediaSearchKit
import MovieProvider
import MusicVideoProvider
import PodcastProvider
import SongProvider

/// The providers that ship with MediaSearch; adding a built-in kind is one line here.
public enum BuiltInProviders {
    /// Song, movie, audiobook and podcast; music video and album; Deezer's songs and albums (the
    /// last four off unless listed in `kinds`).
    public static var all: [any MediaProvider] {
        [
            SongProvider(), MovieProvider(), AudiobookProvider(), PodcastProvider(), MusicVideoProvider(),
            AlbumProvider(), DeezerSongProvider(), DeezerAlbumProvider(),
        ]
    }
}

extension Array where Element == any MediaProvider {
    /// The built-in providers: song, movie, audiobook, podcast, music video and album (the config
    /// enables the first four by default).
    public static var builtIn: [any MediaProvider] { BuiltInProviders.all }
}
