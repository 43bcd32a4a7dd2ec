import MediaSearchKit

/// The `kind` of an iTunes record; values the client does not know are kept as ``unknown``.
public enum RecordKind: String, Sendable, Hashable, CaseIterable {
    case song
    case featureMovie = "feature-movie"
    case podcast
    case podcastEpisode = "podcast-episode"
    case musicVideo = "music-video"
    case tvEpisode = "tv-episode"
    case book = "ebook"
    case album
    case coachedAudio = "coached-audio"
    case interactiveBooklet = "interactive-booklet"
    case pdf
    case softwarePackage = "software-package"
    case software
    case macSoftware = "mac-software"
    case artist
    case unknown

    /// Maps the API's string, falling back to ``unknown`` for anything new.
    public init(apiValue: String) {
        self = RecordKind(rawValue: apiValue) ?? (apiValue == "book" ? .book : .unknown)
    }

    /// A label for people.
    public var label: String {
        switch self {
        case .song: "Song"
        case .featureMovie: "Movie"
        case .podcast: "Podcast"
        case .podcastEpisode: "Episode"
        case .musicVideo: "Music video"
        case .tvEpisode: "TV episode"
        case .book: "Book"
        case .album: "Album"
        case .coachedAudio: "Coached audio"
        case .interactiveBooklet: "Interactive booklet"
        case .pdf: "PDF"
        case .softwarePackage, .software, .macSoftware: "App"
        case .artist: "Artist"
        case .unknown: "Item"
        }
    }
}
