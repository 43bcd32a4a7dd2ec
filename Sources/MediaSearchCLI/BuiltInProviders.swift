import AudiobookProvider
import MediaSearchCore
import MovieProvider
import PodcastProvider
import SongProvider

/// The providers that ship with MediaSearch; adding a built-in kind is one line here.
public enum BuiltInProviders {
    /// Song, movie, audiobook and podcast.
    public static var all: [any MediaProvider] {
        [SongProvider(), MovieProvider(), AudiobookProvider(), PodcastProvider()]
    }
}
