import Foundation
import MediaSearchKit

/// A request budget as rows of the response cache's database, used inside one write transaction:
/// `budget_sends` holds one row per request sent (the budget's name and when), and
/// `budget_cool_downs` one per budget the source rate-limited (until when).
///
/// A request takes its slot in one statement: its row is inserted only while no cool-down holds
/// and fewer than `limit` rows of the budget are younger than the window. The rows older than
/// the window are dropped as each take goes, so a budget keeps at most `limit` rows (plus the few
/// a take at an earlier time in the same batch still counts).
struct BudgetRows {
    /// One budget's rules, and the time of the transaction (the latest of its takes).
    struct Rules: Hashable {
        var name: String
        var limit: Int
        var window: Double
        var coolDown: Double
        var now: Double
    }

    let connection: ResponseDatabase.Connection
    let rules: Rules

    /// Readies the rows for the transaction's decisions: times from the future (a clock that
    /// moved back, a hand edit) count as now, and a cool-down lasts no longer than one from now.
    /// "Now" is read here, under the write lock: the takes' own times were read before they
    /// waited for it, and another process may have written later ones meanwhile, honestly.
    init(connection: ResponseDatabase.Connection, rules: Rules) throws(SQLiteError) {
        self.connection = connection
        self.rules = rules
        let now = max(rules.now, Date().timeIntervalSince1970)
        let future = try connection.statement("UPDATE budget_sends SET sent = ?2 WHERE name = ?1 AND sent > ?2")
        future.bind(1, rules.name)
        future.bind(2, now)
        try future.run()
        let long = try connection.statement(
            "UPDATE budget_cool_downs SET until = ?2 WHERE name = ?1 AND (until > ?2 OR until <> until)")
        long.bind(1, rules.name)
        long.bind(2, now + rules.coolDown)
        try long.run()
    }

    /// The decision for a request at `time`, its row written when it may go.
    func take(at time: Double) throws(SQLiteError) -> RequestBudget.Decision {
        // A time that is no number (never from a clock) counts as now, not as an error that
        // would undo the transaction's other decisions.
        let time = time.isFinite ? time : rules.now
        let old = try connection.statement("DELETE FROM budget_sends WHERE name = ?1 AND sent <= ?2")
        old.bind(1, rules.name)
        old.bind(2, time - rules.window)
        try old.run()
        let insert = try connection.statement(
            """
            INSERT INTO budget_sends (name, sent) SELECT ?1, ?2
            WHERE NOT EXISTS (SELECT 1 FROM budget_cool_downs WHERE name = ?1 AND until > ?2)
            AND (SELECT count(*) FROM budget_sends WHERE name = ?1 AND sent > ?3) < ?4
            """)
        insert.bind(1, rules.name)
        insert.bind(2, time)
        insert.bind(3, time - rules.window)
        insert.bind(4, rules.limit)
        try insert.run()
        if try connection.handle().changes > 0 { return .granted }
        let until = try connection.statement("SELECT until FROM budget_cool_downs WHERE name = ?1")
        until.bind(1, rules.name)
        let coolingUntil = try until.step() ? until.double(0) : 0
        until.reset()
        if coolingUntil > time { return .coolingDown(min(coolingUntil - time, rules.coolDown)) }
        let first = try connection.statement("SELECT min(sent) FROM budget_sends WHERE name = ?1 AND sent > ?2")
        first.bind(1, rules.name)
        first.bind(2, time - rules.window)
        let oldest = try first.step() && !first.isNull(0) ? first.double(0) : time
        first.reset()
        return .wait(max(oldest + rules.window - time, 0.05))
    }

    /// Gives back the slot of one request sent at `time`.
    func giveBack(_ time: Double) throws(SQLiteError) {
        let delete = try connection.statement(
            "DELETE FROM budget_sends WHERE rowid = (SELECT rowid FROM budget_sends WHERE name = ?1 AND sent = ?2 LIMIT 1)"
        )
        delete.bind(1, rules.name)
        delete.bind(2, time)
        try delete.run()
    }

    /// Holds every request back until `until` (or a later cool-down already noted).
    func coolDown(until: Double) throws(SQLiteError) {
        let upsert = try connection.statement(
            """
            INSERT INTO budget_cool_downs (name, until) VALUES (?1, ?2)
            ON CONFLICT (name) DO UPDATE SET until = max(until, excluded.until)
            """)
        upsert.bind(1, rules.name)
        upsert.bind(2, until)
        try upsert.run()
    }

    /// The requests counted in the window that ends now.
    func used() throws(SQLiteError) -> Int {
        let count = try connection.statement("SELECT count(*) FROM budget_sends WHERE name = ?1 AND sent > ?2")
        count.bind(1, rules.name)
        count.bind(2, rules.now - rules.window)
        defer { count.reset() }
        return try count.step() ? count.int(0) : 0
    }

    /// The tables, made with the rest of the cache's schema.
    static let schema = """
        CREATE TABLE budget_sends (name TEXT NOT NULL, sent REAL NOT NULL);
        CREATE INDEX budget_sends_by_time ON budget_sends(name, sent);
        CREATE TABLE budget_cool_downs (name TEXT PRIMARY KEY, until REAL NOT NULL);
        """
}
