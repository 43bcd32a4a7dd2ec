import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What provider programs said when asked to `describe` themselves, kept until one of the
/// program's files changes: a command then runs no program it does not search.
///
/// The file is one JSON object keyed by the command line; each entry holds a fingerprint of
/// every file the command line names (path, inode, size, modification time) and the answer. A
/// file that cannot be read is an empty cache; one that cannot be written is left as it was.
struct DescriptionCache {
    private struct Entry: Codable {
        var fingerprint: String
        var description: CommandProvider.Description
    }

    private struct Document: Codable {
        var version = 1
        var programs: [String: Entry] = [:]
    }

    let file: String
    private var document: Document
    private var changed = false

    init(file: String) {
        self.file = file
        let data = FileManager.default.contents(atPath: file)
        document = data.flatMap { try? JSONDecoder().decode(Document.self, from: $0) } ?? Document()
        if document.version != 1 { document = Document() }
    }

    func description(of command: [String], fingerprint: String) -> CommandProvider.Description? {
        guard let entry = document.programs[Self.key(command)], entry.fingerprint == fingerprint else { return nil }
        return entry.description
    }

    mutating func store(_ description: CommandProvider.Description, of command: [String], fingerprint: String) {
        document.programs[Self.key(command)] = Entry(fingerprint: fingerprint, description: description)
        changed = true
    }

    /// Writes the cache if it changed: a whole new file renamed over the old one, so a reader
    /// never sees half of it.
    func save() {
        guard changed, let data = try? JSONEncoder().encode(document) else { return }
        let folder = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = file + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }

    private static func key(_ command: [String]) -> String { command.joined(separator: "\u{1F}") }

    /// The files a command line names, each as `path:inode:size:mtime`; `nil` when its program
    /// cannot be found (it is not cached then).
    static func fingerprint(of command: [String]) -> String? {
        guard let program = command.first, let executable = CommandProvider.resolve(program) else { return nil }
        var parts: [String] = []
        for path in [executable] + command.dropFirst() {
            // Every argument that names a file, relative ones too (`[python3, provider.py]`),
            // with the folder they are relative to.
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if !path.hasPrefix("/") { parts.append("cwd:" + FileManager.default.currentDirectoryPath) }
            #if canImport(Darwin)
                let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
            #else
                let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            #endif
            parts.append("\(path):\(info.st_ino):\(info.st_size):\(modified)")
        }
        return parts.joined(separator: "|")
    }
}
