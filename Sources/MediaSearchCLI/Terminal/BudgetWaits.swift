import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization

/// Budget waits of one command: several providers waiting for the same slot are one wait, said
/// once; the spinner shows what is left of it.
final class BudgetWaits: Sendable {
    private let until = Mutex<Date?>(nil)

    /// Records a wait; `true` when it is news (no wait said yet, or this one ends over a second later).
    func announce(_ seconds: Double, now: Date = Date()) -> Bool {
        let end = now.addingTimeInterval(seconds)
        return until.withLock { until in
            if let until, end.timeIntervalSince(until) < 1 { return false }
            until = end
            return true
        }
    }

    /// Seconds left of the wait, or `nil` when not waiting.
    func remaining(now: Date = Date()) -> Double? {
        until.withLock { $0.map { $0.timeIntervalSince(now) }.flatMap { $0 > 0 ? $0 : nil } }
    }
}
