import Synchronization

/// Where a held answer waits (``Fault/hold(_:)``) until its test opens it: a source that answers
/// exactly when the test says, whatever the machine's speed. A gate nobody opens lets its
/// answers go after a minute, so that a test that forgot it fails instead of hanging.
public final class FaultGate: Sendable {
    private let isOpen = Atomic<Bool>(false)

    /// Creates a shut gate.
    public init() {}

    /// Lets every answer held here go, now and from now on.
    public func open() { isOpen.store(true, ordering: .releasing) }

    /// Whether the gate is open.
    var opened: Bool { isOpen.load(ordering: .acquiring) }

    /// Waits until the gate opens, or `also` does (the server stops), or a minute has passed, or
    /// the request is given up.
    func wait(or also: FaultGate? = nil) async {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        while !opened && also?.opened != true && clock.now < end {
            do { try await Task.sleep(for: .milliseconds(5)) } catch { return }
        }
    }

    /// Sleeps until `deadline`, or until the gate opens, whichever comes first; throws when the
    /// request is given up, as `Task.sleep` does.
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        while !opened, deadline > .now {
            try await Task.sleep(until: min(deadline, .now + .milliseconds(50)), clock: .continuous)
        }
    }
}
