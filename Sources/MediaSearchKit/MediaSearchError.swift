import Foundation

/// Everything that can go wrong in MediaSearch, each case with one sentence for the user.
public enum MediaSearchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The source refused the request itself; the value is its own message.
    case badRequest(String, source: String = "the source")
    /// The source answered 403 or 429, or said so in its own way: the client went over its rate limit.
    case rateLimited(status: Int, source: String = "the source")
    /// The source answered with another unexpected status.
    case httpStatus(Int, source: String = "the source")
    /// The answer could not be read; the value says why.
    case malformedResponse(String, source: String = "the source")
    /// The answer was larger than the client accepts.
    case responseTooLarge(limit: Int, source: String = "the source")
    /// The source answered with a redirect that is not followed; the value says why.
    case badRedirect(String, source: String = "the source")
    /// The request did not complete in time.
    case timedOut(seconds: Double, source: String = "the source")
    /// A provider (of any source) did not finish within its deadline.
    case deadlineExceeded(seconds: Double)
    /// The request failed below HTTP (no connection, reset, DNS...): why, in words, and whether
    /// the request never left this machine (so the source never saw it).
    case network(String, neverSent: Bool = false)
    /// A provider's source cannot answer now, in the provider's own words (a missing file, a
    /// program that crashed): counted as unavailability, like a network failure.
    case unavailable(String)
    /// The local request budget is spent and the caller asked not to wait.
    case budgetExhausted(retryAfter: Double)
    /// The source recently answered 403/429, so requests are held back for a while.
    case coolingDown(remaining: Double, source: String = "the source")
    /// The configuration is wrong: file, line (when known), key and what is wrong.
    case invalidConfig(file: String, line: Int?, key: String?, message: String)
    /// The command line asked for something that cannot be done.
    case usage(String)
    /// No item has the given id.
    case notFound(String)
    /// No list has the given name; the value holds the names of the lists there are.
    case noSuchList(String, lists: [String])
    /// A list of the given name is there already (making or renaming one).
    case listExists(String)
    /// The given list is always there and keeps its name (the starred list): it cannot be renamed
    /// or deleted, only its items changed.
    case listFixed(String)
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
        case .badRequest(let message, let source):
            "\(source) rejected the request: \(TextSanitizer.line(Self.friendly(message)))"
        case .rateLimited(let status, let source):
            "\(source) is rate-limiting this client (HTTP \(status)); try again in a minute"
        case .httpStatus(let status, let source):
            "\(source) answered HTTP \(status)"
        case .malformedResponse(let reason, let source):
            "unreadable answer from \(source): \(reason)"
        case .responseTooLarge(let limit, let source):
            "the answer from \(source) is larger than \(limit / 1_048_576) MiB; refused"
        case .badRedirect(let reason, let source):
            "\(source) answered with \(reason)"
        case .timedOut(let seconds, let source):
            "no answer from \(source) within \(Self.seconds(seconds))"
        case .deadlineExceeded(let seconds):
            "no answer within \(Self.seconds(seconds))"
        case .network(let reason, _):
            "network error: \(reason)"
        case .unavailable(let message):
            TextSanitizer.line(message)
        case .budgetExhausted(let retryAfter):
            "the request budget is spent; next request possible in \(Self.seconds(retryAfter))"
        case .coolingDown(let remaining, let source):
            "\(source) rate-limited this client recently; holding requests back for another \(Self.seconds(remaining))"
        case .invalidConfig(let file, let line, let key, let message):
            "\(file)\(line.map { ":\($0)" } ?? ""): \(key.map { "\($0): " } ?? "")\(message)"
        case .usage(let message):
            message
        case .notFound(let id):
            "nothing found with id \(id)"
        case .noSuchList(let name, let lists):
            lists.isEmpty
                ? "there is no list '\(name)', and no lists yet"
                : "there is no list '\(name)'; the lists are: \(lists.joined(separator: ", "))"
        case .listExists(let name):
            "there is a list '\(name)' already"
        case .listFixed(let name):
            "the list '\(name)' is always there and keeps its name: star and unstar change what it holds"
        case .storage(let path, let message):
            "\(path): \(message)"
        case .cannotOpen(let message):
            message
        case .offline:
            "not available offline"
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
        case .httpStatus(let status, _): status >= 500
        default: false
        }
    }

    /// Whether the source could not be reached or would not answer now (network, rate limit,
    /// spent budget, time-outs, server errors), as opposed to refusing the request itself: the
    /// failures that make a search fall back to the offline library.
    public var isUnavailability: Bool {
        switch self {
        case .budgetExhausted, .coolingDown, .responseTooLarge, .malformedResponse, .badRedirect, .unavailable: true
        default: isTransient
        }
    }

    /// Turns `Invalid value(s) for key(s): [country]` into `invalid value for country`.
    public static func friendly(_ message: String) -> String {
        let prefix = "Invalid value(s) for key(s): "
        guard message.hasPrefix(prefix) else { return message }
        let keys = message.dropFirst(prefix.count).trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
        return "invalid value for \(keys)"
    }

    static func seconds(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f s", value) : "\(Int(value.rounded())) s"
    }

    /// Whether the request never left this machine: no connection could be made (refused, no
    /// route, no network), so the source never saw it.
    public var neverSent: Bool {
        if case .network(_, let neverSent) = self { return neverSent }
        return false
    }

    /// Any error as a ``MediaSearchError``: cancellation becomes ``cancelled``; any other error,
    /// one the provider did not classify, ``unavailable(_:)`` in its own words.
    public static func wrap(_ error: any Error) -> MediaSearchError {
        if let error = error as? MediaSearchError { return error }
        if error is CancellationError { return .cancelled }
        if let described = error as? any LocalizedError, let text = described.errorDescription {
            return .unavailable(text)
        }
        return .unavailable(String(describing: error))
    }
}
