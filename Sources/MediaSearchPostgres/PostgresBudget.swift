import Foundation
import MediaSearchCore
import MediaSearchKit
import PostgresNIO

/// A source's request budget in the shared store: one row per source and egress group, so that
/// every instance that reaches the source from one address counts in the same rolling window.
///
/// Taking a slot is one transaction that locks the row (`SELECT ... FOR UPDATE`), drops the sends
/// older than the window, and records the new one only when the window has room: no two
/// instances can both take the last slot. Each instance also says it is alive
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
    /// while the store was down.
    struct Mirror: Sendable {
        var shared: [Double] = []
        var coolDownUntil: Double = 0
        /// Sends made while the store was down, still to be written to the shared window.
        var unsent: [Double] = []
        /// Those of `unsent` a transaction is writing now: claimed by one, so that concurrent
        /// transactions of this process never write them twice.
        var claimed: [Double] = []
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
        if let decision = await shared(
            now: time,
            { (state: inout State) -> RequestBudget.Decision in
                if state.coolDownUntil > time { return .coolingDown(state.coolDownUntil - time) }
                guard state.sent.count < limit else {
                    return .wait(max((state.sent.min() ?? time) + window - time, 0.05))
                }
                state.sent.append(time)
                return .granted
            })
        {
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
        let done: Void? = await shared(now: Date().timeIntervalSince1970) { state in
            if let index = state.sent.firstIndex(of: time) { state.sent.remove(at: index) }
        }
        if done == nil {
            mirror { mirror in
                if let index = mirror.unsent.firstIndex(of: time) { mirror.unsent.remove(at: index) }
            }
        }
    }

    public func noteRateLimited(now: Date) async {
        let until = now.timeIntervalSince1970 + coolDown
        mirror { $0.coolDownUntil = max($0.coolDownUntil, until) }
        _ = await shared(now: now.timeIntervalSince1970) { $0.coolDownUntil = max($0.coolDownUntil, until) }
    }

    /// The shared row as read under its lock.
    struct State: Sendable {
        var sent: [Double]
        var coolDownUntil: Double
    }

    /// Runs a change on the shared row in one transaction (writing first what this process sent
    /// while the store was down); `nil` when the store is down.
    private func shared<T: Sendable>(now: Double, _ change: @escaping @Sendable (inout State) -> T) async -> T? {
        let (name, window, coolDown) = (self.name, self.window, self.coolDown)
        let (instance, group, register) = (store.instance, store.egressGroup, store.countsAsInstance)
        let pending = mirror { mirror -> ([Double], Double) in
            var free = mirror.unsent
            for time in mirror.claimed { if let index = free.firstIndex(of: time) { free.remove(at: index) } }
            mirror.claimed += free
            return (free, mirror.coolDownUntil)
        }
        let result = await store.perform { client -> (T, State, Int) in
            try await client.withTransaction(logger: PostgresStore.quiet) { connection in
                try await connection.query(
                    "INSERT INTO mediasearch_budgets (name) VALUES (\(name)) ON CONFLICT (name) DO NOTHING",
                    logger: PostgresStore.quiet)
                var state = State(sent: [], coolDownUntil: 0)
                let rows = try await connection.query(
                    "SELECT sent, cool_down_until FROM mediasearch_budgets WHERE name = \(name) FOR UPDATE",
                    logger: PostgresStore.quiet)
                for try await (sent, until) in rows.decode(([Double], Double).self) {
                    state = State(sent: sent, coolDownUntil: until)
                }
                // Times from the future (a clock that moved back) count as now, and a cool-down
                // never lasts longer than one.
                state.sent = (state.sent + pending.0).map { min($0, now) }.filter { $0 > now - window }
                state.coolDownUntil = min(max(state.coolDownUntil, pending.1), now + coolDown)
                let value = change(&state)
                try await connection.query(
                    """
                    UPDATE mediasearch_budgets SET sent = \(state.sent), cool_down_until = \(state.coolDownUntil)
                    WHERE name = \(name)
                    """, logger: PostgresStore.quiet)
                let instances = try await PostgresStore.sayAlive(
                    id: instance, group: group, now: now, register: register, on: connection)
                return (value, state, instances)
            }
        }
        mirror { mirror in
            for time in pending.0 {
                if let index = mirror.claimed.firstIndex(of: time) { mirror.claimed.remove(at: index) }
                if result != nil, let index = mirror.unsent.firstIndex(of: time) { mirror.unsent.remove(at: index) }
            }
        }
        guard let (value, state, instances) = result else { return nil }
        store.noteAlive(instances)
        mirror { mirror in
            mirror.shared = state.sent
            mirror.coolDownUntil = state.coolDownUntil
        }
        return value
    }
}
