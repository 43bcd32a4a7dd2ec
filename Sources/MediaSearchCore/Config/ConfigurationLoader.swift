import Foundation
import MediaSearchKit
import Synchronization
import Yams

/// Finds and reads `config.yaml`.
public enum ConfigurationLoader {
    /// The largest config file read; anything bigger is surely not a config.
    public static let maxBytes = 1_048_576

    /// The config file in effect and how it was found.
    public struct Location: Sendable, Hashable {
        /// The file.
        public var path: String
        /// `--config`, `$MEDIASEARCH_CONFIG` or `$XDG_CONFIG_HOME`.
        public var via: String
    }

    /// The config file to use: `--config`, then `$MEDIASEARCH_CONFIG`, then
    /// `$XDG_CONFIG_HOME/mediasearch/config.yaml` (or `~/.config/...`); `nil` means built-in
    /// defaults. An explicitly named file must exist; the user's file is used when present.
    ///
    /// The current directory is never searched: a `config.yaml` there most likely belongs to
    /// another tool, and reading it would make every command fail in that folder.
    public static func locate(
        explicitPath: String?, environment: [String: String]
    ) throws(MediaSearchError) -> Location? {
        if let path = explicitPath {
            return try existing(Location(path: path, via: "--config"))
        }
        if let path = environment["MEDIASEARCH_CONFIG"], !path.isEmpty {
            return try existing(Location(path: path, via: "$MEDIASEARCH_CONFIG"))
        }
        let user = userPath(environment: environment)
        return FileManager.default.fileExists(atPath: user) ? Location(path: user, via: "$XDG_CONFIG_HOME") : nil
    }

    /// `$XDG_CONFIG_HOME/mediasearch/config.yaml`, or `~/.config/mediasearch/config.yaml`: where the
    /// user's config lives, and where `mediasearch config init` writes it.
    public static func userPath(environment: [String: String]) -> String {
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()) as NSString)
            .appendingPathComponent(".config")
        return (configHome as NSString).appendingPathComponent("mediasearch/config.yaml")
    }

    private static func existing(_ location: Location) throws(MediaSearchError) -> Location {
        guard FileManager.default.fileExists(atPath: location.path) else {
            throw .invalidConfig(file: location.path, line: nil, key: nil, message: "no such file")
        }
        return location
    }

    /// Reads the file at `path`, or returns the defaults when `path` is `nil`; then applies
    /// `$MEDIASEARCH_<SOURCE>_URL` over `providers.<source>.base_url`. `sourceTypes` are the
    /// types `type:` may name.
    /// - Throws: ``MediaSearchError/invalidConfig(file:line:key:message:)``.
    public static func load(
        path: String?, environment: [String: String], sourceTypes: [any SourceType]
    ) throws(MediaSearchError) -> Configuration {
        var file: Configuration? = nil
        if let path { file = try parse(read(path), file: path, sourceTypes: sourceTypes) }
        return try applying(environment, to: file)
    }

    /// Parses a config file's text, read before (``ConfigurationFile``), its described sources
    /// read by `sourceTypes`.
    public static func parse(
        _ text: String, file: String, sourceTypes: [any SourceType]
    ) throws(MediaSearchError) -> Configuration {
        try ConfigurationParser(file: file, types: sourceTypes).parse(text)
    }

    /// The sources a YAML document describes under `providers:`, read as a user's config.yaml
    /// is, by `types`, each with the `rate_limit` it gives: how the executable reads the sources
    /// it ships described (a description of them in the user's config replaces them).
    public static func describedSources(
        in text: String, file: String, types: [any SourceType]
    ) throws(MediaSearchError) -> [(source: any ConfiguredSource, rate: RequestRate?)] {
        let configuration = try parse(text, file: file, sourceTypes: types)
        return configuration.sources.map { ($0, configuration.sourceRates[$0.name]) }
    }

    /// The configuration a file gave (the defaults when none), with the environment's variables
    /// over it: `$MEDIASEARCH_<SOURCE>_URL` over `providers.<source>.base_url`, the store, the
    /// egress group.
    public static func applying(
        _ environment: [String: String], to file: Configuration?
    ) throws(MediaSearchError) -> Configuration {
        var configuration = file ?? Configuration()
        // `$MEDIASEARCH_<SOURCE>_URL` moves any source (`MEDIASEARCH_ITUNES_URL`, `MEDIASEARCH_RADIO_URL`).
        for (variable, value) in environment
        where variable.hasPrefix("MEDIASEARCH_") && variable.hasSuffix("_URL") && !value.isEmpty {
            guard let url = ConfigurationParser.httpURL(value) else {
                throw .invalidConfig(
                    file: "$\(variable)", line: nil, key: nil, message: "'\(value)' is not an http(s) URL")
            }
            configuration.environmentURLs[variable] = url
        }
        if let text = environment["MEDIASEARCH_STORE"], !text.isEmpty {
            try configuration.useStore(text, from: "$MEDIASEARCH_STORE")
        }
        if let text = environment["MEDIASEARCH_EGRESS_GROUP"], !text.isEmpty {
            guard let group = Configuration.egressGroup(text) else {
                throw .invalidConfig(
                    file: "$MEDIASEARCH_EGRESS_GROUP", line: nil, key: nil,
                    message: "'\(text)' is not 1-64 letters, digits, '.', '-' or '_'")
            }
            configuration.egressGroup = group
            configuration.origins["egress_group"] = "$MEDIASEARCH_EGRESS_GROUP"
        }
        return configuration
    }

    /// A config file's text, checked: a file, readable, at most ``maxBytes``, UTF-8.
    public static func read(_ path: String) throws(MediaSearchError) -> String {
        let url = URL(fileURLWithPath: path)
        // One stat(2) for the kind and the size: `FileManager.attributesOfItem` also looks up the
        // owner's and group's names (reading /etc/passwd and /etc/group) on every command.
        var info = stat()
        let found = stat(path, &info) == 0
        if found, (info.st_mode & S_IFMT) == S_IFDIR {
            throw .invalidConfig(file: path, line: nil, key: nil, message: "is a directory, not a config file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .invalidConfig(file: path, line: nil, key: nil, message: "cannot be read (permission denied)")
        }
        guard !found || Int(info.st_size) <= maxBytes else {
            throw .invalidConfig(file: path, line: nil, key: nil, message: "file is larger than 1 MiB; is it a config?")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .invalidConfig(file: path, line: nil, key: nil, message: "cannot be read (\(Self.reason(error)))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidConfig(file: path, line: nil, key: nil, message: "is not UTF-8 text")
        }
        return text
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        if nsError.code == NSFileReadNoPermissionError { return "permission denied" }
        if nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        return nsError.localizedDescription
    }
}

/// The config file of one command line, found and read once and parsed at most once, whatever
/// asks for it first: the programs the config names, the filters of the sources it describes,
/// then the command itself (#62: the file was opened three times a search). A file that cannot
/// be found, read or parsed is an error only for what asks for the configuration.
public final class ConfigurationFile: Sendable {
    /// `--config`'s path, when the command line gives one.
    public let explicitPath: String?
    private let environment: [String: String]
    /// The source types `type:` may name: the executable's.
    public let sourceTypes: [any SourceType]
    private let read = Mutex<(location: ConfigurationLoader.Location?, text: String?, error: MediaSearchError?)?>(nil)
    private let parsed = Mutex<Result<Configuration?, MediaSearchError>?>(nil)

    public init(explicitPath: String?, environment: [String: String], sourceTypes: [any SourceType]) {
        self.explicitPath = explicitPath
        self.environment = environment
        self.sourceTypes = sourceTypes
    }

    /// The file's place and text, read on first use.
    private func contents() -> (location: ConfigurationLoader.Location?, text: String?, error: MediaSearchError?) {
        read.withLock { state in
            if let state { return state }
            var found: (location: ConfigurationLoader.Location?, text: String?, error: MediaSearchError?)
            do throws(MediaSearchError) {
                let location = try ConfigurationLoader.locate(explicitPath: explicitPath, environment: environment)
                var text: String? = nil
                if let location { text = try ConfigurationLoader.read(location.path) }
                found = (location, text, nil)
            } catch {
                found = (nil, nil, error)
            }
            state = found
            return found
        }
    }

    /// Where the file is; `nil` for the built-in defaults or a file that cannot be found.
    public var location: ConfigurationLoader.Location? { contents().location }

    /// The file's text; `nil` for the built-in defaults or a file that cannot be read.
    public var text: String? { contents().text }

    /// The configuration: the file parsed (once), the environment's variables over it.
    /// - Throws: ``MediaSearchError/invalidConfig(file:line:key:message:)``.
    public func configuration() throws(MediaSearchError) -> Configuration {
        let file = parsed.withLock { state -> Result<Configuration?, MediaSearchError> in
            if let state { return state }
            let (location, text, error) = contents()
            let result: Result<Configuration?, MediaSearchError>
            if let error {
                result = .failure(error)
            } else if let location, let text {
                do throws(MediaSearchError) {
                    result = .success(
                        try ConfigurationLoader.parse(text, file: location.path, sourceTypes: sourceTypes))
                } catch {
                    result = .failure(error)
                }
            } else {
                result = .success(nil)
            }
            state = result
            return result
        }
        return try ConfigurationLoader.applying(environment, to: file.get())
    }
}
