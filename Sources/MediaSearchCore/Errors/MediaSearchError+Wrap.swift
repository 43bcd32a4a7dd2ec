extension MediaSearchError {
    /// Any error as a ``MediaSearchError``: cancellation becomes ``cancelled``, unknown errors ``network(underlying:)``.
    public static func wrap(_ error: any Error) -> MediaSearchError {
        if let error = error as? MediaSearchError { return error }
        if error is CancellationError { return .cancelled }
        return .network(underlying: error)
    }
}
