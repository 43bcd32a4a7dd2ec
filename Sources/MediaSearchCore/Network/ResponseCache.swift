import CSQLite
import Foundation
import MediaSearchKit
import Synchronization

/// An on-disk cache of API answers, keyed by the request URL, with a time to live and a size bound.
///
/// The answers are the rows of one SQLite database, `responses.sqlite` in the cache directory
/// (with a write-ahead log), each with its URL, when it was kept, its content type, and
/// its body's length and checksum, checked on every read (with its URL): an answer whose body does
/// not match is a miss, and replaced. Only 200 answers that decode as records are stored, so rate
/// limits and server errors are never remembered as "no results". Preview media never passes
/// through here.
///
/// One file rather than a file per answer (as earlier versions kept, under `responses/`, which
/// the first use of the database removes): a server answering new searches all day wrote four
/// files a search and deleted thousands at each trim, and on ext4 without a journal every new
/// file then skipped past each one deleted in the last half minute; the answers of concurrent
/// searches now go in one transaction (``store(all:now:)``), and a trim is a query and a few
/// deletes. The size bound counts the answers' bytes (their bodies and URLs, and 64 bytes a row),
/// kept in a one-row table, so a write never adds up the entries; past the bound the rows are
/// counted anew (the total cannot drift for long) and the oldest go, down to 90% of it. SQLite
/// reuses the pages they leave, so the file stays near the bound (plus its indexes of the URLs,
/// the pages' slack and the write-ahead log).
///
/// The file is a cache: it is written without waiting for the disk (`synchronous = OFF`; the
/// checksums catch what a machine's crash leaves half written), and one that is damaged or is not
/// a database is deleted and made anew. Every process keeps two connections for reading and one
/// for writing (readers never wait for the writer); another process's writer is waited for up to
/// 10 s, as the library's is.
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

    /// The database file.
    package var databasePath: String { (directory as NSString).appendingPathComponent("responses.sqlite") }
    /// Where earlier versions kept one file per answer (and their size ledger beside it).
    package var legacyFolder: String { (directory as NSString).appendingPathComponent("responses") }

    /// What a row costs against the bound beyond its body and URL (its other columns and SQLite's
    /// bookkeeping), so that many small answers are not counted as nearly nothing.
    package static let rowOverhead = 64

    private var database: ResponseDatabase { ResponseDatabase.at(databasePath, legacy: legacyFolder) }

    /// The fresh answer stored for a URL, or `nil` (for a damaged entry too).
    public func load(_ url: URL, now: Date = Date()) -> HTTPResponse? {
        let key = url.absoluteString
        guard let row = database.read(key: key) else { return nil }
        // Whether it is still fresh first: a stale body need not be checked.
        let time = now.timeIntervalSince1970
        guard time - row.storedAt < ttl, row.storedAt <= time + 60 else { return nil }
        // A damaged entry is a miss; the answer fetched again replaces it (removing it here would
        // wait for the writer's lock on a thread that must not wait).
        guard row.bytes == row.body.count, row.checksum == Self.bodyChecksum(row.body) else { return nil }
        return HTTPResponse(status: 200, contentType: row.contentType, body: row.body)
    }

    /// Stores a successful answer (the caller has read it: see ``CachingTransport``) and keeps the cache within its size bound.
    public func store(_ response: HTTPResponse, for url: URL, now: Date = Date()) throws {
        if let error = store(all: [(response, url)], now: now).first ?? nil { throw error }
    }

    /// Stores several answers in one transaction (the answers a search's providers, or a server's
    /// searches, keep at about the same moment), then trims the oldest past the bound; what went
    /// wrong for each, `nil` when it was kept or needed no keeping.
    public func store(all answers: [(response: HTTPResponse, url: URL)], now: Date = Date()) -> [MediaSearchError?] {
        let kept = answers.filter { $0.response.status == 200 }
        guard !kept.isEmpty else { return answers.map { _ in nil } }
        let rows = kept.map { answer in
            ResponseDatabase.Row(
                key: answer.url.absoluteString, storedAt: now.timeIntervalSince1970,
                contentType: answer.response.contentType, bytes: answer.response.body.count,
                checksum: Self.bodyChecksum(answer.response.body), body: answer.response.body)
        }
        if let problem = database.write(rows, maxBytes: maxBytes) {
            return answers.map { $0.response.status == 200 ? problem : nil }
        }
        return answers.map { _ in nil }
    }

    /// Removes every entry (and the entry files of earlier versions); returns how many entries
    /// were removed. Makes no file when there is none.
    /// - Throws: ``MediaSearchError/storage(path:message:)`` when the file cannot be opened or
    ///   another process holds it past the wait.
    @discardableResult
    public func clear() throws(MediaSearchError) -> Int {
        try database.clear()
    }

    /// What went wrong with the file since the last call (the first problem of the process,
    /// once), for the page to say.
    public func takeNotices() -> [String] {
        database.takeNotices()
    }

    /// How many entries there are and the bytes they count against the bound (`nil` when the
    /// database cannot be read).
    public func usage() -> (entries: Int, bytes: Int)? {
        database.usage()
    }

    /// The lock a process holds while it fetches a URL: one byte of `flights.lock`, the URL's
    /// hash modulo 2^20, so the folder never grows and two URLs share a byte only by rare chance.
    package func flightLock(for url: URL) -> (path: String, offset: Int) {
        let hash = UInt64(Self.checksum(Data(url.absoluteString.utf8)), radix: 16) ?? 0
        return ((directory as NSString).appendingPathComponent("flights.lock"), Int(hash % (1 << 20)))
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
}

extension ResponseCache {
    /// The response cache under the user's cache directory, as configured.
    public init(paths: StoragePaths, configuration: Configuration) {
        self.init(
            directory: paths.cacheDirectory, ttl: configuration.cacheTTL, maxBytes: configuration.cacheMaxBytes)
    }
}

/// The cache's database file, open once per process: a connection for reading and one for
/// writing, each used by one thread at a time.
final class ResponseDatabase: @unchecked Sendable {
    struct Row {
        var key: String
        var storedAt: Double
        var contentType: String?
        var bytes: Int
        var checksum: String
        var body: Data
    }

    let path: String
    /// Earlier versions' folder of entry files, removed when this file is first made.
    let legacy: String

    private static let opened = Mutex<[String: ResponseDatabase]>([:])

    /// The database at `path`, opened once per process.
    static func at(_ path: String, legacy: String) -> ResponseDatabase {
        opened.withLock { all in
            if let database = all[path] { return database }
            let database = ResponseDatabase(path: path, legacy: legacy)
            all[path] = database
            return database
        }
    }

    private init(path: String, legacy: String) {
        self.path = path
        self.legacy = legacy
        isMemory = path == ":memory:"
    }

    /// Whether this is ``memory``: no file to look at, make a folder for, or delete, and a
    /// connection never closed (closing it would forget what it holds).
    private let isMemory: Bool

    /// A database in this process's memory, for the request budget when the file fails.
    static let memory = ResponseDatabase(path: ":memory:", legacy: "")

    /// Two readers, so that a server's searches (two cores) read side by side; one writer.
    private let readers = [Connection(), Connection()]
    private let writer = Connection()

    /// Runs `body` in a write transaction on the writer (opening the file when it must).
    func withWriter<T>(_ body: (Connection) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let value = try use([writer]) { connection throws(SQLiteError) -> T in
            try connection.handle().writeTransaction { () throws(SQLiteError) -> T in try body(connection) }
        }
        guard let value else { throw SQLiteError(code: SQLITE_MISUSE, message: "not open") }
        return value
    }

    /// One connection, the file it was opened on (its device and inode, so that a file deleted or
    /// replaced under it, a damaged one or the cache folder removed by hand, is opened anew) and
    /// its statements, compiled once.
    final class Connection {
        let lock = NSLock()
        var db: SQLiteConnection?
        var file: FileIdentity?
        private var statements: [String: SQLiteStatement] = [:]

        /// The statement for `sql`, compiled on first use, reset (whatever its last use left) and
        /// starting an operation of its own (its lock waits count from now).
        func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
            let db = try handle()
            db.startOperation()
            if let statement = statements[sql] {
                statement.reset()
                return statement
            }
            let statement = try db.prepare(sql)
            statements[sql] = statement
            return statement
        }

        /// The open connection.
        func handle() throws(SQLiteError) -> SQLiteConnection {
            guard let db else { throw SQLiteError(code: SQLITE_MISUSE, message: "not open") }
            return db
        }

        func close() {
            statements = [:]
            db = nil
            file = nil
        }
    }

    /// A file's device and inode.
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64

        /// The file at `path` now; `nil` when there is none.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// 2: the index by age holds each row's size, so that counting the rows anew and finding the
    /// oldest read the index alone, not every row's first page. 3: the request budgets' tables
    /// (``BudgetRows``), added to a file of version 2 with its answers kept.
    static let schemaVersion = 3

    /// The largest size a row may count: sizes come from the file, and anything past this (a
    /// damaged row, a hand edit) is counted as this much, so that no sum of them overflows.
    static let largestSize = 1 << 40

    // MARK: reading and writing

    /// What went wrong with the file in this process, said once (the first problem) for the next
    /// page to show: a cache that cannot be read or kept makes every search ask its sources again,
    /// which the user should know (the security review's S3).
    private let problems = Mutex<(said: Bool, pending: [String])>((false, []))

    /// Notes a problem; only the first of the process is said.
    private func note(_ error: SQLiteError) {
        problems.withLock { state in
            guard !state.said else { return }
            state.said = true
            state.pending.append(
                "the response cache cannot be used (\(MediaSearchError.storage(path: path, message: error.message(about: path)).description)); "
                    + "every search asks its sources again")
        }
    }

    /// Whether a problem of the file was noted in this process (the request budget, which then
    /// fails for the same reason, says nothing more).
    var problemNoted: Bool { problems.withLock { $0.said } }

    /// The problems noted since the last call.
    func takeNotices() -> [String] {
        problems.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// The row kept for `key`; `nil` when there is none or it is another key's (an index a
    /// machine's crash left pointing at the wrong row), and when the file cannot be read (noted).
    func read(key: String) -> Row? {
        // No file, no answer: a first search does not make one to read from.
        let found: Row??
        do throws(SQLiteError) {
            found = try use(readers, create: false) { connection throws(SQLiteError) -> Row? in
                let statement = try connection.statement(
                    "SELECT key, stored_at, content_type, bytes, checksum, body FROM responses WHERE key = ?1")
                defer { statement.reset() }
                statement.bind(1, key)
                guard try statement.step(), statement.string(0) == key else { return nil }
                return Row(
                    key: key, storedAt: statement.double(1), contentType: statement.string(2),
                    bytes: statement.int(3), checksum: statement.string(4) ?? "", body: statement.data(5))
            }
        } catch {
            note(error)
            return nil
        }
        return found ?? nil
    }

    /// Keeps the rows (replacing those of the same keys; of one key given twice, the last), then
    /// trims past `maxBytes`; the problem, if any.
    func write(_ rows: [Row], maxBytes: Int) -> MediaSearchError? {
        var latest: [String: Int] = [:]
        for (index, row) in rows.enumerated() { latest[row.key] = index }
        let kept = rows.enumerated().filter { latest[$0.element.key] == $0.offset }.map(\.element)
        do throws(SQLiteError) {
            try use([writer]) { connection throws(SQLiteError) in
                let db = try connection.handle()
                try db.writeTransaction { () throws(SQLiteError) in
                    // The rows replaced no longer count (delete's trigger takes them off).
                    try Self.delete(kept.map(\.key), connection)
                    let insert = try connection.statement(
                        """
                        INSERT INTO responses(key, stored_at, content_type, bytes, checksum, size, body)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                        """)
                    var added = 0
                    for row in kept {
                        let size = min(row.bytes + row.key.utf8.count + ResponseCache.rowOverhead, Self.largestSize)
                        insert.bind(1, row.key)
                        insert.bind(2, row.storedAt)
                        insert.bind(3, row.contentType)
                        insert.bind(4, row.bytes)
                        insert.bind(5, row.checksum)
                        insert.bind(6, size)
                        try insert.run(binding: 7, toBytesOf: row.body)
                        added += size
                    }
                    let add = try connection.statement("UPDATE total SET bytes = bytes + ?1")
                    add.bind(1, added)
                    try add.run()
                    let total = try connection.statement("SELECT bytes FROM total")
                    let recorded = try total.step() ? total.int(0) : -1
                    total.reset()
                    guard recorded < 0 || recorded > maxBytes else { return }
                    try Self.trim(connection, to: maxBytes / 10 * 9)
                }
            }
            return nil
        } catch {
            note(error)
            return .storage(path: path, message: error.message(about: path))
        }
    }

    /// Removes every row; how many there were (with the entry files of earlier versions).
    /// - Throws: ``MediaSearchError/storage(path:message:)`` when the file cannot be opened or
    ///   another process holds it past the wait.
    func clear() throws(MediaSearchError) -> Int {
        let count: Int
        do throws(SQLiteError) {
            count =
                try use([writer], create: false) { connection throws(SQLiteError) -> Int in
                    let db = try connection.handle()
                    let count = try db.writeTransaction { () throws(SQLiteError) -> Int in
                        let count = try db.integer("SELECT count(*) FROM responses")
                        try db.execute("DELETE FROM responses; DELETE FROM total; INSERT INTO total VALUES (0)")
                        return count
                    }
                    // The space back: VACUUM waits for another process's writer (the rows are
                    // gone either way); the log is copied back without waiting for readers.
                    try? db.execute("VACUUM")
                    try? db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                    return count
                } ?? 0
        } catch {
            throw .storage(path: path, message: error.message(about: path))
        }
        return count + Self.removeLegacy(legacy)
    }

    func usage() -> (entries: Int, bytes: Int)? {
        do throws(SQLiteError) {
            return try use(readers, create: false) { connection throws(SQLiteError) in
                let db = try connection.handle()
                return try db.readTransaction { () throws(SQLiteError) in
                    (try db.integer("SELECT count(*) FROM responses"), try db.integer("SELECT bytes FROM total"))
                }
            } ?? (0, 0)
        } catch {
            return nil
        }
    }

    private static func delete(_ keys: [String], _ connection: Connection) throws(SQLiteError) {
        let delete = try connection.statement("DELETE FROM responses WHERE key = ?1")
        for key in keys {
            delete.bind(1, key)
            try delete.run()
        }
    }

    /// Counts the rows' sizes anew (the total kept may have drifted: a machine's crash, a hand
    /// edit) and removes the oldest rows until they come to at most `target`.
    private static func trim(_ connection: Connection, to target: Int) throws(SQLiteError) {
        let clamp = "min(max(size, 0), \(largestSize))"
        let sum = try connection.statement("SELECT coalesce(sum(\(clamp)), 0) FROM responses")
        var left = try sum.step() ? min(max(sum.int(0), 0), Int.max / 2) : 0
        sum.reset()
        let oldest = try connection.statement("SELECT key, \(clamp) FROM responses ORDER BY stored_at, key")
        var gone: [String] = []
        while left > target, try oldest.step() {
            if let key = oldest.string(0) { gone.append(key) }
            left -= oldest.int(1)
        }
        oldest.reset()
        try delete(gone, connection)
        let reset = try connection.statement("DELETE FROM total")
        try reset.run()
        let total = try connection.statement("INSERT INTO total VALUES (?1)")
        total.bind(1, max(left, 0))
        try total.run()
    }

    // MARK: the connections

    /// Runs `body` on one of `connections` (the first that is free, else the first), opening it
    /// first (and again when the file was replaced); `nil` without running it when there is no
    /// file and `create` is false. A damaged file is deleted (if it is still the one that was
    /// opened: another process may have made it anew already) and the call tried once more on a
    /// new, empty one. A connection is closed after an error other than a wait for another
    /// process's lock.
    private func use<T>(
        _ connections: [Connection], create: Bool = true, _ body: (Connection) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T? {
        let free = connections.first { $0.lock.try() }
        let connection = free ?? connections[0]
        if free == nil { connection.lock.lock() }
        defer { connection.lock.unlock() }
        var madeAnew = false
        while true {
            let before = isMemory ? nil : FileIdentity(path: path)
            do throws(SQLiteError) {
                if before == nil && !create && !isMemory { return nil }
                if connection.db == nil || (!isMemory && before != connection.file) {
                    connection.close()
                    connection.db = try open()
                    connection.file = before ?? FileIdentity(path: path)
                }
                return try body(connection)
            } catch {
                let primary = error.code & 0xFF
                guard !isMemory else { throw error }
                if primary != SQLITE_BUSY && primary != SQLITE_LOCKED { connection.close() }
                guard error.isDamage, !madeAnew else { throw error }
                // A cache: what it held is fetched again.
                if let before, FileIdentity(path: path) == before {
                    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
                }
                madeAnew = true
            }
        }
    }

    private func open() throws(SQLiteError) -> SQLiteConnection {
        let (db, migrated) = try SQLiteConnection.open(path, schema: Self.fileSchema)
        if migrated && !legacy.isEmpty {
            _ = Self.removeLegacy(legacy)
            let folder = (path as NSString).deletingLastPathComponent
            // The windows the files held still count (a spent budget stays spent across the upgrade).
            try? db.writeTransaction { () throws(SQLiteError) in try Self.importLegacyBudgets(in: folder, into: db) }
            Self.removeLegacyBudgets(in: folder)
        }
        return db
    }

    /// The cache's schema: the budgets' tables added to a file of version 2, with its answers
    /// kept; a cache of an older schema simply made anew.
    ///
    /// SQLite's pages of 4 KB: a page written for a small change (an answer's row, the total)
    /// costs no more than it must, and a large answer is a chain of them. The log is checkpointed
    /// once it passes 4 MiB (1,000 pages) and cut back to that (one write of large answers may make
    /// it longer until then); a small page cache (512 KiB), since a command reads its four answers
    /// once; nothing waits for the disk.
    static let fileSchema = SQLiteSchema(
        version: schemaVersion,
        migrate: { db, current throws(SQLiteError) in
            if current == 2 {
                try db.execute(BudgetRows.schema)
                return
            }
            try db.execute(
                """
                DROP TRIGGER IF EXISTS responses_removed; DROP INDEX IF EXISTS responses_by_age;
                DROP TABLE IF EXISTS responses; DROP TABLE IF EXISTS total;
                DROP TABLE IF EXISTS budget_sends; DROP TABLE IF EXISTS budget_cool_downs;
                """)
            try db.execute(schema + BudgetRows.schema)
        },
        pragmas: "PRAGMA synchronous = OFF; PRAGMA cache_size = -512; PRAGMA wal_autocheckpoint = 1000;"
            + " PRAGMA journal_size_limit = 4194304; PRAGMA temp_store = MEMORY", logOnEveryOpen: true)

    /// Removes the entry files of earlier versions (and their temporary files and size
    /// ledger); how many entries there were.
    ///
    /// Only in a real folder of the user's own: the folder is opened without following a link
    /// (`O_NOFOLLOW`) and its names are removed relative to that open folder (`unlinkat`), so a
    /// `responses` link planted in the cache folder, or a folder swapped for one while this runs,
    /// never leads to deleting files elsewhere (the security review's S2).
    static func removeLegacy(_ folder: String) -> Int {
        let removed = removeFiles(in: folder) { $0.hasSuffix(".entry") || $0.contains(".tmp-") }
        if removed != nil { rmdir(folder) }
        // `unlink` removes a link itself, never what it points to.
        for ledger in [folder + ".size", folder + ".size.lock"] { unlink(ledger) }
        return removed ?? 0
    }

    /// Copies the request budgets' files of earlier versions (`budget-source-itunes.json`:
    /// `{"sent": [times], "coolDownUntil": time, "slices": [[end, count]]}`) into the rows, each
    /// under its budget's name (`source-itunes`): a slice counts as its requests sent at its end.
    /// What does not read as that, a link, or a file over a megabyte is left out; numbers that
    /// are no times are skipped, and a file gives at most 10,000 rows.
    static func importLegacyBudgets(in folder: String, into db: SQLiteConnection) throws(SQLiteError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let insert = try db.prepare("INSERT INTO budget_sends (name, sent) VALUES (?1, ?2)")
        let coolDown = try db.prepare(
            """
            INSERT INTO budget_cool_downs (name, until) VALUES (?1, ?2)
            ON CONFLICT (name) DO UPDATE SET until = max(until, excluded.until)
            """)
        for file in names where file.hasPrefix("budget-source-") && file.hasSuffix(".json") {
            let path = (folder as NSString).appendingPathComponent(file)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                (attributes[.size] as? Int ?? .max) <= 1 << 20,
                let data = FileManager.default.contents(atPath: path),
                let state = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else { continue }
            let name = String(file.dropFirst("budget-".count).dropLast(".json".count))
            var times = ((state["sent"] as? [Any]) ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
            for slice in (state["slices"] as? [[Any]]) ?? [] where slice.count == 2 {
                guard let end = (slice[0] as? NSNumber)?.doubleValue, let count = (slice[1] as? NSNumber)?.intValue
                else { continue }
                times += repeatElement(end, count: min(max(count, 0), 10_000))
            }
            for time in times.filter(\.isFinite).prefix(10_000) {
                insert.bind(1, name)
                insert.bind(2, time)
                try insert.run()
            }
            if let until = (state["coolDownUntil"] as? NSNumber)?.doubleValue, until.isFinite, until > 0 {
                coolDown.bind(1, name)
                coolDown.bind(2, until)
                try coolDown.run()
            }
        }
    }

    /// Removes the request budgets' files of earlier versions (`budget-source-itunes.json` and
    /// its lock, the older `budget.json`) from the cache folder, as ``removeLegacy(_:)`` does.
    static func removeLegacyBudgets(in folder: String) {
        _ = removeFiles(in: folder) { name in
            name.hasPrefix("budget") && (name.hasSuffix(".json") || name.hasSuffix(".json.lock"))
        }
    }

    /// Removes the names of a real folder of the user's own that `matches` takes (opened without
    /// following a link, each removed relative to it); how many of those ending in `.entry` went,
    /// `nil` when the folder could not be opened as one.
    private static func removeFiles(in folder: String, where matches: (String) -> Bool) -> Int? {
        let fd = openFolderNoFollow(folder)
        guard fd >= 0 else { return nil }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_uid == getuid(), let listing = fdopendir(fd) else {
            close(fd)
            return nil
        }
        // `closedir` closes `fd` too.
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                return String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.count)]),
                    as: UTF8.self)
            }
            if matches(name) { names.append(name) }
        }
        var removed = 0
        for name in names where unlinkat(fd, name, 0) == 0 && name.hasSuffix(".entry") { removed += 1 }
        return removed
    }

    private static let schema = """
        CREATE TABLE responses (
            key TEXT PRIMARY KEY, stored_at REAL NOT NULL, content_type TEXT, bytes INTEGER NOT NULL,
            checksum TEXT NOT NULL, size INTEGER NOT NULL, body BLOB NOT NULL);
        CREATE INDEX responses_by_age ON responses(stored_at, key, size);
        CREATE TABLE total (bytes INTEGER NOT NULL);
        INSERT INTO total VALUES (0);
        CREATE TRIGGER responses_removed AFTER DELETE ON responses BEGIN
            UPDATE total SET bytes = bytes - min(max(old.size, 0), \(largestSize));
        END;
        """
}

/// Opens a folder for listing, refusing a link in its place (the database's own `open` hides the
/// C library's inside ``ResponseDatabase``).
private func openFolderNoFollow(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
}
