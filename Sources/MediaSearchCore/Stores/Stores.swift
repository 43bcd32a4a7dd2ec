import Foundation
import MediaSearchKit
import Synchronization

/// Where answers are cached: files under the cache directory (``ResponseCache``), or a store
/// that several instances share (`store:` in config.yaml).
///
/// A store that fails is a miss on reading and nothing on writing: the cache never fails a search.
public protocol ResponseStore: Sendable {
    /// The fresh answer kept for a URL, or `nil`.
    func cachedAnswer(for url: URL) async -> HTTPResponse?
    /// Keeps a 200 answer for a URL.
    func keepAnswer(_ response: HTTPResponse, for url: URL) async throws
    /// Removes every answer; returns how many there were.
    func removeAllAnswers() async throws -> Int
    /// Fetches the answer for a URL once for every process that shares the store: while another
    /// process is fetching it, waits for that to end and, when `reuse` allows, answers with
    /// what it kept. By default, simply fetches.
    func fetchOnce(
        for url: URL, timeout: Double, reuse: Bool, _ fetch: @Sendable () async throws -> HTTPResponse
    ) async throws -> FetchedAnswer
    /// What went wrong with the store since the last call, one line each (shown with the next
    /// answer). By default, nothing.
    func takeNotices() -> [String]
}

extension ResponseStore {
    public func takeNotices() -> [String] { [] }

    public func fetchOnce(
        for url: URL, timeout: Double, reuse: Bool, _ fetch: @Sendable () async throws -> HTTPResponse
    ) async throws -> FetchedAnswer {
        FetchedAnswer(answer: try await fetch(), fromCache: false)
    }
}

/// A request budget: how many requests a source may still be sent, counted for every process
/// that shares it (``RequestBudget`` in the response cache's database, or a shared store's).
public protocol BudgetLedger: Sendable {
    /// Takes a slot when one is free; never grants the request that would cross the limit.
    func take(now: Date) async -> RequestBudget.Decision
    /// Gives back the slot a request took at `sentAt` when the request never left this machine.
    func giveBack(sentAt: Date) async
    /// Records that the source answered 403/429: requests pause, in every process that shares the budget.
    func noteRateLimited(now: Date) async
}

/// The offline library: every record seen, found again by words (``MediaLibrary`` in SQLite, or
/// a shared store's). Every call may wait for other writers, so none of them runs on the
/// cooperative pool's threads for long.
public protocol LibraryStore: Sendable {
    /// Records items as seen now: new ones are added, known ones (same kind and id) updated.
    func store(_ records: [(kind: String, item: MediaItem)], seenAt: Date) async throws(MediaSearchError)
    /// Records only the items the library does not have yet.
    func storeMissing(_ records: [(kind: String, item: MediaItem)], seenAt: Date) async throws(MediaSearchError)
    /// The items of a kind matching a query, best first, filtered and paged as the query says.
    func search(kind: String, query: SearchQuery, filters: [FilterSpec]) async throws(MediaSearchError) -> [MediaItem]
    /// The item with an id (of a kind, when given), the most recently seen first.
    func item(id: String, kind: String?) async throws(MediaSearchError) -> (kind: String, item: MediaItem)?
    /// Titles and creators with a word starting with each word of `text`.
    func suggestions(for text: String, limit: Int) async throws(MediaSearchError) -> [String]
    /// How many records there are in all.
    func count() async throws(MediaSearchError) -> Int
    /// What the library holds.
    func statistics() async throws(MediaSearchError) -> LibraryStatistics
    /// Removes every record; returns how many there were.
    func clear() async throws(MediaSearchError) -> Int
    /// What happened to the store since the last call, one line each (shown with the next answer).
    func takeNotices() -> [String]
    /// Gets ready for a write that will come soon (opens its file), without waiting: a search
    /// calls it as its requests leave, so the write after the answers finds the library open.
    func prepare()
}

extension LibraryStore {
    /// Nothing to get ready.
    public func prepare() {}
}

/// The stores of a shared database (`store:`), used in place of the files of one machine: the
/// response cache, a budget per source, and the library. ``SearchSession`` and
/// ``StandardTransport`` take them; without them everything is kept in files, as before.
public struct SharedStores: Sendable {
    /// The shared cache, serving no answer older than a time to live (seconds).
    public var cache: @Sendable (Double) -> any ResponseStore
    /// The shared budget of a source, counted in its database row.
    public var budget: @Sendable (SourceBudget) -> any BudgetLedger
    public var library: any LibraryStore
    /// The lists people keep, shared by every instance; `nil` keeps them in each user's file.
    public var lists: (any ListStore)?
    /// Starts saying, for as long as the process runs, that this instance is alive (a server
    /// does, so that every instance knows its share of a budget should the store go down).
    public var keepAlive: @Sendable () -> Void

    /// Creates the set.
    public init(
        cache: @escaping @Sendable (Double) -> any ResponseStore,
        budget: @escaping @Sendable (SourceBudget) -> any BudgetLedger, library: any LibraryStore,
        lists: (any ListStore)? = nil, keepAlive: @escaping @Sendable () -> Void = {}
    ) {
        self.cache = cache
        self.budget = budget
        self.library = library
        self.lists = lists
        self.keepAlive = keepAlive
    }
}

// MARK: the stores of one machine

extension ResponseCache: ResponseStore {
    public func cachedAnswer(for url: URL) async -> HTTPResponse? {
        // Reading an entry never waits for a writer (the database's readers have a connection of
        // their own, and its log lets them read while another process writes): it is read here,
        // without the trip to the blocking pool that writing one (a lock) takes.
        load(url)
    }

    /// Kept with the answers that arrive together, in one transaction (``JoinedWork``): a
    /// search's four answers, a server's concurrent searches.
    public func keepAnswer(_ response: HTTPResponse, for url: URL) async throws {
        let cache = self
        let key = CacheKeeps.Key(directory: directory, maxBytes: maxBytes)
        let problem = await CacheKeeps.joined.run(
            key, (response, url), perform: { cache.store(all: $0) },
            stopped: { _ in MediaSearchError.cancelled })
        if let problem { throw problem }
    }

    public func removeAllAnswers() async throws -> Int {
        let cache = self
        return try await BlockingWork.run { try cache.clear() }
    }

    /// Fetches under the URL's lock (``FlightLock``, a byte of `flights.lock`): a process that
    /// found the lock held waits and answers from what the holder kept; so does one that took the
    /// lock just after another kept the answer (the cache is read again once the lock is had). The
    /// lock comes back with the answer, for the caller to release once it is kept.
    ///
    /// The wait is at most one request's time (the source's timeout): a holder that takes longer
    /// has stopped answering (stopped with Ctrl-Z, in a debugger), and the others ask the source
    /// themselves rather than wait for it; this process then no longer waits for that URL's lock
    /// while it stays held (the security review's S1).
    public func fetchOnce(
        for url: URL, timeout: Double, reuse: Bool, _ fetch: @Sendable () async throws -> HTTPResponse
    ) async throws -> FetchedAnswer {
        let place = flightLock(for: url)
        let lock = try await FlightLock.acquire(path: place.path, offset: place.offset, timeout: timeout)
        if let lock, reuse, let kept = load(url) {
            lock.release()
            return FetchedAnswer(answer: kept, fromCache: true)
        }
        do {
            return FetchedAnswer(answer: try await fetch(), fromCache: false, lock: lock)
        } catch {
            lock?.release()
            throw error
        }
    }
}

/// The library writes being done, joined per file.
enum LibraryWrites {
    struct Key: Hashable {
        var path: String
        var maxRecords: Int
    }

    struct Write: Sendable {
        var records: [(kind: String, item: MediaItem)]
        var seenAt: Date
        var missingOnly: Bool
    }

    static let joined = JoinedWork<Key, Write, MediaSearchError?>()
}

/// The answers being kept, joined per cache.
enum CacheKeeps {
    struct Key: Hashable {
        var directory: String
        var maxBytes: Int
    }

    static let joined = JoinedWork<Key, (response: HTTPResponse, url: URL), MediaSearchError?>()
}

extension RequestBudget: BudgetLedger {
    // The database is shared under its write lock: asked off the cooperative pool, with the
    // operations that arrive together done together (``BudgetOperations``).
    public func take(now: Date) async -> Decision {
        await BudgetOperations.run(self, .take(now))
    }

    public func giveBack(sentAt: Date) async {
        _ = await BudgetOperations.run(self, .giveBack(sentAt))
    }

    public func noteRateLimited(now: Date) async {
        _ = await BudgetOperations.run(self, .coolDown(now))
    }
}

/// The SQLite library as a ``LibraryStore``: each call on the blocking pool (a writer may wait
/// up to 15 s for another process's lock).
public struct LocalLibrary: LibraryStore {
    public let file: MediaLibrary

    /// The library in a file.
    public init(_ file: MediaLibrary) { self.file = file }

    private func run<T: Sendable>(_ body: @escaping @Sendable (MediaLibrary) throws(MediaSearchError) -> T)
        async throws(MediaSearchError) -> T
    {
        let file = self.file
        do {
            return try await BlockingWork.run { () throws -> T in try body(file) }
        } catch let error as MediaSearchError {
            throw error
        } catch {
            throw .storage(path: file.path, message: "\(error)")
        }
    }

    public func store(_ records: [(kind: String, item: MediaItem)], seenAt: Date) async throws(MediaSearchError) {
        try await write(LibraryWrites.Write(records: records, seenAt: seenAt, missingOnly: false))
    }

    public func storeMissing(_ records: [(kind: String, item: MediaItem)], seenAt: Date)
        async throws(MediaSearchError)
    {
        try await write(LibraryWrites.Write(records: records, seenAt: seenAt, missingOnly: true))
    }

    /// Group commit: the writes that arrive while another is being done (a server's searches
    /// that finish together) are done together, in one write transaction for the records and
    /// one for the records kept only when missing (``JoinedWork``), each seen at the latest of
    /// their times. A write that fails fails each search that joined it, as it would alone.
    private func write(_ write: LibraryWrites.Write) async throws(MediaSearchError) {
        guard !write.records.isEmpty else { return }
        let file = self.file
        let key = LibraryWrites.Key(path: file.path, maxRecords: file.maxRecords)
        let problem = await LibraryWrites.joined.run(
            key, write,
            perform: { writes in
                let seenAt = writes.map(\.seenAt).max() ?? Date()
                func attempt(_ body: () throws(MediaSearchError) -> Void) -> MediaSearchError? {
                    do {
                        try body()
                        return nil
                    } catch {
                        return error
                    }
                }
                let fresh = writes.filter { !$0.missingOnly }.flatMap(\.records)
                let again = writes.filter(\.missingOnly).flatMap(\.records)
                let freshProblem = attempt { () throws(MediaSearchError) in try file.store(fresh, seenAt: seenAt) }
                let againProblem = attempt { () throws(MediaSearchError) in
                    try file.storeMissing(again, seenAt: seenAt)
                }
                return writes.map { $0.missingOnly ? againProblem : freshProblem }
            }, stopped: { _ in MediaSearchError.cancelled })
        if let problem { throw problem }
    }

    public func search(kind: String, query: SearchQuery, filters: [FilterSpec]) async throws(MediaSearchError)
        -> [MediaItem]
    {
        try await run { library throws(MediaSearchError) in
            try library.search(kind: kind, query: query, filters: filters)
        }
    }

    public func item(id: String, kind: String?) async throws(MediaSearchError) -> (kind: String, item: MediaItem)? {
        try await run { library throws(MediaSearchError) in try library.item(id: id, kind: kind) }
    }

    public func suggestions(for text: String, limit: Int) async throws(MediaSearchError) -> [String] {
        try await run { library throws(MediaSearchError) in try library.suggestions(for: text, limit: limit) }
    }

    public func count() async throws(MediaSearchError) -> Int {
        try await run { library throws(MediaSearchError) in try library.count() }
    }

    public func statistics() async throws(MediaSearchError) -> LibraryStatistics {
        try await run { library throws(MediaSearchError) in try library.statistics() }
    }

    public func clear() async throws(MediaSearchError) -> Int {
        try await run { library throws(MediaSearchError) in try library.clear() }
    }

    public func takeNotices() -> [String] { file.takeNotices() }

    /// Opens the file on the blocking pool (about a millisecond), while the search's requests wait.
    public func prepare() {
        let file = self.file
        BlockingWork.pool.submit { state in
            if state == .active { file.open() }
        }
    }
}

extension SharedStores {
    /// How a binary opens the shared store a configuration names (`store:`): the executable
    /// hands the CLI the kind of store it ships as a value (`mediasearch`: PostgreSQL), so the
    /// engine depends on none.
    /// It is given the payload types of the session's providers, which the store's library and
    /// lists read their items with.
    public typealias Opener =
        @Sendable (Configuration, PayloadTypes, @escaping @Sendable (String) -> Void) async throws(MediaSearchError) ->
        SharedStores?

    /// Opens the store the configuration names with `opener`, `nil` when it names none, its
    /// items read with `payloadTypes`; `report` is told when the store goes down or comes back.
    /// - Throws: ``MediaSearchError/invalidConfig(file:line:key:message:)`` when it names one and
    ///   this binary has no shared store (no opener).
    public static func open(
        _ configuration: Configuration, payloadTypes: PayloadTypes, with opener: Opener?,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(MediaSearchError) -> SharedStores? {
        guard configuration.store != nil else { return nil }
        guard let open = opener else {
            throw refusal(configuration) { "this binary has no shared store for \($0)" }
        }
        return try await open(configuration, payloadTypes, report)
    }

    /// An opener for a binary built without a shared store: a configuration that names one is
    /// refused, where it was named, with the sentence `words` makes of the store's URL (shown
    /// without its password): what the binary is, and what to build instead.
    public static func refusing(_ words: @escaping @Sendable (String) -> String) -> Opener {
        { configuration, _, _ throws(MediaSearchError) in
            guard configuration.store != nil else { return nil }
            throw refusal(configuration, words)
        }
    }

    private static func refusal(_ configuration: Configuration, _ words: (String) -> String) -> MediaSearchError {
        let origin = configuration.origins["store"] ?? configuration.source ?? "config"
        return .invalidConfig(
            file: origin, line: nil, key: "store", message: words(configuration.store?.description ?? ""))
    }
}
