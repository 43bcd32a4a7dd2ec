import MediaSearchKit

/// Results per kind and request (S4): the one place the range is kept and limits are clamped.
public enum ResultLimit {
    /// What the API accepts.
    public static let range = 1...200

    /// The limit moved into ``range``, and whether it had to be moved.
    public static func clamp(_ value: Int) -> (value: Int, clamped: Bool) {
        let clamped = min(max(value, range.lowerBound), range.upperBound)
        return (clamped, clamped != value)
    }
}
