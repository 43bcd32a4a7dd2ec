import MediaSearchCore
import Synchronization
import TestSlots
import Testing

/// The process's one clock for deadlines: alarms ring in time order, a stopped one never rings,
/// an alarm set earlier than the one the clock sleeps for is not kept waiting behind it, and an
/// alarm that asks to ring again does. Each test has its own clock, so they do not see each
/// other's alarms.
@Suite(.slots) struct AlarmsTests {
    /// Waits until `condition` holds, for up to 10 s (a loaded machine); whether it did.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// A second between the alarms: the test thread would have to stall that long between two
    /// statements for the order to come out wrong on a busy machine.
    @Test func alarmsRingInTimeOrderAndStoppedOnesNever() async {
        let alarms = Alarms()
        let rung = Mutex<[String]>([])
        let now = ContinuousClock.now
        let stopped = alarms.set(at: now + .milliseconds(1_000)) {
            rung.withLock { $0.append("stopped") }
            return nil
        }
        alarms.stop(stopped)
        _ = alarms.set(at: now + .milliseconds(2_000)) {
            rung.withLock { $0.append("late") }
            return nil
        }
        _ = alarms.set(at: now + .milliseconds(1_000)) {
            rung.withLock { $0.append("early") }
            return nil
        }
        // The stopped alarm was due before "late": had it rung, it would be in the list by then.
        #expect(await eventually { rung.withLock { $0.contains("late") } })
        #expect(rung.withLock { $0 } == ["early", "late"])
        #expect(alarms.count == 0)
    }

    /// The clock sleeps for an alarm an hour away; one set for 50 ms must still ring then.
    @Test func anEarlierAlarmWakesTheClockSooner() async {
        let alarms = Alarms()
        let rang = Mutex<ContinuousClock.Instant?>(nil)
        let later = alarms.set(at: .now + .seconds(3600)) { nil }
        let start = ContinuousClock.now
        _ = alarms.set(at: start + .milliseconds(50)) {
            rang.withLock { $0 = .now }
            return nil
        }
        #expect(await eventually { rang.withLock { $0 } != nil })
        let after = rang.withLock { $0 }.map { $0 - start } ?? .seconds(99)
        #expect(
            after >= .milliseconds(50) && after < .seconds(10),
            "never early; late by at most a speed bound, wide (10 s for a 50 ms alarm): \(after)")
        #expect(alarms.count == 1)
        alarms.stop(later)
        #expect(alarms.count == 0)
    }

    @Test func anAlarmThatAsksToRingAgainDoes() async {
        let alarms = Alarms()
        let rings = Mutex(0)
        _ = alarms.set(at: .now + .milliseconds(20)) {
            let count = rings.withLock { count in
                count += 1
                return count
            }
            return count < 3 ? .now + .milliseconds(20) : nil
        }
        #expect(await eventually { rings.withLock { $0 } == 3 })
        #expect(await eventually { alarms.count == 0 })
        try? await Task.sleep(for: .milliseconds(100))
        #expect(rings.withLock { $0 } == 3)
    }

    /// Thousands of alarms set and stopped before they are due, as thousands of answered searches
    /// do: none rings, and the heap of their times does not keep them all.
    @Test func alarmsStoppedBeforeTheyAreDueLeaveNothingBehind() async {
        let alarms = Alarms()
        let rung = Mutex(0)
        for _ in 0..<10_000 {
            let id = alarms.set(at: .now + .seconds(60)) {
                rung.withLock { $0 += 1 }
                return nil
            }
            alarms.stop(id)
        }
        #expect(alarms.count == 0)
        #expect(alarms.pendingTimes <= 64)
        #expect(rung.withLock { $0 } == 0)
    }
}
