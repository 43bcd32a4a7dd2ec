import Foundation
import MediaSearchKit
import Synchronization

/// The request budget shared by every provider, lookup and process of a user: at most `limit`
/// requests in any rolling minute, plus a cool-down after the API answers 403/429.
///
/// The state lives in one small file in the cache directory, read and written under a lock. The
/// budget is a helper, never a gatekeeper: when the file cannot be written, the budget holds in
/// this process's memory instead (and says so once); a damaged file is reported and reset; times
/// from the future (a clock that moved back, a hand-edited file) are clamped, so they can never
/// block requests for longer than one window or one cool-down.
public struct RequestBudget: Sendable {
    public var path: String
    /// Requests allowed per `window` seconds.
    public var limit: Int
    public var window: Double
    /// Seconds requests are held back after a 403/429.
    public var coolDown: Double
    /// Told about a problem with the state file, e.g. to print it once.
    public var report: @Sendable (String) -> Void

    /// Creates a budget over a state file.
    public init(
        path: String, limit: Int, window: Double = 60, coolDown: Double = 60,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.path = path
        self.limit = max(limit, 1)
        self.window = window
        self.coolDown = coolDown
        self.report = report
    }

    /// What the file keeps: `{"coolDownUntil":<time>,"sent":[<time>,...]}`, times in seconds
    /// since 1970, and, only when more than ``State/exactTimes`` requests are in the window,
    /// `"slices":[[<end>,<count>],...]`. Every network search reads and writes it, so it is
    /// written and (in that shape) read by hand; anything else is left to `JSONDecoder`, as before.
    ///
    /// A budget of a few dozen requests a window (every source we ship: iTunes 20 a minute, Deezer
    /// 50 in 5 s, MusicBrainz one a second) keeps each request's exact time. A generous one (a
    /// user's own source at thousands a minute) would make every request read and rewrite a list
    /// of every request of the window, a cost that grows with the load; beyond ``exactTimes`` the
    /// oldest times are folded into slices of 1/128 of the window, each counted until the end of
    /// its slice. A slice lets its requests go at most 1/128 of the window later than their own
    /// times would, never earlier, so the budget never lets a request cross the limit.
    struct State: Codable, Equatable {
        var sent: [Double] = []
        var coolDownUntil: Double = 0
        /// Older requests, counted together: each slice's end and how many requests it holds.
        var slices: [Slice] = []

        /// How many exact times the file keeps before it folds the oldest into slices.
        static let exactTimes = 64
        /// How many slices a window is cut into when times are folded.
        static let slicesPerWindow = 128.0

        struct Slice: Codable, Equatable {
            var end: Double
            var count: Int

            init(end: Double, count: Int) {
                self.end = end
                self.count = count
            }

            init(from decoder: any Decoder) throws {
                var pair = try decoder.unkeyedContainer()
                end = try pair.decode(Double.self)
                count = try pair.decode(Int.self)
                guard pair.isAtEnd else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a pair"))
                }
            }

            func encode(to encoder: any Encoder) throws {
                var pair = encoder.unkeyedContainer()
                try pair.encode(end)
                try pair.encode(count)
            }
        }

        private enum CodingKeys: String, CodingKey { case sent, coolDownUntil, slices }

        init(sent: [Double] = [], coolDownUntil: Double = 0, slices: [Slice] = []) {
            self.sent = sent
            self.coolDownUntil = coolDownUntil
            self.slices = slices
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sent = try container.decode([Double].self, forKey: .sent)
            coolDownUntil = try container.decode(Double.self, forKey: .coolDownUntil)
            slices = try container.decodeIfPresent([Slice].self, forKey: .slices) ?? []
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(sent, forKey: .sent)
            try container.encode(coolDownUntil, forKey: .coolDownUntil)
            if !slices.isEmpty { try container.encode(slices, forKey: .slices) }
        }

        /// The requests counted in the window that ends at `time`, the older ones dropped. The
        /// sum saturates: counts come from a file.
        mutating func prune(at time: Double, window: Double) -> Int {
            sent.removeAll { $0 <= time - window }
            slices.removeAll { $0.end <= time - window }
            return slices.reduce(sent.count) { total, slice in
                let (sum, overflow) = total.addingReportingOverflow(slice.count)
                return overflow ? .max : sum
            }
        }

        /// Counts a request sent at `time`, folding the oldest exact times into slices when
        /// there are more than ``exactTimes``.
        mutating func record(_ time: Double, window: Double) {
            sent.append(time)
            guard sent.count > Self.exactTimes else { return }
            let width = window / Self.slicesPerWindow
            sent.sort()
            for old in sent.prefix(Self.exactTimes / 2) {
                let end = (old / width).rounded(.down) * width + width
                if let last = slices.indices.last, slices[last].end == end {
                    slices[last].count =
                        slices[last].count.addingReportingOverflow(1).overflow
                        ? .max : slices[last].count + 1
                } else {
                    slices.append(Slice(end: end, count: 1))
                    slices.sort { $0.end < $1.end }
                }
            }
            sent.removeFirst(Self.exactTimes / 2)
        }

        /// Gives back one request sent at `time` when its exact time is kept. One folded into a
        /// slice stays counted: the slice cannot tell it from another process's request (or from
        /// none, when the take was decided in memory), and giving back a slot that was not this
        /// request's could let one more through than the limit. Only the oldest of more than 64
        /// are folded, so a request that just failed to connect is nearly always still exact.
        mutating func forget(_ time: Double) {
            if let index = sent.firstIndex(of: time) { sent.remove(at: index) }
        }

        /// When the first of the counted requests leaves the window.
        func firstExpiry(window: Double) -> Double? {
            [sent.min(), slices.map(\.end).min()].compactMap { $0 }.min().map { $0 + window }
        }

        /// The file's bytes; times JSON cannot hold (infinity, NaN) are written as 0.
        var encoded: Data {
            func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }
            var text =
                "{\"coolDownUntil\":\(number(coolDownUntil)),\"sent\":[\(sent.map(number).joined(separator: ","))]"
            if !slices.isEmpty {
                text += ",\"slices\":[\(slices.map { "[\(number($0.end)),\($0.count)]" }.joined(separator: ","))]"
            }
            return Data((text + "}").utf8)
        }

        /// The state a file holds, `nil` when it is not JSON of this shape.
        static func decode(_ data: Data) -> State? {
            if let state = scan(Array(data)) { return state }
            return try? JSONDecoder().decode(State.self, from: data)
        }

        /// The file as ``encoded`` writes it (any order of keys, any spacing); `nil` for anything
        /// else (escapes, other keys, other values), which ``decode(_:)`` leaves to `JSONDecoder`.
        static func scan(_ bytes: [UInt8]) -> State? {
            var index = 0
            func skipSpace() {
                while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            }
            func take(_ byte: UInt8) -> Bool {
                skipSpace()
                guard index < bytes.count, bytes[index] == byte else { return false }
                index += 1
                return true
            }
            func number() -> Double? {
                skipSpace()
                let start = index
                while index < bytes.count,
                    bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
                        || bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e")
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
                {
                    index += 1
                }
                guard index > start else { return nil }
                return Double(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            var state = State()
            var keys: Set<String> = []
            guard take(UInt8(ascii: "{")) else { return nil }
            repeat {
                guard take(UInt8(ascii: "\"")) else { return nil }
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                    index += 1
                }
                let key = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
                guard take(UInt8(ascii: "\"")), take(UInt8(ascii: ":")), keys.insert(key).inserted else { return nil }
                switch key {
                case "coolDownUntil":
                    guard let value = number() else { return nil }
                    state.coolDownUntil = value
                case "sent":
                    guard take(UInt8(ascii: "[")) else { return nil }
                    if !take(UInt8(ascii: "]")) {
                        repeat {
                            guard let value = number() else { return nil }
                            state.sent.append(value)
                        } while take(UInt8(ascii: ","))
                        guard take(UInt8(ascii: "]")) else { return nil }
                    }
                case "slices":
                    guard take(UInt8(ascii: "[")) else { return nil }
                    if !take(UInt8(ascii: "]")) {
                        repeat {
                            guard take(UInt8(ascii: "[")), let end = number(), take(UInt8(ascii: ",")),
                                let count = number().flatMap({ Int(exactly: $0) }), take(UInt8(ascii: "]"))
                            else { return nil }
                            state.slices.append(Slice(end: end, count: count))
                        } while take(UInt8(ascii: ","))
                        guard take(UInt8(ascii: "]")) else { return nil }
                    }
                default: return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
            skipSpace()
            return index == bytes.count && keys.contains("sent") && keys.contains("coolDownUntil") ? state : nil
        }
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
        update(now: now) { state in decide(&state, now: now) }
    }

    /// Takes a slot for each of several requests, in order, with one read and one write of the
    /// file: what ``acquire(now:)`` called once per time would decide.
    public func acquire(all times: [Date]) -> [Decision] {
        guard let latest = times.max() else { return [] }
        return update(now: latest) { state in times.map { decide(&state, now: $0) } }
    }

    private func decide(_ state: inout State, now: Date) -> Decision {
        let time = now.timeIntervalSince1970
        if state.coolDownUntil > time { return .coolingDown(state.coolDownUntil - time) }
        guard state.prune(at: time, window: window) < limit else {
            return .wait(max((state.firstExpiry(window: window) ?? time + window) - time, 0.05))
        }
        state.record(time, window: window)
        return .granted
    }

    /// Gives back the slot a request took at `sentAt` (its ``acquire(now:)`` time) when it never
    /// left this machine: a connection that could not be made spends none of Apple's allowance.
    public func release(sentAt: Date, now: Date = Date()) {
        update(now: now) { state in state.forget(sentAt.timeIntervalSince1970) }
    }

    /// Records that the API answered 403/429: requests pause for ``coolDown`` seconds, in every process.
    public func markRateLimited(now: Date = Date()) {
        update(now: now) { $0.coolDownUntil = now.timeIntervalSince1970 + coolDown }
    }

    /// The number of requests counted in the current window.
    public func used(now: Date = Date()) -> Int {
        update(now: now) { state in state.prune(at: now.timeIntervalSince1970, window: window) }
    }

    /// Runs a change on the state: in the file under its lock, or in memory when the file fails.
    private func update<T>(now: Date, _ change: (inout State) -> T) -> T {
        do {
            return try AtomicFile.withLock(path) {
                var state = load(now: now)
                let result = change(&state)
                let data = state.encoded
                try AtomicFile.overwrite(data, to: path)
                return result
            }
        } catch {
            if MemoryBudget.noteFallback(path) {
                report(
                    "the request budget cannot be saved (\(MediaSearchError.wrap(error).description)); "
                        + "counting in memory for this run")
            }
            return MemoryBudget.states.withLock { states in
                var state = states[path] ?? State()
                let result = change(&state)
                states[path] = state
                return result
            }
        }
    }

    /// The state from the file, with impossible times clamped; a damaged file is reported and reset.
    private func load(now: Date) -> State {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return State() }
        guard var state = State.decode(data) else {
            report("the request budget file \(path) was damaged; it was reset")
            return State()
        }
        let time = now.timeIntervalSince1970
        state.sent = state.sent.filter(\.isFinite).map { min($0, time) }
        // A slice ends no later than now (its requests were all sent by now, so none leaves the
        // window early, and no wait is longer than one window); a count is at least one and at
        // most the limit; the newest slices of two windows at most are kept.
        state.slices = Array(
            state.slices.filter { $0.end.isFinite && $0.count > 0 }
                .map { State.Slice(end: min($0.end, time), count: min($0.count, limit)) }
                .sorted { $0.end < $1.end }
                .suffix(2 * Int(State.slicesPerWindow)))
        if !state.coolDownUntil.isFinite || state.coolDownUntil > time + coolDown {
            state.coolDownUntil = min(time + coolDown, state.coolDownUntil.isFinite ? state.coolDownUntil : 0)
        }
        return state
    }
}

/// Joins the takes of one process that arrive together (a search's providers all ask at once):
/// while one thread holds the budget file, the takes that arrive wait, and are then decided
/// together under one lock, one read and one write (``JoinedWork``). Without it a four-kind
/// search queued four times at the file lock, and its last request left about 4 ms after its first.
enum BudgetTakes {
    /// A budget is its file and rules.
    private struct Key: Hashable {
        var path: String
        var limit: Int
        var window: Double
        var coolDown: Double
    }

    private static let joined = JoinedWork<Key, Date, RequestBudget.Decision>()

    /// The decision for a request at `now`, taken on the blocking pool together with any others
    /// waiting for the same budget. A pool that has stopped lets the request go, as a budget
    /// file that fails does.
    static func take(_ budget: RequestBudget, now: Date) async -> RequestBudget.Decision {
        let key = Key(path: budget.path, limit: budget.limit, window: budget.window, coolDown: budget.coolDown)
        return await joined.run(key, now, perform: { budget.acquire(all: $0) }, stopped: { _ in .granted })
    }
}
