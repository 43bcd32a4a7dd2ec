import Foundation

/// The request budget shared by every provider, lookup and process of a user: at most `limit`
/// requests in any rolling minute, plus a cool-down after the API answers 403/429.
///
/// The state lives in one small file in the cache directory, read and written under a lock.
public struct RequestBudget: Sendable {
    public var path: String
    /// Requests allowed per `window` seconds.
    public var limit: Int
    public var window: Double
    /// Seconds requests are held back after a 403/429.
    public var coolDown: Double

    /// Creates a budget over a state file.
    public init(path: String, limit: Int, window: Double = 60, coolDown: Double = 60) {
        self.path = path
        self.limit = max(limit, 1)
        self.window = window
        self.coolDown = coolDown
    }

    struct State: Codable {
        var sent: [Double] = []
        var coolDownUntil: Double = 0
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
    public func acquire(now: Date = Date()) throws -> Decision {
        try AtomicFile.withLock(path) {
            var state = load()
            let time = now.timeIntervalSince1970
            if state.coolDownUntil > time { return .coolingDown(state.coolDownUntil - time) }
            state.sent.removeAll { $0 <= time - window }
            guard state.sent.count < limit else {
                return .wait(max((state.sent.min() ?? time) + window - time, 0.05))
            }
            state.sent.append(time)
            try save(state)
            return .granted
        }
    }

    /// Records that the API answered 403/429: requests pause for ``coolDown`` seconds, in every process.
    public func markRateLimited(now: Date = Date()) throws {
        try AtomicFile.withLock(path) {
            var state = load()
            state.coolDownUntil = now.timeIntervalSince1970 + coolDown
            try save(state)
        }
    }

    /// The number of requests counted in the current window.
    public func used(now: Date = Date()) -> Int {
        (try? AtomicFile.withLock(path) { load().sent.filter { $0 > now.timeIntervalSince1970 - window }.count }) ?? 0
    }

    private func load() -> State {
        guard let data = FileManager.default.contents(atPath: path),
            let state = try? JSONDecoder().decode(State.self, from: data)
        else { return State() }
        return state
    }

    private func save(_ state: State) throws {
        try AtomicFile.write(try JSONEncoder().encode(state), to: path)
    }
}

/// A transport that asks the budget before every request: it waits for a slot (saying so), or
/// with `noWait` fails at once; it never sends the request that would cross the limit.
public struct BudgetedTransport: HTTPTransport {
    public var budget: RequestBudget
    public var noWait: Bool
    public var next: any HTTPTransport
    /// Told how long a request waits, e.g. to print it on stderr.
    public var onWait: @Sendable (Double) -> Void

    /// Creates a budgeted layer over another transport.
    public init(
        budget: RequestBudget, noWait: Bool, next: any HTTPTransport,
        onWait: @escaping @Sendable (Double) -> Void = { _ in }
    ) {
        self.budget = budget
        self.noWait = noWait
        self.next = next
        self.onWait = onWait
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        while true {
            switch try budget.acquire() {
            case .granted:
                let response = try await next.get(url, timeout: timeout)
                if response.status == 403 || response.status == 429 { try? budget.markRateLimited() }
                return response
            case .coolingDown(let remaining):
                throw MediaSearchError.coolingDown(remaining: remaining)
            case .wait(let seconds):
                if noWait { throw MediaSearchError.budgetExhausted(retryAfter: seconds) }
                onWait(seconds)
                try await Task.sleep(for: .milliseconds(Int64(seconds * 1000) + 10))
            }
        }
    }
}
