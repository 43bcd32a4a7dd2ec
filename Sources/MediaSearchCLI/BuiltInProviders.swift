import AlbumProvider
import AudiobookProvider
import MediaSearchCore
import MediaSearchKit
import MovieProvider
import MusicVideoProvider
import PodcastProvider
import SongProvider

/// The providers that ship with MediaSearch; adding a built-in kind is one line here.
public enum BuiltInProviders {
    /// Song, movie, audiobook and podcast, and music video and album (off unless listed in `kinds`).
    public static var all: [any MediaProvider] {
        [
            SongProvider(), MovieProvider(), AudiobookProvider(), PodcastProvider(), MusicVideoProvider(),
            AlbumProvider(),
        ]
    }
}

extension Array where Element == any MediaProvider {
    /// The built-in providers: song, movie, audiobook, podcast, music video and album (the config
    /// enables the first four by default).
    public static var builtIn: [any MediaProvider] { BuiltInProviders.all }
}
