import Foundation
import MediaSearchCore
import MediaSearchKit

extension Texts {
    /// A failure in this language: the engine's sentence (``MediaSearchError/description``) from
    /// the catalog's `failure.*` keys. What a source or a program said (its own message, the
    /// reason a network call failed) stays in its words; so do the failures whose whole sentence
    /// is someone else's (a program's message, a config file's line).
    func failure(_ error: MediaSearchError) -> String {
        switch error {
        case .badRequest(let message, let source):
            self(
                "failure.badRequest",
                ["source": name(source), "reason": TextSanitizer.line(MediaSearchError.friendly(message))])
        case .rateLimited(let status, let source):
            self("failure.rateLimited", ["source": name(source), "status": String(status)])
        case .httpStatus(let status, let source):
            self("failure.httpStatus", ["source": name(source), "status": String(status)])
        case .malformedResponse(let reason, let source):
            self("failure.malformed", ["source": name(source), "reason": reason])
        case .responseTooLarge(let limit, let source):
            self("failure.tooLarge", ["source": name(source), "size": String(limit / 1_048_576)])
        case .badRedirect(let reason, let source):
            self("failure.redirect", ["source": name(source), "reason": reason])
        case .timedOut(let seconds, let source):
            self("failure.timedOut", ["source": name(source), "seconds": self.seconds(seconds)])
        case .deadlineExceeded(let seconds):
            self("failure.deadline", ["seconds": self.seconds(seconds)])
        case .network(let reason, _):
            self("failure.network", ["reason": reason])
        case .budgetExhausted(let retryAfter):
            self("failure.budget", ["seconds": self.seconds(retryAfter)])
        case .coolingDown(let remaining, let source):
            self("failure.coolingDown", ["source": name(source), "seconds": self.seconds(remaining)])
        case .notFound(let id):
            self("failure.notFound", ["id": TextSanitizer.line(id)])
        case .noSuchList(let name, let lists):
            lists.isEmpty
                ? self("failure.noLists", ["name": TextSanitizer.line(name)])
                : self(
                    "failure.noSuchList",
                    [
                        "name": TextSanitizer.line(name),
                        // The starred list by its name in the page's words, as the Lists page says it.
                        "lists": lists.map { $0 == ListName.starred ? self("lists.starred") : TextSanitizer.line($0) }
                            .joined(separator: ", "),
                    ])
        case .listExists(let name):
            self("failure.listExists", ["name": TextSanitizer.line(name)])
        case .listFixed(let name):
            self(
                "failure.listFixed",
                ["name": name == ListName.starred ? self("lists.starred") : TextSanitizer.line(name)])
        case .offline:
            self("failure.offline")
        case .cancelled:
            self("failure.cancelled")
        case .unavailable, .invalidConfig, .usage, .storage, .cannotOpen:
            error.description
        }
    }

    /// A request's problem in this language.
    func problem(_ bad: BadRequest) -> String { self(bad.key, bad.values) }

    /// A source's name; the engine's stand-in for an unnamed one is said in this language.
    private func name(_ source: String) -> String {
        source == "the source" ? self("failure.theSource") : TextSanitizer.line(source)
    }

    /// Seconds as the engine words them (one decimal under ten), with this language's mark.
    private func seconds(_ value: Double) -> String {
        guard value.isFinite else { return self("unit.seconds", ["n": "?"]) }
        var number = value < 10 ? String(format: "%.1f", max(value, 0)) : String(Int(min(value, 1e9).rounded()))
        if code == "ru" { number = number.replacingOccurrences(of: ".", with: ",") }
        return self("unit.seconds", ["n": number])
    }
}
