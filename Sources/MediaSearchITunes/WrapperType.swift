import MediaSearchKit

/// The `wrapperType` of an iTunes record; values the client does not know are kept as ``unknown``.
public enum WrapperType: String, Sendable, Hashable, CaseIterable {
    case track, collection, artist, audiobook, software, podcastEpisode, unknown

    /// Maps the API's string, falling back to ``unknown`` for anything new.
    public init(apiValue: String?) {
        self = apiValue.flatMap(WrapperType.init(rawValue:)) ?? .unknown
    }

    /// A label for people.
    public var label: String {
        switch self {
        case .track: "Track"
        case .collection: "Album"
        case .artist: "Artist"
        case .audiobook: "Audiobook"
        case .software: "App"
        case .podcastEpisode: "Episode"
        case .unknown: "Item"
        }
    }
}
