import Foundation
import Yams

/// Finds and reads `config.yaml`.
public enum ConfigurationLoader {
    /// The largest config file read; anything bigger is surely not a config.
    public static let maxBytes = 1_048_576

    /// The config file to use: `--config`, then `$MEDIASEARCH_CONFIG`, then `./config.yaml`, then
    /// `$XDG_CONFIG_HOME/mediasearch/config.yaml` (or `~/.config/...`); `nil` means built-in defaults.
    /// An explicitly named file must exist; the others are used when present.
    public static func locate(
        explicitPath: String?, environment: [String: String], currentDirectory: String
    ) throws(MediaSearchError) -> String? {
        let fm = FileManager.default
        if let path = explicitPath ?? environment["MEDIASEARCH_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard fm.fileExists(atPath: path) else {
                throw .invalidConfig(file: path, line: nil, key: nil, message: "no such file")
            }
            return path
        }
        let local = (currentDirectory as NSString).appendingPathComponent("config.yaml")
        if fm.fileExists(atPath: local) { return local }
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { ($0 as NSString).appendingPathComponent(".config") })
        if let configHome {
            let user = (configHome as NSString).appendingPathComponent("mediasearch/config.yaml")
            if fm.fileExists(atPath: user) { return user }
        }
        return nil
    }

    /// Reads the file at `path`, or returns the defaults when `path` is `nil`; then applies
    /// `$MEDIASEARCH_ITUNES_URL` over `itunes.base_url`.
    /// - Throws: ``MediaSearchError/invalidConfig(file:line:key:message:)``.
    public static func load(path: String?, environment: [String: String]) throws(MediaSearchError) -> Configuration {
        var configuration = Configuration()
        if let path {
            let text = try read(path)
            configuration = try ConfigurationParser(file: path).parse(text)
        }
        if let override = environment["MEDIASEARCH_ITUNES_URL"], !override.isEmpty {
            guard let url = ConfigurationParser.httpURL(override) else {
                throw .invalidConfig(
                    file: "$MEDIASEARCH_ITUNES_URL", line: nil, key: nil,
                    message: "'\(override)' is not an http(s) URL")
            }
            configuration.baseURL = url
        }
        return configuration
    }

    private static func read(_ path: String) throws(MediaSearchError) -> String {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .invalidConfig(file: path, line: nil, key: nil, message: "is a directory, not a config file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .invalidConfig(file: path, line: nil, key: nil, message: "cannot be read (permission denied)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxBytes else {
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
