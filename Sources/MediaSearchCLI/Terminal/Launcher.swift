import Foundation
import MediaSearchCore
import MediaSearchKit

/// Finds the program that opens a link or plays a preview on this machine, and runs it.
public struct Launcher: Sendable {
    /// The command's environment: `PATH` and `$BROWSER` come from it.
    public var variables: [String: String]

    public init(variables: [String: String]) { self.variables = variables }

    /// The command line that opens `url` in a browser: `$BROWSER` (its first entry; `%s` marks
    /// where the URL goes), else `xdg-open` (Linux) or `open` (macOS).
    public func opener(for url: String) -> [String]? {
        if let browser = variables["BROWSER"]?.split(separator: ":").first, !browser.isEmpty {
            var words = browser.split(separator: " ").map(String.init)
            if let path = find(words[0]) { words[0] = path } else { return nil }
            return words.contains("%s") ? words.map { $0 == "%s" ? url : $0 } : words + [url]
        }
        #if os(macOS)
            let names = ["open"]
        #else
            let names = ["xdg-open"]
        #endif
        return names.lazy.compactMap(find).first.map { [$0, url] }
    }

    /// The players tried for a preview, in order, with the options that make them play once.
    static let players: [(name: String, options: [String])] = [
        ("mpv", []), ("ffplay", ["-autoexit", "-loglevel", "error"]), ("vlc", ["--play-and-exit"]),
    ]

    /// The command line that plays `url`: the first of ``players`` on `PATH`.
    func player(for url: String) -> [String]? {
        for (name, options) in Self.players {
            if let path = find(name) { return [path] + options + [url] }
        }
        return nil
    }

    /// The command line that plays a playlist file (M3U) from start to end: the first of the
    /// ``players`` that read one (mpv, vlc; ffplay plays one link at a time).
    func player(forPlaylist path: String) -> [String]? {
        for (name, options) in Self.players where name != "ffplay" {
            if let program = find(name) { return [program] + options + [path] }
        }
        return nil
    }

    /// The program's path on `PATH`, or the path itself when it names an executable.
    func find(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for directory in (variables["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a command line and waits for it.
    /// - Throws: ``MediaSearchError/cannotOpen(_:)`` when it cannot start or fails.
    /// A player that takes keys from the terminal runs in its foreground group, like the pager.
    /// `quiet` discards what it prints (a browser opener's warnings are not ours to show).
    public func run(_ words: [String], quiet: Bool = false) throws(MediaSearchError) {
        guard let status = ForegroundProcess.run(words, environment: variables, quiet: quiet) else {
            throw .cannotOpen("could not start \(words[0])")
        }
        guard status == 0 else {
            throw .cannotOpen("\((words[0] as NSString).lastPathComponent) exited with status \(status)")
        }
    }
}
