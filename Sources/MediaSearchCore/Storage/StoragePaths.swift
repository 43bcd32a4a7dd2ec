import Foundation
import MediaSearchKit

/// Where MediaSearch keeps its files, following the XDG base directory spec.
public struct StoragePaths: Sendable, Hashable {
    /// History and the last search's tiles: `$XDG_STATE_HOME/mediasearch` or `~/.local/state/mediasearch`.
    public var stateDirectory: String
    /// Cached API responses and the request budget: `$XDG_CACHE_HOME/mediasearch` or `~/.cache/mediasearch`.
    public var cacheDirectory: String
    /// The offline library: `$XDG_DATA_HOME/mediasearch` or `~/.local/share/mediasearch`.
    public var dataDirectory: String

    /// Creates paths from explicit directories; the data directory defaults to the state directory.
    public init(stateDirectory: String, cacheDirectory: String, dataDirectory: String? = nil) {
        self.stateDirectory = stateDirectory
        self.cacheDirectory = cacheDirectory
        self.dataDirectory = dataDirectory ?? stateDirectory
    }

    /// Resolves the directories from the environment.
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return (home as NSString).appendingPathComponent(fallback)
        }
        stateDirectory = (base("XDG_STATE_HOME", ".local/state") as NSString).appendingPathComponent("mediasearch")
        cacheDirectory = (base("XDG_CACHE_HOME", ".cache") as NSString).appendingPathComponent("mediasearch")
        dataDirectory = (base("XDG_DATA_HOME", ".local/share") as NSString).appendingPathComponent("mediasearch")
    }

    public var historyFile: String { (stateDirectory as NSString).appendingPathComponent("history.json") }
    /// The offline library's database.
    public var libraryFile: String { (dataDirectory as NSString).appendingPathComponent("library.sqlite") }
    /// The lists (`star`, `list`): apart from the library, which `library clear` empties.
    public var listsFile: String { (dataDirectory as NSString).appendingPathComponent("lists.sqlite") }
    public var lastSearchFile: String { (stateDirectory as NSString).appendingPathComponent("last-search.json") }
}
