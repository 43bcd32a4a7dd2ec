import Foundation

/// An on-disk cache of API answers, keyed by the request URL, with a time to live and a size bound.
///
/// Each entry is one file: a first line of JSON metadata, then the body as received. Files are
/// written atomically and private to the user; an unreadable entry is a miss and is replaced.
/// Only 200 answers that decode as iTunes records are stored, so rate limits and server errors
/// are never remembered as "no results". Preview media never passes through here.
public struct ResponseCache: Sendable {
    public var directory: String
    /// Seconds an entry stays fresh.
    public var ttl: Double
    /// The size bound in bytes; the oldest entries go first.
    public var maxBytes: Int

    /// Creates a cache in a directory.
    public init(directory: String, ttl: Double, maxBytes: Int) {
        self.directory = directory
        self.ttl = ttl
        self.maxBytes = maxBytes
    }

    struct Metadata: Codable {
        var key: String
        var storedAt: Double
        var contentType: String?
    }

    /// The fresh answer stored for a URL, or `nil`.
    public func load(_ url: URL, now: Date = Date()) -> HTTPResponse? {
        let path = self.path(for: url)
        guard let data = FileManager.default.contents(atPath: path),
            let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let metadata = try? JSONDecoder().decode(Metadata.self, from: data[..<newline]),
            metadata.key == url.absoluteString, now.timeIntervalSince1970 - metadata.storedAt < ttl
        else { return nil }
        return HTTPResponse(status: 200, contentType: metadata.contentType, body: Data(data[(newline + 1)...]))
    }

    /// Stores a successful answer, then trims the cache to its size bound.
    public func store(_ response: HTTPResponse, for url: URL, now: Date = Date()) throws {
        guard response.status == 200, (try? ITunesClient.interpret(response)) != nil else { return }
        let metadata = Metadata(
            key: url.absoluteString, storedAt: now.timeIntervalSince1970, contentType: response.contentType)
        var data = try JSONEncoder().encode(metadata)
        data.append(UInt8(ascii: "\n"))
        data.append(response.body)
        try AtomicFile.write(data, to: path(for: url))
        trim()
    }

    /// Removes every entry; returns how many were removed.
    @discardableResult
    public func clear() -> Int {
        let entries = self.entries()
        for entry in entries { try? FileManager.default.removeItem(atPath: entry.path) }
        return entries.count
    }

    /// The entry file for a URL: a 64-bit FNV-1a hash of it (the URL itself is checked on load).
    func path(for url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let name = String(hash, radix: 16)
        return (directory as NSString).appendingPathComponent("responses/\(name).entry")
    }

    struct Entry {
        var path: String
        var size: Int
        var modified: Date
    }

    func entries() -> [Entry] {
        let folder = (directory as NSString).appendingPathComponent("responses")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".entry") }.compactMap { name in
            let path = (folder as NSString).appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            return Entry(
                path: path, size: (attributes[.size] as? Int) ?? 0,
                modified: (attributes[.modificationDate] as? Date) ?? .distantPast)
        }
    }

    /// Evicts the oldest entries until the cache fits its bound.
    func trim() {
        var entries = self.entries()
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > maxBytes else { return }
        entries.sort { $0.modified < $1.modified }
        for entry in entries where total > maxBytes {
            try? FileManager.default.removeItem(atPath: entry.path)
            total -= entry.size
        }
    }
}

/// A transport that answers from the cache when it can and stores what the network answers.
public struct CachingTransport: HTTPTransport {
    /// How the cache is used for this command.
    public enum Mode: Sendable {
        /// Read fresh entries and store new answers.
        case normal
        /// Skip reading, but store fresh answers (`--refresh`).
        case refresh
    }

    public var cache: ResponseCache
    public var mode: Mode
    public var next: any HTTPTransport
    /// Called on a hit, e.g. for `--verbose`.
    public var onHit: @Sendable (URL) -> Void

    /// Creates a caching layer over another transport.
    public init(
        cache: ResponseCache, mode: Mode = .normal, next: any HTTPTransport,
        onHit: @escaping @Sendable (URL) -> Void = { _ in }
    ) {
        self.cache = cache
        self.mode = mode
        self.next = next
        self.onHit = onHit
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        if mode == .normal, let hit = cache.load(url) {
            onHit(url)
            return hit
        }
        let response = try await next.get(url, timeout: timeout)
        // A cache that cannot be written must not fail the search.
        try? cache.store(response, for: url)
        return response
    }
}
