import Foundation
import MediaSearchKit
import Synchronization

/// The contract every source keeps, checked the same way for each: the conformance suite that
/// `swift test` runs over every built-in source and the guide's examples, and that
/// `mediasearch providers check <name>` runs against a live one.
///
/// Each check drives the provider as the engine does (``SearchEngine``'s paging and filters, the
/// one stage of ``ItemRules``), through a session's transports (cache off, the source's budget
/// kept), and says what it found:
/// - **search**: the term finds something; every item has an id and a title, ids are unique, the
///   tile is the provider's own, numbers are in range and links are http(s).
/// - **paging**: the second page repeats no item of the first.
/// - **lookup**: a listed id looks up to the same item; **not found**: an unknown id is `nil` (or
///   "not found"), never another error.
/// - **explicit**: with explicit content off the source answers, with items as valid as ever (the
///   engine's rule leaves out those marked explicit).
/// - **hostile text**: bidirectional overrides, control characters, markup, a path, 500 letters
///   and placeholders as the term each end in results or in one line of error, never anything else.
/// - **extreme numbers**: a limit of 1, the largest limit and an offset of 100,000 end in valid
///   results or one line of error, never a hang (the engine shows at most the limit asked, whatever
///   a source gives).
/// - **cancellation**: a cancelled search stops within seconds.
/// - **several at once**: four searches at once (different limits) all answer.
public struct Conformance: Sendable {
    /// What one check found.
    public enum Outcome: Sendable, Hashable {
        case passed
        case failed(String)
        case skipped(String)
    }

    /// One check and its outcome.
    public struct Result: Sendable, Hashable {
        public var check: String
        public var outcome: Outcome

        /// Whether the check failed.
        public var failed: Bool {
            if case .failed = outcome { return true }
            return false
        }
    }

    /// The names of the checks, in the order they run.
    public static let checks = [
        "search", "paging", "lookup", "not found", "explicit", "hostile text", "extreme numbers", "cancellation",
        "several at once",
    ]

    /// Terms no source should trip over.
    public static let hostileTerms = [
        "\u{202E}evil\u{202C} \u{7}\u{1B}[31mred", "<script>alert(1)</script> & 'quotes' \"too\"",
        "../../../etc/passwd", String(repeating: "a", count: 500), "%00%0d%0aX-Injected: yes", "{term} {id} {limit}",
        "😀 ñ 漢字 Ω",
    ]

    /// A term the source finds something for.
    public var term: String
    /// Seconds one search or lookup may take before the check calls it hung.
    public var patience: Double

    public init(term: String, patience: Double = 60) {
        self.term = term
        self.patience = patience
    }

    /// Runs every check against a provider of the session.
    public func run(_ provider: any MediaProvider, in session: SearchSession) async -> [Result] {
        var results: [Result] = []
        func record(_ check: String, _ outcome: Outcome) { results.append(Result(check: check, outcome: outcome)) }

        let first: [MediaItem]
        do {
            first = try await search(provider, session, term: term, limit: 10)
        } catch {
            record("search", .failed("searching '\(term)' failed: \(Self.line(error))"))
            for check in Self.checks.dropFirst() { record(check, .skipped("the search failed")) }
            return results
        }
        if first.isEmpty {
            record("search", .failed("'\(term)' found nothing; give a term the source knows (--term)"))
            for check in Self.checks.dropFirst() { record(check, .skipped("the search found nothing")) }
            return results
        }
        record("search", Self.problem(in: first, provider: provider).map(Outcome.failed) ?? .passed)
        record("paging", await paging(provider, session))
        record("lookup", await lookup(provider, session, listed: first[0]))
        record("not found", await notFound(provider, session))
        record("explicit", await explicit(provider, session))
        record("hostile text", await hostile(provider, session))
        record("extreme numbers", await extremes(provider, session))
        record("cancellation", await cancellation(provider, session))
        record("several at once", await together(provider, session, expected: first))
        return results
    }

    // MARK: the checks

    func paging(_ provider: any MediaProvider, _ session: SearchSession) async -> Outcome {
        do {
            let one = try await search(provider, session, term: term, limit: 2, offset: 0)
            guard one.count == 2 else { return .skipped("the first page of 2 has \(one.count): nothing to page") }
            let two = try await search(provider, session, term: term, limit: 2, offset: 2)
            let repeated = Set(one.map(\.id)).intersection(two.map(\.id))
            return repeated.isEmpty
                ? .passed : .failed("page 2 repeats \(repeated.sorted().joined(separator: ", ")) of page 1")
        } catch {
            return .failed("paging failed: \(Self.line(error))")
        }
    }

    func lookup(_ provider: any MediaProvider, _ session: SearchSession, listed: MediaItem) async -> Outcome {
        do {
            let context = session.context(for: provider)
            guard let found = try await bounded({ try await provider.lookup(id: listed.id, context: context) }) else {
                return .failed("the listed id \(listed.id) is not found by lookup")
            }
            return found.id == listed.id ? .passed : .failed("lookup of \(listed.id) answered \(found.id)")
        } catch {
            return .failed("lookup of the listed id \(listed.id) failed: \(Self.line(error))")
        }
    }

    func notFound(_ provider: any MediaProvider, _ session: SearchSession) async -> Outcome {
        let unknown = "mediasearch-conformance-0"
        do {
            let context = session.context(for: provider)
            let found = try await bounded({ try await provider.lookup(id: unknown, context: context) })
            return found == nil ? .passed : .failed("an unknown id (\(unknown)) looked up to \(found?.id ?? "")")
        } catch MediaSearchError.notFound {
            return .passed
        } catch {
            return .failed("an unknown id (\(unknown)) is an error rather than nothing: \(Self.line(error))")
        }
    }

    func explicit(_ provider: any MediaProvider, _ session: SearchSession) async -> Outcome {
        do {
            // A whole page of the largest size a source gives in one request, up to 50: the more
            // items, the likelier an explicit one is among them.
            let limit = min(provider.maximumLimit ?? 50, 50)
            let items = try await search(provider, session, term: term, limit: limit, explicit: false)
            if let shown = items.first(where: { $0.isExplicit == true }) {
                return .failed("\(shown.id) is explicit, shown with explicit content off")
            }
            return Self.problem(in: items, provider: provider).map { .failed("with explicit content off: \($0)") }
                ?? .passed
        } catch {
            return .failed("with explicit content off the search failed: \(Self.line(error))")
        }
    }

    func hostile(_ provider: any MediaProvider, _ session: SearchSession) async -> Outcome {
        for text in Self.hostileTerms {
            let shown = String(TextSanitizer.line(text).prefix(24))
            do {
                let items = try await search(provider, session, term: text, limit: 5)
                if let problem = Self.problem(in: items, provider: provider) {
                    return .failed("searching '\(shown)': \(problem)")
                }
            } catch let error as MediaSearchError {
                if case .deadlineExceeded = error { return .failed("searching '\(shown)' hung: \(error.description)") }
                if error.description.contains("\n") { return .failed("searching '\(shown)': an error of many lines") }
            } catch {
                return .failed("searching '\(shown)' ended in \(type(of: error)): \(error)")
            }
        }
        return .passed
    }

    func extremes(_ provider: any MediaProvider, _ session: SearchSession) async -> Outcome {
        do {
            let one = try await search(provider, session, term: term, limit: 1)
            if let problem = Self.problem(in: one, provider: provider) { return .failed("limit 1: \(problem)") }
            let largest = provider.maximumLimit ?? ResultLimit.range.upperBound
            let many = try await search(provider, session, term: term, limit: largest)
            if let problem = Self.problem(in: many, provider: provider) {
                return .failed("limit \(largest): \(problem)")
            }
        } catch {
            return .failed("a search of limit 1 or the largest failed: \(Self.line(error))")
        }
        do {
            _ = try await search(provider, session, term: term, limit: 5, offset: 100_000)
        } catch let error as MediaSearchError {
            if case .deadlineExceeded = error { return .failed("offset 100000 hung: \(error.description)") }
        } catch {
            return .failed("offset 100000 ended in \(type(of: error))")
        }
        return .passed
    }

    func cancellation(_ provider: any MediaProvider, _ session: SearchSession) async -> Outcome {
        // The provider's own work, with no deadline around it (a deadline returns at once when its
        // caller is cancelled, whatever the work does): it must itself end soon after.
        let configuration = session.configuration
        let query = SearchQuery(
            term: term + " cancelled", limit: 10, country: configuration.country, lang: configuration.lang)
        let context = session.context(for: provider)
        let rules = ItemRules(explicit: true, censorNames: false)
        let ended = Mutex(false)
        let task = Task {
            _ = try? await SearchEngine.ask(provider, query, context: context, rules: rules)
            ended.withLock { $0 = true }
        }
        try? await Task.sleep(for: .milliseconds(20))
        task.cancel()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !ended.withLock({ $0 }), clock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return ended.withLock { $0 } ? .passed : .failed("a cancelled search had not stopped 10 s later")
    }

    func together(_ provider: any MediaProvider, _ session: SearchSession, expected: [MediaItem]) async -> Outcome {
        // Four different requests (limits 7 to 10), so that the engine's sharing of identical
        // requests does not make them one; each must answer, with items of the page it asked.
        let answers = await withTaskGroup(of: (Int, Swift.Result<[MediaItem], MediaSearchError>).self) { group in
            for limit in 7...10 {
                group.addTask {
                    do {
                        return (limit, .success(try await search(provider, session, term: term, limit: limit)))
                    } catch {
                        return (limit, .failure(MediaSearchError.wrap(error)))
                    }
                }
            }
            var all: [(Int, Swift.Result<[MediaItem], MediaSearchError>)] = []
            for await answer in group { all.append(answer) }
            return all
        }
        for (_, answer) in answers {
            switch answer {
            case .failure(let error): return .failed("one of four searches at once failed: \(error.description)")
            case .success(let items):
                if let problem = Self.problem(in: items, provider: provider) {
                    return .failed("four searches at once: \(problem)")
                }
                if items.isEmpty && !expected.isEmpty { return .failed("a search at once found nothing") }
            }
        }
        return .passed
    }

    // MARK: helpers

    /// One search as the engine runs it (its paging, filters and ``ItemRules``), cut to the limit
    /// and bounded by ``patience``.
    public func search(
        _ provider: any MediaProvider, _ session: SearchSession, term: String, limit: Int, offset: Int = 0,
        explicit: Bool = true
    ) async throws -> [MediaItem] {
        let configuration = session.configuration
        let query = SearchQuery(
            term: term, limit: limit, offset: offset, country: configuration.country, lang: configuration.lang,
            explicit: explicit)
        let context = session.context(for: provider, explicit: explicit)
        let rules = ItemRules(explicit: explicit, censorNames: !explicit)
        let items = try await bounded {
            try await SearchEngine.ask(provider, query, context: context, rules: rules)
        }
        return Array(items.prefix(limit))
    }

    /// Work bounded by ``patience``: past it, a time-out error.
    func bounded<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await Deadline.run(seconds: patience, work)
    }

    /// What is wrong with a page of items, or `nil`.
    static func problem(in items: [MediaItem], provider: any MediaProvider) -> String? {
        var seen: Set<String> = []
        for item in items {
            guard !item.id.isEmpty else { return "an item has no id" }
            guard seen.insert(item.id).inserted else { return "the id \(item.id) is listed twice" }
            guard !(item.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return "\(item.id) has no title"
            }
            let tile = provider.tile(for: item)
            guard tile.id == item.id, tile.kind == provider.kind else {
                return "the tile of \(item.id) is \(tile.kind) \(tile.id), not \(provider.kind) \(item.id)"
            }
            if let duration = item.durationMilliseconds, duration < 0 { return "\(item.id) lasts \(duration) ms" }
            if let price = item.price, !price.isFinite || price < 0 { return "\(item.id) costs \(price)" }
            for link in [item.url, item.previewURL, item.artworkURL].compactMap({ $0 }) where SafeURL.http(link) == nil
            {
                return "\(item.id) links to '\(TextSanitizer.line(link).prefix(40))', not an http(s) URL"
            }
            do {
                _ = try JSONEncoder().encode(ResultRecord(tile: tile, item: item))
            } catch {
                return "\(item.id) cannot be written as JSON: \(error)"
            }
        }
        return nil
    }

    static func line(_ error: any Error) -> String { MediaSearchError.wrap(error).description }
}
