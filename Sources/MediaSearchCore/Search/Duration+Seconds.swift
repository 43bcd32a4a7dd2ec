import MediaSearchKit

extension Duration {
    /// The duration in seconds.
    public var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
