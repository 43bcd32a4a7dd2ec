import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// Everything that can go wrong in MediaSearch, each case with one sentence for the user.
public enum MediaSearchError: Error, Sendable, CustomStringConvertible {
    /// The API answered 400; the associated value is its `errorMessage`.
    case badRequest(String)
    /// The API answered 403 or 429: the client went over Apple's rate limit.
    case rateLimited(status: Int)
    /// The API answered with another unexpected status.
    case httpStatus(Int)
    /// The body could not be read as an iTunes answer; the value says why.
    case malformedResponse(String)
    /// The answer was larger than the client accepts.
    case responseTooLarge(limit: Int)
    /// The API answered with a redirect that is not followed; the value says why.
    case badRedirect(String)
    /// The request did not complete in time.
    case timedOut(seconds: Double)
    /// A provider (of any source) did not finish within its deadline.
    case deadlineExceeded(seconds: Double)
    /// The request failed below HTTP: no connection, reset, DNS...
    case network(underlying: any Error)
    /// The local request budget is spent and the caller asked not to wait.
    case budgetExhausted(retryAfter: Double)
    /// The API recently answered 403/429, so requests are held back for a while.
    case coolingDown(remaining: Double)
    /// The configuration is wrong: file, line (when known), key and what is wrong.
    case invalidConfig(file: String, line: Int?, key: String?, message: String)
    /// The command line asked for something that cannot be done.
    case usage(String)
    /// No item has the given id.
    case notFound(String)
    /// A local file (history, state, cache) could not be read or written.
    case storage(path: String, message: String)
    /// Nothing on this machine can open a link or play a preview; the value says what to do.
    case cannotOpen(String)
    /// The network is not used (`--offline`) and nothing cached or kept answers.
    case offline
    /// The operation was cancelled (Ctrl-C).
    case cancelled

    /// One sentence for the user.
    public var description: String {
        switch self {
        case .badRequest(let message):
            "iTunes rejected the request: \(TextSanitizer.line(Self.friendly(message)))"
        case .rateLimited(let status):
            "iTunes is rate-limiting this client (HTTP \(status)); try again in a minute"
        case .httpStatus(let status):
            "iTunes answered HTTP \(status)"
        case .malformedResponse(let reason):
            "unreadable answer from iTunes: \(reason)"
        case .responseTooLarge(let limit):
            "the answer from iTunes is larger than \(limit / 1_048_576) MiB; refused"
        case .badRedirect(let reason):
            "iTunes answered with \(reason)"
        case .timedOut(let seconds):
            "no answer from iTunes within \(Self.seconds(seconds))"
        case .deadlineExceeded(let seconds):
            "no answer within \(Self.seconds(seconds))"
        case .network(let underlying):
            "network error: \(Self.networkReason(underlying))"
        case .budgetExhausted(let retryAfter):
            "the request budget is spent; next request possible in \(Self.seconds(retryAfter))"
        case .coolingDown(let remaining):
            "iTunes rate-limited this client recently; holding requests back for another \(Self.seconds(remaining))"
        case .invalidConfig(let file, let line, let key, let message):
            "\(file)\(line.map { ":\($0)" } ?? ""): \(key.map { "\($0): " } ?? "")\(message)"
        case .usage(let message):
            message
        case .notFound(let id):
            "nothing found with id \(id)"
        case .storage(let path, let message):
            "\(path): \(message)"
        case .cannotOpen(let message):
            message
        case .offline:
            "not available offline (--offline uses no network)"
        case .cancelled:
            "cancelled"
        }
    }

    /// What the failure is, without the numbers that differ between two providers hit by the same
    /// cause (seconds left of one cool-down); a 403/429 and the cool-down it starts are one cause.
    public var cause: String {
        switch self {
        case .budgetExhausted: "budget"
        case .coolingDown, .rateLimited: "rate limit"
        default: description
        }
    }

    /// Whether a retry may succeed: rate limits, server errors, resets and time-outs.
    public var isTransient: Bool {
        switch self {
        case .rateLimited, .timedOut, .deadlineExceeded, .network: true
        case .httpStatus(let status): status >= 500
        default: false
        }
    }

    /// Whether the source could not be reached or would not answer now (network, rate limit,
    /// spent budget, time-outs, server errors), as opposed to refusing the request itself: the
    /// failures that make a search fall back to the offline library.
    public var isUnavailability: Bool {
        switch self {
        case .budgetExhausted, .coolingDown, .responseTooLarge, .malformedResponse, .badRedirect: true
        default: isTransient
        }
    }

    /// Turns `Invalid value(s) for key(s): [country]` into `invalid value for country`.
    static func friendly(_ message: String) -> String {
        let prefix = "Invalid value(s) for key(s): "
        guard message.hasPrefix(prefix) else { return message }
        let keys = message.dropFirst(prefix.count).trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
        return "invalid value for \(keys)"
    }

    static func seconds(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f s", value) : "\(Int(value.rounded())) s"
    }

    /// Whether the request never left this machine: no connection could be made (refused, no
    /// route, no network), so the API never saw it.
    public var neverSent: Bool {
        guard case .network(let underlying) = self else { return false }
        if underlying is NIOConnectionError { return true }
        if let ioError = underlying as? IOError {
            return [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, ENETDOWN].contains(ioError.errnoCode)
        }
        if let urlError = underlying as? URLError {
            return [.cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed].contains(
                urlError.code)
        }
        return false
    }

    private static func networkReason(_ error: any Error) -> String {
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .remoteConnectionClosed: return "the connection was lost"
            case .connectTimeout: return "could not connect to the server in time"
            default: return String(describing: clientError)
            }
        }
        if error is NIOConnectionError { return "could not connect to the server" }
        if let ioError = error as? IOError {
            // The system call and errno number mean nothing to a user; what happened does.
            switch ioError.errnoCode {
            case ECONNREFUSED: return "could not connect to the server"
            case ECONNRESET: return "the server reset the connection"
            case EPIPE: return "the connection was closed while sending"
            case ENETUNREACH, EHOSTUNREACH: return "the network is unreachable"
            case ETIMEDOUT: return "the connection timed out"
            default: return String(cString: strerror(ioError.errnoCode)).lowercased()
            }
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cannotConnectToHost: return "could not connect to the server"
            case .networkConnectionLost: return "the connection was lost"
            case .cannotFindHost, .dnsLookupFailed: return "the server's name could not be resolved"
            case .notConnectedToInternet: return "not connected to the internet"
            case .secureConnectionFailed: return "the secure connection failed"
            default: return urlError.localizedDescription
            }
        }
        return String(describing: error)
    }
}
