#if PostgreSQL
import Foundation
import MediaSearchCore
import MediaSearchKit
import PostgresNIO

/// A source's request budget in the shared store: one row per source and egress group, so that
/// every instance that reaches the source from one address counts in the same rolling window.
///
/// Taking a slot is one transaction that locks the row, reads the store's clock, drops the sends
/// older than the window by that clock, and records the new one only when the window has room
/// (``statement(name:now:window:coolDown:limit:pending:kind:at:)``): no two instances can both
/// take the last slot, whatever their own clocks say. Each instance also says it is alive
/// (`mediasearch_instances`) and learns how many instances share its egress group.
///
/// **When the store is down** the instance counts in its own memory, in a way that keeps the sum
/// of every instance's requests within the limit in any window (docs/deploy.md):
/// - it starts from the window as it last read it, every instance's sends included, and sends
///   only while that window plus its own new sends stays under `limit / instances`: the share of
///   the instances alive at its last contact (every instance says so when it opens the store,
///   with each budget it takes, and a server every 30 s), plus one that may have started since;
///   an instance that never reached the store assumes ``assumedInstances``. Each instance knows
///   at least its own earlier sends, so the shares add up to the limit at most;
/// - a cool-down (403/429) it knew of still holds;
/// - when the store is back, the sends it made meanwhile are written to the shared window, so
///   they still count until they age out.
public struct PostgresBudget: BudgetLedger {
    public let store: PostgresStore
    /// The row's name: the egress group and the source's budget, e.g. `default/budget-source-itunes.json`.
    public let name: String
    public let limit: Int
    public let window: Double
    public let coolDown: Double

    /// Instances an instance assumes share its group when it has never reached the store.
    public static let assumedInstances = 4

    /// How many instances the budget is shared by while the store is down: those alive at the
    /// last contact and one more (one may have started since), or ``assumedInstances``.
    static func fallbackInstances(lastSeen: Int?) -> Int {
        lastSeen.map { max($0, 1) + 1 } ?? assumedInstances
    }
    /// Seconds after its last contact an instance no longer counts as alive.
    static let aliveFor = 120.0

    /// The budget of a source, counted with the other instances of `store`'s egress group.
    public init(store: PostgresStore, budget: SourceBudget, coolDown: Double = 60) {
        self.store = store
        // The name rows had when budgets were files (`budget-source-itunes.json`): instances of
        // that version and this one count in the same row.
        self.name = "\(store.egressGroup)/budget-\(budget.key).json"
        self.limit = max(budget.limit, 1)
        self.window = budget.window
        self.coolDown = coolDown
    }

    /// What this process knows of the budget: the shared window as last read, and what it did
    /// while the store was down. Times are this process's clock; the shared row's are the store's.
    struct Mirror: Sendable {
        var shared: [Double] = []
        var coolDownUntil: Double = 0
        /// Sends made while the store was down, still to be written to the shared window.
        var unsent: [Double] = []
        /// Those of `unsent` a transaction is writing now: claimed by one, so that concurrent
        /// transactions of this process never write them twice.
        var claimed: [Double] = []
        /// The store's time of each send this process took from the shared window, by the time
        /// it asked at: what a give-back names.
        var taken: [Double: Double] = [:]
    }

    private func mirror<T>(_ change: (inout Mirror) -> T) -> T {
        store.budgets.withLock { mirrors in
            var mirror = mirrors[name] ?? Mirror()
            defer { mirrors[name] = mirror }
            return change(&mirror)
        }
    }

    public func take(now: Date) async -> RequestBudget.Decision {
        let time = now.timeIntervalSince1970
        if let decision = await shared(now: time, .take(time)) {
            return decision
        }
        return mirror { mirror in
            if mirror.coolDownUntil > time { return .coolingDown(mirror.coolDownUntil - time) }
            // Never 0 while the budget has room: more instances than requests still leaves each
            // one request a window, rather than none for everybody.
            let share = max(1, limit / Self.fallbackInstances(lastSeen: store.instancesAlive))
            let recent = (mirror.shared + mirror.unsent).filter { $0 > time - window }
            guard recent.count < share else {
                // The request may go once enough of the window's sends have aged out (a share of
                // none waits a whole window, and asks again).
                let sorted = recent.sorted()
                let index = recent.count - share
                let freed = share > 0 && index < sorted.count ? sorted[index] : time
                return .wait(max(freed + window - time, 0.05))
            }
            mirror.unsent.append(time)
            return .granted
        }
    }

    public func giveBack(sentAt: Date) async {
        let time = sentAt.timeIntervalSince1970
        let done = await shared(now: Date().timeIntervalSince1970, .giveBack(time))
        if done == nil {
            mirror { mirror in
                if let index = mirror.unsent.firstIndex(of: time) { mirror.unsent.remove(at: index) }
            }
        }
    }

    public func noteRateLimited(now: Date) async {
        let until = now.timeIntervalSince1970 + coolDown
        mirror { $0.coolDownUntil = max($0.coolDownUntil, until) }
        _ = await shared(now: now.timeIntervalSince1970, .coolDown(until: until))
    }

    /// What is done to the shared row.
    enum Operation: Sendable {
        /// Takes a slot at this time when one is free.
        case take(Double)
        /// Gives back the slot taken at this time.
        case giveBack(Double)
        /// Holds requests back until this time.
        case coolDown(until: Double)
    }

    /// Does an operation on the shared row (writing first what this process sent while the store
    /// was down), and says this instance is alive, in one transaction; `nil` when the store is
    /// down.
    ///
    /// **The store's clock decides** (S6): the transaction locks the row and reads the store's
    /// time, and every send is recorded, kept and aged out by that time. An instance whose clock
    /// is ahead or behind never drops or rewrites another's sends; its own clock only measures
    /// how long it waits, and places what it sent while the store was down (by the offset between
    /// the two clocks read in the same transaction).
    private func shared(now: Double, _ operation: Operation) async -> RequestBudget.Decision? {
        let (name, window, coolDown, limit) = (self.name, self.window, self.coolDown, self.limit)
        let (instance, group, register) = (store.instance, store.egressGroup, store.countsAsInstance)
        // What this call writes of the sends made while the store was down (claimed, so that no
        // other call of this process writes them too), this process's cool-down, and the store's
        // time of a send given back when this process recorded it: in this process's clock, put
        // in the store's once the transaction has read it.
        let (claimed, coolingUntil, givenBack) = mirror { mirror -> ([Double], Double, Double?) in
            var free = mirror.unsent
            for time in mirror.claimed { if let index = free.firstIndex(of: time) { free.remove(at: index) } }
            mirror.claimed += free
            let givenBack: Double? =
                if case .giveBack(let time) = operation { mirror.taken[time] } else { nil }
            return (free, mirror.coolDownUntil, givenBack)
        }
        let kind =
            switch operation {
            case .take: "take"
            case .giveBack: "give"
            case .coolDown: "cool"
            }
        let result = await store.perform { client -> (Bool, [Double], Double, Double, Double, Int) in
            try await client.withTransaction(logger: PostgresStore.quiet) { connection in
                // The row, locked (another instance's operation waits, and this one then reads the
                // row as that one left it); the row is made on a source's first use.
                var locked = false
                for attempt in 0..<2 where !locked {
                    if attempt == 1 {
                        try await connection.query(
                            "INSERT INTO mediasearch_budgets (name) VALUES (\(name)) ON CONFLICT (name) DO NOTHING",
                            logger: PostgresStore.quiet)
                    }
                    let rows = try await connection.query(
                        "SELECT 1 FROM mediasearch_budgets WHERE name = \(name) FOR UPDATE", logger: PostgresStore.quiet
                    )
                    for try await _ in rows.decode(Int.self) { locked = true }
                }
                guard locked else { throw PostgresBudgetRowMissing() }
                // The store's time once the row is held, and this process's beside it: their
                // difference places this process's own times in the store's clock.
                var read: Double?
                let clock = try await connection.query(
                    "SELECT extract(epoch FROM clock_timestamp())::float8", logger: PostgresStore.quiet)
                for try await time in clock.decode(Double.self) { read = time }
                guard let storeNow = read else { throw PostgresBudgetRowMissing() }
                let offset = storeNow - Date().timeIntervalSince1970
                let at: Double =
                    switch operation {
                    case .take: 0
                    case .giveBack(let time): givenBack ?? time + offset
                    case .coolDown(let until): until - now
                    }
                let pending = (claimed.map { $0 + offset }, coolingUntil > now ? coolingUntil + offset : 0)
                var row: (Bool, [Double], Double)?
                let rows = try await connection.query(
                    Self.statement(
                        name: name, now: storeNow, window: window, coolDown: coolDown, limit: limit,
                        pending: pending, kind: kind, at: at),
                    logger: PostgresStore.quiet)
                for try await (granted, sent, until) in rows.decode((Bool, [Double], Double).self) {
                    row = (granted, sent, until)
                }
                guard let (granted, sent, until) = row else { throw PostgresBudgetRowMissing() }
                let instances = try await PostgresStore.sayAlive(
                    id: instance, group: group, register: register, on: connection)
                return (granted, sent, until, storeNow, offset, instances)
            }
        }
        mirror { mirror in
            for time in claimed {
                if let index = mirror.claimed.firstIndex(of: time) { mirror.claimed.remove(at: index) }
                if result != nil, let index = mirror.unsent.firstIndex(of: time) { mirror.unsent.remove(at: index) }
            }
        }
        guard let (granted, sent, until, storeNow, offset, instances) = result else { return nil }
        store.noteAlive(instances)
        mirror { mirror in
            mirror.shared = sent.map { $0 - offset }
            mirror.coolDownUntil = until - offset
            // Each send this process recorded, by the store's time it was recorded at: what a
            // give-back of it names, whatever the offset is by then.
            mirror.taken = mirror.taken.filter { $0.key > now - window }
            for time in claimed { mirror.taken[time] = time + offset }
            switch operation {
            case .take(let time) where granted: mirror.taken[time] = storeNow
            case .giveBack(let time): mirror.taken[time] = nil
            default: break
            }
        }
        guard case .take = operation else { return .granted }
        if granted { return .granted }
        if until > storeNow { return .coolingDown(until - storeNow) }
        return .wait(max((sent.min() ?? storeNow) + window - storeNow, 0.05))
    }

    /// The one statement of an operation, on the row the transaction holds, with `now` the
    /// store's time. From the sends of the window (this process's from while the store was down
    /// added, times from the future counted as now) and the cool-down (never longer than one from
    /// now):
    /// - `take`: appends a send at `now` when no cool-down holds and the window has room;
    /// - `give`: removes one send at `at`;
    /// - `cool`: holds requests back `at` seconds from now, or to a later cool-down already noted.
    /// It returns whether a take was granted, the sends and the cool-down as they now are.
    static func statement(
        name: String, now: Double, window: Double, coolDown: Double, limit: Int, pending: ([Double], Double),
        kind: String, at: Double
    ) -> PostgresQuery {
        """
        WITH old AS (
            SELECT ARRAY(
                    SELECT least(t, \(now)) FROM unnest(sent || \(pending.0)::float8[]) AS t
                    WHERE least(t, \(now)) > \(now) - \(window) ORDER BY 1) AS kept,
                least(greatest(cool_down_until, \(pending.1)), \(now) + \(coolDown)) AS until
            FROM mediasearch_budgets WHERE name = \(name)
        ), decided AS (
            SELECT kept, until,
                \(kind) = 'take' AND until <= \(now) AND cardinality(kept) < \(limit) AS granted,
                array_position(kept, \(at)) AS found
            FROM old
        )
        UPDATE mediasearch_budgets AS b SET
            sent = CASE
                WHEN d.granted THEN d.kept || \(now)
                WHEN \(kind) = 'give' AND d.found IS NOT NULL THEN d.kept[:d.found - 1] || d.kept[d.found + 1:]
                ELSE d.kept END,
            cool_down_until = CASE WHEN \(kind) = 'cool' THEN greatest(d.until, \(now) + \(at)) ELSE d.until END
        FROM decided AS d WHERE b.name = \(name)
        RETURNING d.granted, b.sent, b.cool_down_until
        """
    }
}

/// The budget's row went missing between its making and its statement (deleted by hand):
/// the transaction fails, and the instance counts as if the store were down.
struct PostgresBudgetRowMissing: Error {}
#endif
