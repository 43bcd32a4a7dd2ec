/// Runs work with an overall time limit, cancelling it when the limit passes.
public enum Deadline {
    /// The work's result, or ``MediaSearchError/timedOut(seconds:)`` after `seconds`.
    public static func run<T: Sendable>(
        seconds: Double, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw MediaSearchError.timedOut(seconds: seconds)
            }
            return value
        }
    }
}
