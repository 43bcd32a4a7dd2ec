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

/// The providers and source types that ship with MediaSearch, which the executable hands to the
/// CLI as values (`MediaSearchCLI.main(providers: .builtIn, sourceTypes: .builtIn)`); adding a
/// built-in kind is one line here. The CLI itself imports no provider and no source type.
public enum BuiltInProviders {
    /// Song, movie, audiobook and podcast; podcast episodes, music video and album; Deezer's songs and albums;
    /// internet radio from Radio Browser, TV shows from TVmaze, free audiobooks from LibriVox,
    /// recordings and releases from MusicBrainz and books from Open Library, described sources (all but the
    /// first four off unless listed in `kinds`). A source `config.yaml` describes under the name of one of these sources replaces it.
    public static var all: [any MediaProvider] {
        [
            SongProvider(), MovieProvider(), AudiobookProvider(), PodcastProvider(), PodcastEpisodeProvider(),
            MusicVideoProvider(), AlbumProvider(), DeezerSongProvider(), DeezerAlbumProvider(),
        ] + describedSources.map(JSONProvider.init)
    }

    /// The sources MediaSearch ships described (``JSONSource/shippedDescriptions``), read once,
    /// by the reader of a user's config.yaml, each with its `rate_limit`. A test reads them all
    /// and checks them whole (which is left out here, on every start): a description that did
    /// not read would stop every command here.
    public static let describedSources: [JSONSource] = JSONSource.shippedDescriptions.flatMap {
        file, text -> [JSONSource] in
        do throws(MediaSearchError) {
            let read = try ConfigurationLoader.describedSources(
                in: text, file: file, types: [JSONSourceType(checks: false)])
            return read.compactMap { described -> JSONSource? in
                guard var source = described.source as? JSONSource else { return nil }
                source.rateLimit = described.rate
                return source
            }
        } catch {
            preconditionFailure("\(error.description)")
        }
    }

    /// The source types `config.yaml` may describe (`type: json`, `type: command`).
    public static var sourceTypes: [any SourceType] { [JSONSourceType(), CommandSourceType()] }
}

extension Array where Element == any MediaProvider {
    /// The built-in providers: song, movie, audiobook, podcast, music video and album (the config
    /// enables the first four by default).
    public static var builtIn: [any MediaProvider] { BuiltInProviders.all }
}

extension Array where Element == any SourceType {
    /// The built-in source types: `type: json` and `type: command`.
    public static var builtIn: [any SourceType] { BuiltInProviders.sourceTypes }
}
