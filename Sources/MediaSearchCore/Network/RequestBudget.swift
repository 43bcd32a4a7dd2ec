import Foundation
import MediaSearchKit
import Synchronization

/// A source's request budget, shared by every provider, lookup and process of a user: at most
/// `limit` requests in any rolling `window`, plus a cool-down after the source answers 403/429.
///
/// The budget lives in the response cache's database (`responses.sqlite` in the cache
/// directory), the store the cache already keeps: one row per request sent in the window, and one
/// per source that is cooling down (``BudgetRows``). A request takes its slot in one statement,
/// which inserts its row only while the window has room, in a write transaction: no two processes
/// can both take the last slot. Why a rolling window and not a cell rate: docs/design.md.
///
/// The budget is a helper, never a gatekeeper: when the database cannot be written, the budget
/// holds in this process's memory instead (and says so once); times from the future (a clock
/// that moved back, a hand edit) count as now, and a cool-down never lasts longer than one, so
/// they can never block requests for longer than one window or one cool-down.
public struct RequestBudget: Sendable {
    /// The cache directory whose database holds the budget.
    public var directory: String
    /// The budget's name in the database, e.g. `source-itunes` (``SourceBudget/key``).
    public var name: String
    /// Requests allowed per `window` seconds.
    public var limit: Int
    public var window: Double
    /// Seconds requests are held back after a 403/429.
    public var coolDown: Double
    /// Told about a problem with the database, e.g. to print it once.
    public var report: @Sendable (String) -> Void

    /// Creates a budget kept in the database of the cache directory `directory`.
    public init(
        directory: String, name: String, limit: Int, window: Double = 60, coolDown: Double = 60,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.directory = directory
        self.name = name
        self.limit = max(limit, 1)
        self.window = window
        self.coolDown = coolDown
        self.report = report
    }

    /// What a request may do now.
    public enum Decision: Sendable, Equatable {
        /// Go: the request was counted.
        case granted
        /// Wait this many seconds for a slot.
        case wait(Double)
        /// The API rate-limited us; this many seconds are left.
        case coolingDown(Double)
    }

    /// Takes a slot when one is free, recording the request; never lets a request cross the limit.
    public func acquire(now: Date = Date()) -> Decision {
        acquire(all: [now])[0]
    }

    /// Takes a slot for each of several requests, in order, in one transaction: what
    /// ``acquire(now:)`` called once per time would decide.
    public func acquire(all times: [Date]) -> [Decision] {
        Self.run(times.map { (self, .take($0)) })
    }

    /// Gives back the slot a request took at `sentAt` (its ``acquire(now:)`` time) when it never
    /// left this machine: a connection that could not be made spends none of the source's allowance.
    public func release(sentAt: Date, now: Date = Date()) {
        _ = Self.run([(self, .giveBack(sentAt))], now: now)
    }

    /// Records that the API answered 403/429: requests pause for ``coolDown`` seconds, in every process.
    public func markRateLimited(now: Date = Date()) {
        _ = Self.run([(self, .coolDown(now))])
    }

    /// What may be done to a budget: take a slot at a time, give back the slot taken at a time,
    /// or start a cool-down at a time.
    package enum Operation: Sendable {
        case take(Date)
        case giveBack(Date)
        case coolDown(Date)

        package var time: Date {
            switch self {
            case .take(let time), .giveBack(let time), .coolDown(let time): time
            }
        }
    }

    /// Runs operations on budgets of one cache directory (the first's), in order, in one
    /// transaction; the decision of each take (`.granted` for the others).
    package static func run(_ operations: [(budget: RequestBudget, operation: Operation)], now: Date? = nil)
        -> [Decision]
    {
        guard let first = operations.first,
            let latest = (operations.map(\.operation.time) + [now].compactMap { $0 }).max()
        else { return [] }
        return first.budget.update(now: latest, otherwise: operations.map { _ in Decision.granted }) {
            rows throws(SQLiteError) in
            try operations.map { budget, operation throws(SQLiteError) -> Decision in
                let own = try rows(budget)
                switch operation {
                case .take(let time):
                    return try own.take(at: time.timeIntervalSince1970)
                case .giveBack(let time):
                    try own.giveBack(time.timeIntervalSince1970)
                case .coolDown(let time):
                    try own.coolDown(until: time.timeIntervalSince1970 + budget.coolDown)
                }
                return .granted
            }
        }
    }

    /// The number of requests counted in the current window.
    public func used(now: Date = Date()) -> Int {
        update(now: now, otherwise: 0) { rows throws(SQLiteError) in try rows(self).used() }
    }

    /// The database of ``directory``, as the response cache opens it.
    private var database: ResponseDatabase {
        let cache = ResponseCache(directory: directory, ttl: 0, maxBytes: 0)
        return ResponseDatabase.at(cache.databasePath, legacy: cache.legacyFolder)
    }

    /// Runs a change on budgets' rows (this one's, or others' of the same directory) in one write
    /// transaction: in the cache's database, or, when that fails, in this process's memory (said
    /// once per database); `otherwise` when even memory fails, which counts nothing and so holds
    /// nothing back. `change` gets each budget's rows from the function it is given.
    private func update<T>(
        now: Date, otherwise: T,
        _ change: (_ rows: (RequestBudget) throws(SQLiteError) -> BudgetRows) throws(SQLiteError) -> T
    ) -> T {
        let database = self.database
        /// The rows of each budget, readied once per transaction.
        func run(on connection: ResponseDatabase.Connection, prefix: String) throws(SQLiteError) -> T {
            // Keyed by the whole rules: two budgets of one name with other rules (a config
            // changed between two of a server's requests) are each decided by their own.
            var readied: [BudgetRows.Rules: BudgetRows] = [:]
            return try change { budget throws(SQLiteError) in
                let rules = BudgetRows.Rules(
                    name: prefix + budget.name, limit: budget.limit, window: budget.window,
                    coolDown: budget.coolDown, now: now.timeIntervalSince1970)
                if let rows = readied[rules] { return rows }
                let rows = try BudgetRows(connection: connection, rules: rules)
                readied[rules] = rows
                return rows
            }
        }
        do {
            return try database.withWriter { connection throws(SQLiteError) in
                try run(on: connection, prefix: "")
            }
        } catch {
            // Said once; not at all when the cache has said why its file cannot be used.
            if Self.fallbacks.withLock({ $0.insert(database.path).inserted }), !database.problemNoted {
                report(
                    "the request budget cannot be saved (\(MediaSearchError.storage(path: database.path, message: error.message(about: database.path)).description)); "
                        + "counting in memory for this run")
            }
            // One memory for every database that failed: each one's budgets are its own rows.
            return
                (try? ResponseDatabase.memory.withWriter { connection throws(SQLiteError) in
                    try run(on: connection, prefix: database.path + "\n")
                }) ?? otherwise
        }
    }

    /// The databases whose budget failed in this process (said once each).
    private static let fallbacks = Mutex(Set<String>())
}

/// Joins the budget operations of one process that arrive together (a search's providers all
/// take their slots at once): while one thread holds the database's writer, the operations that
/// arrive wait, and are then done together in one transaction (``JoinedWork``), whatever their
/// sources: a search of eight kinds over five sources takes its slots in one transaction, not
/// five, and no thread of the blocking pool waits for the writer behind another.
enum BudgetOperations {
    private struct Queued: Sendable {
        var budget: RequestBudget
        var operation: RequestBudget.Operation
    }

    private static let joined = JoinedWork<String, Queued, RequestBudget.Decision>()

    /// The decision for an operation (`.granted` for all but a take), done on the blocking pool
    /// together with any others waiting for a budget of the same cache directory. A pool that has
    /// stopped lets a request go, as a database that fails does.
    static func run(_ budget: RequestBudget, _ operation: RequestBudget.Operation) async -> RequestBudget.Decision {
        await joined.run(
            budget.directory, Queued(budget: budget, operation: operation),
            perform: { queued in RequestBudget.run(queued.map { ($0.budget, $0.operation) }) },
            stopped: { _ in .granted })
    }
}
