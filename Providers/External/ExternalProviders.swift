import Foundation
import MediaSearchKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds and starts the providers that are programs: `mediasearch-provider-<name>` executables
/// on PATH, and `providers.<name>: {type: command, command: [...]}` in the config.
public enum ExternalProviders {
    /// The prefix of a provider program's file name.
    public static let prefix = "mediasearch-provider-"

    /// One program to ask: its provider name and its command line.
    public struct Command: Sendable, Hashable {
        public var name: String
        public var command: [String]

        public init(name: String, command: [String]) {
            self.name = name
            self.command = command
        }
    }

    /// The provider programs on a PATH, first one of a name wins (as the shell would run it),
    /// sorted by name.
    public static func discover(path: String?) -> [Command] {
        var found: [String: Command] = [:]
        var seen: [(device: UInt64, inode: UInt64)] = []
        for directory in (path ?? "").split(separator: ":").map(String.init) where !directory.isEmpty {
            // The same folder twice (`/bin` is `/usr/bin` on most systems) is read once.
            var info = stat()
            guard stat(directory, &info) == 0 else { continue }
            let folder = (device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            guard !seen.contains(where: { $0 == folder }) else { continue }
            seen.append(folder)
            for file in names(in: directory, withPrefix: prefix) {
                let name = String(file.dropFirst(prefix.count)).lowercased()
                let full = (directory as NSString).appendingPathComponent(file)
                guard found[name] == nil, isValidName(name), FileManager.default.isExecutableFile(atPath: full)
                else { continue }
                found[name] = Command(name: name, command: [full])
            }
        }
        return found.values.sorted { $0.name < $1.name }
    }

    /// The names in a folder that start with `prefix` and are longer than it. Read with
    /// `readdir`, comparing bytes: this runs before every command, over every folder on PATH
    /// (thousands of names in `/usr/bin`), and making each name a `String` to test it cost
    /// about a millisecond.
    static func names(in directory: String, withPrefix prefix: String) -> [String] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        let wanted = Array(prefix.utf8)
        var names: [String] = []
        while let entry = readdir(folder) {
            let name: String? = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                guard length > wanted.count, bytes.starts(with: wanted) else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
            }
            if let name { names.append(name) }
        }
        return names
    }

    /// Describes every program at once; a program that cannot describe itself becomes a
    /// provider whose every search is that one-line failure, so the rest work.
    public static func describe(_ commands: [Command], timeout: Double = 5) async -> [any MediaProvider] {
        await providers(commands, describing: { _ in true }, cacheFile: nil, timeout: timeout)
    }

    /// The providers of these programs, running only those that must be asked now.
    ///
    /// A program whose description is in `cacheFile` for the same program files (path, size,
    /// modification time) is not run. Of the others, those `describing` picks are asked at once;
    /// the rest become providers named after their program that describe nothing (no filters,
    /// their name as their kind of media) and still search: a command that does not name a
    /// program never waits for it.
    public static func providers(
        _ commands: [Command], describing needed: (Command) -> Bool, cacheFile: String?, timeout: Double = 5
    ) async -> [any MediaProvider] {
        var cache = cacheFile.map(DescriptionCache.init(file:))
        var providers = [(any MediaProvider)?](repeating: nil, count: commands.count)
        var asked: [(index: Int, command: Command, fingerprint: String?)] = []
        for (index, command) in commands.enumerated() {
            let fingerprint = DescriptionCache.fingerprint(of: command.command)
            if let fingerprint, let cached = cache?.description(of: command.command, fingerprint: fingerprint) {
                providers[index] = CommandProvider(
                    name: command.name, command: command.command, description: cached, timeout: timeout)
            } else if needed(command) {
                asked.append((index, command, fingerprint))
            } else {
                providers[index] = CommandProvider(
                    name: command.name, command: command.command, description: .init(), timeout: timeout)
            }
        }
        guard !asked.isEmpty else { return providers.compactMap { $0 } }
        let answers = await withTaskGroup(of: (Int, Result<CommandProvider.Description, MediaSearchError>).self) {
            group in
            // Bound on their own before the task captures them (see SearchEngine.gather).
            for entry in asked {
                let index = entry.index
                let command = entry.command
                group.addTask {
                    do {
                        return (
                            index,
                            .success(
                                try await CommandProvider.askDescription(
                                    name: command.name, command: command.command, timeout: timeout))
                        )
                    } catch {
                        return (index, .failure(MediaSearchError.wrap(error)))
                    }
                }
            }
            var answers: [Int: Result<CommandProvider.Description, MediaSearchError>] = [:]
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        for (index, command, fingerprint) in asked {
            switch answers[index] {
            case .success(let description)?:
                providers[index] = CommandProvider(
                    name: command.name, command: command.command, description: description, timeout: timeout)
                if let fingerprint { cache?.store(description, of: command.command, fingerprint: fingerprint) }
            case .failure(let failure)?:
                providers[index] = Broken(kind: command.name, failure: failure)
            case nil:
                providers[index] = Broken(kind: command.name, failure: .unavailable("no description"))
            }
        }
        cache?.save()
        return providers.compactMap { $0 }
    }

    /// Whether a name can be a provider's kind: letters, digits, `-` and `_`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// A provider program that failed to describe itself, or was refused.
    public struct Broken: MediaProvider {
        public let kind: String
        let failure: MediaSearchError

        /// A program that could not describe itself, saying why.
        public init(kind: String, failure: MediaSearchError) {
            self.kind = kind
            self.failure = failure
        }

        public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
            throw MediaSearchError.unavailable("could not describe itself: \(failure.description)")
        }
    }
}
