import Foundation
import MediaSearchKit

/// An on-disk cache of API answers, keyed by the request URL, with a time to live and a size bound.
///
/// Each entry is one file: a first line of JSON metadata (with the body's length and checksum),
/// then the body as received. Files are written atomically and private to the user; an entry that
/// cannot be read or whose body does not match its checksum is a miss, removed, and replaced.
/// Only 200 answers that decode as iTunes records are stored, so rate limits and server errors
/// are never remembered as "no results". Preview media never passes through here.
///
/// The size bound is kept with a ledger of the total size, so a write costs one `stat`, not one per
/// entry; the entries are listed only when the ledger is missing or the bound is passed, and then
/// trimmed to 90% of it so the next writes are cheap again.
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

    struct Metadata: Equatable {
        var key: String
        var storedAt: Double
        var contentType: String?
        /// The body's length and checksum (``bodyChecksum(_:)``, or the FNV-1a ``checksum(_:)`` in
        /// entries of earlier versions, still read); `nil` in entries of older versions (a miss).
        var bytes: Int?
        var checksum: String?
    }

    var folder: String { (directory as NSString).appendingPathComponent("responses") }
    /// The total size of `responses/`, beside it so the folder holds entries only.
    var ledgerPath: String { (directory as NSString).appendingPathComponent("responses.size") }

    /// The fresh answer stored for a URL, or `nil`; a damaged entry is removed.
    public func load(_ url: URL, now: Date = Date()) -> HTTPResponse? {
        let path = self.path(for: url)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let metadata = Metadata(line: data[..<newline])
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        guard metadata.key == url.absoluteString else { return nil }
        // Whether it is still fresh first: a stale body need not be checked.
        guard now.timeIntervalSince1970 - metadata.storedAt < ttl, metadata.storedAt <= now.timeIntervalSince1970 + 60
        else { return nil }
        let body = data[(newline + 1)...]
        guard metadata.bytes == body.count, let sum = metadata.checksum,
            sum == (sum.hasPrefix("w") ? Self.bodyChecksum(body) : Self.checksum(body))
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        return HTTPResponse(status: 200, contentType: metadata.contentType, body: body)
    }

    /// Stores a successful answer (the caller has read it: see ``CachingTransport``) and keeps the cache within its size bound.
    public func store(_ response: HTTPResponse, for url: URL, now: Date = Date()) throws {
        if let error = store(all: [(response, url)], now: now).first ?? nil { throw error }
    }

    /// Stores several answers under one lock of the size ledger, with one read and one write of
    /// it (the answers a search's providers, or a server's searches, keep at about the same
    /// moment); what went wrong for each, `nil` when it was kept or needed no keeping.
    public func store(all answers: [(response: HTTPResponse, url: URL)], now: Date = Date()) -> [MediaSearchError?] {
        let files = answers.map { answer -> (path: String, data: Data)? in
            guard answer.response.status == 200 else { return nil }
            let metadata = Metadata(
                key: answer.url.absoluteString, storedAt: now.timeIntervalSince1970,
                contentType: answer.response.contentType, bytes: answer.response.body.count,
                checksum: Self.bodyChecksum(answer.response.body))
            var data = metadata.line
            data.append(UInt8(ascii: "\n"))
            data.append(answer.response.body)
            return (path(for: answer.url), data)
        }
        guard files.contains(where: { $0 != nil }) else { return answers.map { _ in nil } }
        do {
            return try AtomicFile.withLock(ledgerPath) {
                var recorded = readLedger()
                let problems = files.map { file -> MediaSearchError? in
                    guard let file else { return nil }
                    let replaced = Self.size(of: file.path)
                    do {
                        try AtomicFile.write(file.data, to: file.path, durable: false)
                    } catch {
                        return MediaSearchError.wrap(error)
                    }
                    recorded = recorded.map { $0 + file.data.count - replaced }
                    return nil
                }
                var total = recorded ?? entries().reduce(0) { $0 + $1.size }
                if total > maxBytes { total = trim(to: maxBytes / 10 * 9) }
                try? AtomicFile.overwrite(Data(String(total).utf8), to: ledgerPath)
                return problems
            }
        } catch {
            return answers.map { _ in MediaSearchError.wrap(error) }
        }
    }

    /// Removes every entry and every orphaned temporary file; returns how many entries were removed.
    @discardableResult
    public func clear() -> Int {
        (try? AtomicFile.withLock(ledgerPath) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            var removed = 0
            for name in names where name.hasSuffix(".entry") || name.contains(".tmp-") {
                try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
                if name.hasSuffix(".entry") { removed += 1 }
            }
            try? FileManager.default.removeItem(atPath: ledgerPath)
            return removed
        }) ?? 0
    }

    /// The lock a process holds while it fetches a URL: one byte of `flights.lock`, the URL's
    /// hash modulo 2^20, so the folder never grows and two URLs share a byte only by rare chance.
    func flightLock(for url: URL) -> (path: String, offset: Int) {
        let hash = UInt64(Self.checksum(Data(url.absoluteString.utf8)), radix: 16) ?? 0
        return ((directory as NSString).appendingPathComponent("flights.lock"), Int(hash % (1 << 20)))
    }

    /// The entry file for a URL: a 64-bit FNV-1a hash of it (the URL itself is checked on load).
    func path(for url: URL) -> String {
        (folder as NSString).appendingPathComponent("\(Self.checksum(Data(url.absoluteString.utf8))).entry")
    }

    /// A body's checksum, `w` and 64 bits in hex: FNV-1a's step over eight bytes at a time (and
    /// the tail byte by byte), then a final mix. It catches a damaged entry as FNV-1a does, at an
    /// eighth of the cost: a search reads four entries, up to a megabyte each.
    static func bodyChecksum(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset + 8 <= bytes.count {
                hash ^= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = hash &* 0x100_0000_01b3
                hash ^= hash >> 29
                offset += 8
            }
            while offset < bytes.count {
                hash ^= UInt64(bytes[offset])
                hash = hash &* 0x100_0000_01b3
                offset += 1
            }
        }
        hash ^= UInt64(data.count)
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        return "w" + String(hash ^ (hash >> 33), radix: 16)
    }

    /// A 64-bit FNV-1a hash, in hex.
    static func checksum(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // Over the raw bytes: iterating `Data` itself costs a call per byte.
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }

    struct Entry {
        var path: String
        var size: Int
        var modified: Date
    }

    /// Every entry, and orphaned temporary files (of writers that died) older than a minute, which
    /// count against the bound until they are trimmed.
    func entries(now: Date = Date()) -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name in
            guard name.hasSuffix(".entry") || name.contains(".tmp-") else { return nil }
            let path = (folder as NSString).appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            let modified = (attributes[.modificationDate] as? Date) ?? .distantPast
            if name.contains(".tmp-") {
                guard now.timeIntervalSince(modified) > 60 else { return nil }
                return Entry(path: path, size: (attributes[.size] as? Int) ?? 0, modified: .distantPast)
            }
            return Entry(path: path, size: (attributes[.size] as? Int) ?? 0, modified: modified)
        }
    }

    /// The total size the ledger records, or `nil` when it is missing or damaged.
    func readLedger() -> Int? {
        FileManager.default.contents(atPath: ledgerPath).flatMap {
            // Spaces may follow the number: the ledger is rewritten in place (``AtomicFile/overwrite(_:to:)``).
            Int(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespaces))
        }
        .flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Evicts the oldest entries (orphans first) until the cache holds at most `target` bytes.
    /// - Returns: the size left.
    func trim(to target: Int) -> Int {
        var entries = self.entries()
        var total = entries.reduce(0) { $0 + $1.size }
        entries.sort { $0.modified < $1.modified }
        for entry in entries where total > target {
            try? FileManager.default.removeItem(atPath: entry.path)
            total -= entry.size
        }
        return total
    }

    private static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}

extension ResponseCache {
    /// The response cache under the user's cache directory, as configured.
    public init(paths: StoragePaths, configuration: Configuration) {
        self.init(
            directory: paths.cacheDirectory, ttl: configuration.cacheTTL, maxBytes: configuration.cacheMaxBytes)
    }
}

extension ResponseCache.Metadata {
    /// The metadata line as ``ResponseCache/store(_:for:now:)`` writes it: compact JSON, keys
    /// sorted, `/` unescaped, so that ``scan(_:)`` reads it.
    var line: Data {
        let object: JSONValue = .object([
            "key": .string(key), "storedAt": .number(storedAt), "contentType": JSONValue(contentType),
            "bytes": JSONValue(bytes), "checksum": JSONValue(checksum),
        ])
        return Data(object.text(pretty: false).utf8)
    }

    /// The metadata line of an entry; `nil` when it is not such a line. Read by hand in the shape
    /// ``line`` writes (every search reads four of them); any other JSON, such as the lines of
    /// earlier versions (written by `JSONEncoder`, which escapes `/`), with `JSONSerialization`.
    init?(line: Data) {
        if let scanned = Self.scan(line) {
            self = scanned
            return
        }
        guard let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any],
            let key = object["key"] as? String, let storedAt = (object["storedAt"] as? NSNumber)?.doubleValue
        else { return nil }
        self.init(
            key: key, storedAt: storedAt, contentType: object["contentType"] as? String,
            bytes: (object["bytes"] as? NSNumber)?.intValue, checksum: object["checksum"] as? String)
    }

    /// A flat JSON object of these fields whose texts have no escapes, in any order and spacing;
    /// `nil` for anything else (which ``init(line:)`` leaves to `JSONSerialization`).
    static func scan(_ line: Data) -> Self? {
        enum Value {
            case text(String)
            case number(Double)
            case null
        }
        let bytes = [UInt8](line)
        var index = 0
        func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D {
                index += 1
            }
        }
        func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func text() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(validating: bytes[start..<index], as: UTF8.self)
        }
        func value() -> Value? {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") { return text().map(Value.text) }
            if bytes[index...].starts(with: "null".utf8) {
                index += 4
                return .null
            }
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            guard index > start, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
                number.isFinite
            else { return nil }
            return .number(number)
        }
        guard take(UInt8(ascii: "{")) else { return nil }
        var key: String?
        var storedAt: Double?
        var contentType: String?
        var size: Int?
        var checksum: String?
        repeat {
            guard let name = text(), take(UInt8(ascii: ":")), let value = value() else { return nil }
            switch (name, value) {
            case ("key", .text(let text)): key = text
            case ("storedAt", .number(let number)): storedAt = number
            case ("contentType", .text(let text)): contentType = text
            case ("bytes", .number(let number)):
                guard let whole = Int(exactly: number) else { return nil }
                size = whole
            case ("checksum", .text(let text)): checksum = text
            case ("contentType", .null), ("bytes", .null), ("checksum", .null): break
            default: return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let key, let storedAt else { return nil }
        skipSpace()
        guard index == bytes.count else { return nil }
        return Self(key: key, storedAt: storedAt, contentType: contentType, bytes: size, checksum: checksum)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
    }
}
