import Foundation
import MediaSearchKit
import Synchronization

/// A transport that asks the budget before every request: it waits for a slot (saying so), or
/// with `noWait` fails at once; it never sends the request that would cross the limit. Time spent
/// waiting for the budget does not count against the caller's ``Deadline``. A request that could
/// not even connect gives its slot back (the API never saw it), so an offline user's retries
/// never make later searches wait.
public struct BudgetedTransport: HTTPTransport {
    public var budget: any BudgetLedger
    public var noWait: Bool
    public var next: any HTTPTransport
    /// Told how long a request waits, e.g. to print it on stderr.
    public var onWait: @Sendable (Double) -> Void

    /// The source's name in messages, e.g. `iTunes`.
    public var source: String

    /// Creates a budgeted layer over another transport.
    public init(
        budget: any BudgetLedger, noWait: Bool, next: any HTTPTransport, source: String = "the source",
        onWait: @escaping @Sendable (Double) -> Void = { _ in }
    ) {
        self.source = source
        self.budget = budget
        self.noWait = noWait
        self.next = next
        self.onWait = onWait
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        let budget = self.budget
        while true {
            let now = Date()
            switch await budget.take(now: now) {
            case .granted:
                let response: HTTPResponse
                do {
                    response = try await next.get(url, timeout: timeout)
                } catch let error as MediaSearchError where error.neverSent {
                    await budget.giveBack(sentAt: now)
                    throw error
                }
                if response.status == 403 || response.status == 429 {
                    await budget.noteRateLimited(now: Date())
                }
                return response
            case .coolingDown(let remaining):
                throw MediaSearchError.coolingDown(remaining: remaining, source: source)
            case .wait(let seconds):
                if noWait { throw MediaSearchError.budgetExhausted(retryAfter: seconds) }
                onWait(seconds)
                let pause = seconds + 0.01
                Deadline.extendCurrent(by: pause)
                try await Task.sleep(for: .milliseconds(Int64(pause * 1000)))
            }
        }
    }
}
