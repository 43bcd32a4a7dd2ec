import Synchronization

/// One clock for every deadline of the process: an alarm is an entry in a heap, and a single
/// sleeping task wakes for the earliest one.
///
/// A deadline that sleeps in a task of its own costs a task, a timer registered with the
/// dispatcher and, when it is cancelled, a wake-up of that dispatcher: four of each per search,
/// for timers that almost never ring. Here setting an alarm is a lock and a heap insertion, and
/// stopping one is a lock and a dictionary removal; the sleeper is replaced only when an alarm
/// is set earlier than the one it sleeps for, and wakes, at worst, for an alarm already stopped.
package final class Alarms: Sendable {
    /// The process's alarms.
    package static let shared = Alarms()

    package init() {}

    package typealias Instant = ContinuousClock.Instant

    private struct Entry {
        /// When it rings; `nil` while it rings.
        var at: Instant?
        let ring: @Sendable () -> Instant?
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        /// Every time an alarm was set for, earliest first; an element whose alarm was stopped or
        /// set again for another time is skipped when it comes up.
        var heap = MinHeap()
        var nextID: UInt64 = 0
        /// When the sleeper wakes, and which sleeper that is.
        var wakes: Instant?
        var sleeper: Task<Void, Never>?
        var generation = 0
    }

    private let state = Mutex(State())

    /// Sets an alarm for `instant`, and returns its number. When it rings, `ring` is called (on
    /// no particular thread) and says when to ring again, if it should.
    package func set(at instant: Instant, _ ring: @escaping @Sendable () -> Instant?) -> UInt64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(at: instant, ring: ring)
            state.heap.insert(instant, id)
            arm(&state)
            return id
        }
    }

    /// Stops an alarm: it does not ring (again) after this returns, unless it is ringing now.
    package func stop(_ id: UInt64) {
        state.withLock { state in
            state.entries[id] = nil
            // Stopped alarms stay in the heap until they come up: when they outnumber the set
            // ones, the heap is made anew.
            if state.heap.count > 64 + 2 * state.entries.count {
                state.heap = MinHeap(state.entries.compactMap { id, entry in entry.at.map { ($0, id) } })
            }
        }
    }

    /// How many alarms are set (for tests).
    package var count: Int { state.withLock { $0.entries.count } }

    /// How many times the heap holds, stopped alarms' included (for tests).
    package var pendingTimes: Int { state.withLock { $0.heap.count } }

    /// Makes sure a sleeper wakes for the earliest alarm: a new one if none sleeps or if the one
    /// sleeping wakes later.
    private func arm(_ state: inout State) {
        guard let (first, _) = state.heap.peek() else { return }
        if let wakes = state.wakes, wakes <= first { return }
        state.sleeper?.cancel()
        state.generation += 1
        state.wakes = first
        let generation = state.generation
        // High priority: ringing is a few microseconds, and a deadline that waits behind a busy
        // pool's other work is a deadline missed (a 50 ms alarm rang seconds late under load).
        state.sleeper = Task.detached(priority: .high) { [self] in
            do { try await Task.sleep(until: first, clock: .continuous) } catch { return }
            ringDue(sleeper: generation)
        }
    }

    /// Rings every alarm that is due, outside the lock, sets again those that ask to be, and
    /// puts a sleeper in place for the next.
    private func ringDue(sleeper generation: Int) {
        let now = ContinuousClock.now
        let due: [(UInt64, @Sendable () -> Instant?)] = state.withLock { state in
            if state.generation == generation {
                state.wakes = nil
                state.sleeper = nil
            }
            var due: [(UInt64, @Sendable () -> Instant?)] = []
            while let (at, id) = state.heap.peek(), at <= now {
                state.heap.removeFirst()
                // Stopped, or set again for another time (its newer element comes up then).
                guard let entry = state.entries[id], entry.at == at else { continue }
                state.entries[id]?.at = nil
                due.append((id, entry.ring))
            }
            arm(&state)
            return due
        }
        for (id, ring) in due {
            let again = ring()
            state.withLock { state in
                guard state.entries[id] != nil else { return }  // stopped while it rang
                if let again {
                    state.entries[id]?.at = again
                    state.heap.insert(again, id)
                    arm(&state)
                } else {
                    state.entries[id] = nil
                }
            }
        }
    }
}

/// A binary min-heap of (instant, alarm number).
private struct MinHeap {
    private var elements: [(Alarms.Instant, UInt64)] = []

    init() {}

    init(_ elements: [(Alarms.Instant, UInt64)]) {
        for element in elements { insert(element.0, element.1) }
    }

    var count: Int { elements.count }

    func peek() -> (Alarms.Instant, UInt64)? { elements.first }

    mutating func insert(_ instant: Alarms.Instant, _ id: UInt64) {
        elements.append((instant, id))
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child].0 < elements[parent].0 else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        guard !elements.isEmpty else { return }
        elements.swapAt(0, elements.count - 1)
        elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < elements.count, elements[left].0 < elements[smallest].0 { smallest = left }
            if right < elements.count, elements[right].0 < elements[smallest].0 { smallest = right }
            if smallest == parent { return }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
