import AlbumProvider
import AudiobookProvider
import DeclarativeProviders
import DeezerProvider
import ExternalProviders
import MediaSearchCore
import MediaSearchKit
import MovieProvider
import MusicVideoProvider
import PodcastProvider
import SongProvider

/// The providers that ship with MediaSearch; adding a built-in kind is one line here.
public enum BuiltInProviders {
    /// Song, movie, audiobook and podcast; music video and album; Deezer's songs and albums;
    /// internet radio from Radio Browser, TV shows from TVmaze, free audiobooks from LibriVox,
    /// recordings and releases from MusicBrainz and books from Open Library, described sources (all but the
    /// first four off unless listed in `kinds`). A source `config.yaml` describes under the name of one of these sources replaces it.
    public static var all: [any MediaProvider] {
        [
            SongProvider(), MovieProvider(), AudiobookProvider(), PodcastProvider(), MusicVideoProvider(),
            AlbumProvider(), DeezerSongProvider(), DeezerAlbumProvider(), JSONProvider(.radioBrowser),
            JSONProvider(.tvmaze), JSONProvider(.librivox), JSONProvider(.musicBrainz),
            JSONProvider(.musicBrainzReleases), JSONProvider(.openLibrary),
        ]
    }

    /// The source types `config.yaml` may describe (`type: json`, `type: command`).
    public static var sourceTypes: [any SourceType] { [JSONSourceType(), CommandSourceType()] }

    /// Makes the source types and the providers' record types known to this process: what every
    /// face does before it reads a config or a stored item.
    public static func register(_ providers: [any MediaProvider], sourceTypes: [any SourceType] = sourceTypes) {
        SourceTypes.register(sourceTypes)
        MediaPayloadTypes.register(providers.flatMap(\.payloadTypes))
    }
}

extension Array where Element == any MediaProvider {
    /// The built-in providers: song, movie, audiobook, podcast, music video and album (the config
    /// enables the first four by default).
    public static var builtIn: [any MediaProvider] { BuiltInProviders.all }
}
