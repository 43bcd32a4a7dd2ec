import Foundation
import MediaSearchKit

/// The search history (S10, S11): the last distinct queries, newest first, shared safely by
/// concurrent processes.
public struct HistoryStore: Sendable {
    /// The history file.
    public var path: String
    /// How many queries are kept.
    public var capacity: Int

    /// Creates a store over a file.
    public init(path: String, capacity: Int) {
        self.path = path
        self.capacity = max(capacity, 1)
    }

    struct File: Codable {
        var version = 1
        var entries: [Entry]
    }

    struct Entry: Codable {
        var term: String
        /// When the query came to the top of the history: searching the newest query again (as
        /// typed) leaves the file untouched, so a repeated search writes nothing here.
        var date: Date
    }

    /// Records a query: moves an earlier equal query (ignoring case) to the top instead of repeating it.
    /// - Returns: a warning when the old file was damaged and set aside.
    @discardableResult
    public func record(_ term: String) throws -> String? {
        let clean = TextSanitizer.line(term)
        guard !clean.isEmpty else { return nil }
        return try AtomicFile.withLock(path) { try recordHoldingTheLock(clean) }
    }

    /// As ``record(_:)``, waiting for the lock without holding a thread (a server's searches).
    @discardableResult
    public func record(_ term: String) async throws -> String? {
        let clean = TextSanitizer.line(term)
        guard !clean.isEmpty else { return nil }
        return try await AtomicFile.withLock(path) { [self] in try recordHoldingTheLock(clean) }
    }

    private func recordHoldingTheLock(_ clean: String) throws -> String? {
        var (entries, warning) = try load()
        // The newest query searched again changes nothing: the file is left as it is, unless it
        // holds more than `capacity` (lowered since), a deeper spelling of the same query, or is
        // not this user's private file (a write puts that right).
        if warning == nil, entries.first?.term == clean, entries.count <= capacity,
            !entries.dropFirst().contains(where: { $0.term.caseInsensitiveCompare(clean) == .orderedSame }),
            AtomicFile.privateFileSize(path) != nil
        {
            return nil
        }
        entries.removeAll { $0.term.caseInsensitiveCompare(clean) == .orderedSame }
        entries.insert(Entry(term: clean, date: Date()), at: 0)
        try save(Array(entries.prefix(capacity)))
        return warning
    }

    /// The stored queries, newest first, and a warning when the file was damaged and set aside.
    public func entries() throws -> (terms: [String], warning: String?) {
        try AtomicFile.withLock(path) {
            let (entries, warning) = try load()
            return (entries.prefix(capacity).map(\.term), warning)
        }
    }

    /// The stored queries that contain `text`, ignoring case (`scor` → `The Score`, `Scorpions`).
    public func suggestions(for text: String) throws -> [String] {
        let needle = text.trimmingCharacters(in: .whitespaces)
        return try entries().terms.filter { needle.isEmpty || TextMatch.contains($0, needle) }
    }

    /// As ``suggestions(for:)``, waiting for the lock (at most `lockTimeout` seconds) without
    /// holding a thread.
    public func suggestions(for text: String, lockTimeout: Double = AtomicFile.lockTimeout) async throws -> [String] {
        let needle = text.trimmingCharacters(in: .whitespaces)
        let terms = try await AtomicFile.withLock(path, timeout: lockTimeout) { [self] in
            try load().0.prefix(capacity).map(\.term)
        }
        return terms.filter { needle.isEmpty || TextMatch.contains($0, needle) }
    }

    /// Empties the history.
    public func clear() throws {
        try AtomicFile.withLock(path) { try save([]) }
    }

    /// The entries, or a storage error when the file exists but cannot be read: it is then left
    /// exactly as it is, never overwritten with an empty history.
    private func load() throws(MediaSearchError) -> ([Entry], String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            guard !FileManager.default.fileExists(atPath: path) else {
                throw .storage(path: path, message: "cannot be read; left as it is and not updated")
            }
            return ([], nil)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = ReleaseDate.parse(text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date"))
            }
            return date
        }
        if let file = try? decoder.decode(File.self, from: data) { return (file.entries, nil) }
        let aside = AtomicFile.setAside(path)
        return ([], "the history file was damaged; it was moved to \(aside) and a new one started")
    }

    private func save(_ entries: [Entry]) throws {
        let encoder = JSONEncoder()
        // ISO 8601 in UTC, as `.iso8601` writes it, without the calendar and time zone it loads.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(UTCDate.string(from: date))
        }
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(File(entries: entries)), to: path)
    }
}
