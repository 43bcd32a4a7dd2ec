import Foundation
import MediaSearchKit

/// Retries transient failures (5xx, connection resets, time-outs) with exponential backoff and
/// jitter, bounded in attempts and total time. 400 is never retried, and neither are 403/429:
/// Apple's limit is per minute, so retrying within seconds only prolongs the block; the budget
/// layer turns them into a shared cool-down instead.
public struct RetryingTransport: HTTPTransport {
    /// How many times a request is sent at most.
    public var maxAttempts: Int
    /// The first pause; each retry doubles it, with up to 50% random jitter.
    public var baseDelay: Double
    /// Retries stop when this many seconds have passed since the first attempt.
    public var maxTotal: Double
    public var next: any HTTPTransport

    /// Creates a retrying layer over another transport.
    public init(maxAttempts: Int = 3, baseDelay: Double = 0.25, maxTotal: Double = 20, next: any HTTPTransport) {
        self.maxAttempts = max(maxAttempts, 1)
        self.baseDelay = baseDelay
        self.maxTotal = maxTotal
        self.next = next
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        let started = Date()
        var attempt = 1
        while true {
            let outcome: Result<HTTPResponse, any Error>
            do {
                outcome = .success(try await next.get(url, timeout: timeout))
            } catch {
                outcome = .failure(error)
            }
            let delay = baseDelay * pow(2, Double(attempt - 1)) * Double.random(in: 1...1.5)
            let canRetry = attempt < maxAttempts && Date().timeIntervalSince(started) + delay < maxTotal
            switch outcome {
            case .success(let response) where response.status >= 500 && canRetry:
                break
            case .success(let response):
                return response
            case .failure(let error as MediaSearchError) where error.isRetryable && canRetry:
                break
            case .failure(let error):
                throw error
            }
            try await Task.sleep(for: .milliseconds(Int64(delay * 1000)))
            attempt += 1
        }
    }
}

extension MediaSearchError {
    /// Failures worth another attempt: time-outs and broken connections (not rate limits).
    var isRetryable: Bool {
        switch self {
        case .timedOut, .network: true
        default: false
        }
    }
}
