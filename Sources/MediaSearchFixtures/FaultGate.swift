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

    /// Waits until the gate opens (or a minute has passed, or the request is given up).
    func wait() async {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        while !isOpen.load(ordering: .acquiring) && clock.now < end {
            do { try await Task.sleep(for: .milliseconds(5)) } catch { return }
        }
    }
}
