import Foundation
import MediaSearchCore

/// The request budgets a cache directory's database keeps, by name (`source-itunes`), each with
/// the requests it counts; empty when there is no database yet.
func budgetsCounted(inCache directory: URL) throws -> [String: Int] {
    let path = ResponseCache(directory: directory.path, ttl: 0, maxBytes: 0).databasePath
    guard FileManager.default.fileExists(atPath: path) else { return [:] }
    let statement = try SQLiteConnection(path: path).prepare(
        "SELECT name, count(*) FROM budget_sends GROUP BY name")
    var counted: [String: Int] = [:]
    while try statement.step() { counted[statement.string(0) ?? ""] = statement.int(1) }
    return counted
}

/// Spends `count` slots of a source's budget in a cache directory, as requests sent `age` seconds
/// ago would have.
func spendBudget(inCache directory: URL, name: String, count: Int, age: Double) {
    let budget = RequestBudget(directory: directory.path, name: name, limit: count, window: age + 3_600)
    _ = budget.acquire(all: Array(repeating: Date().addingTimeInterval(-age), count: count))
}

/// Holds the write lock of a cache directory's database (the budget's, made first when missing),
/// as another process writing it would, until the returned function is called.
func holdBudgetLock(inCache directory: String) throws -> () -> Void {
    _ = RequestBudget(directory: directory, name: "made", limit: 1).used()
    let database = try SQLiteConnection(path: ResponseCache(directory: directory, ttl: 0, maxBytes: 0).databasePath)
    try database.execute("BEGIN IMMEDIATE")
    return { try? database.execute("COMMIT") }
}
