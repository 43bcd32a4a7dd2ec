import Foundation
import MediaSearchKit

/// A provider that is a program in any language (`mediasearch-provider-<name>` on PATH, or
/// `providers.<name>: {type: command, command: [...]}`), spoken to in JSON over stdin and stdout:
/// `describe`, `search` and `lookup` (Schemas/provider-*.schema.json).
///
/// Whatever the program does (crash, hang past the deadline, print garbage or too much, write
/// to stderr) costs its own answer only, said in one line.
public struct CommandProvider: MediaProvider, DetailRenderer {
    /// The program and the arguments before the verb.
    public let command: [String]
    public let kind: String
    public let displayName: String
    /// The kind of media its results are, e.g. `book`.
    public let mediaKind: String
    public let filters: [FilterSpec]
    public let supportsPaging: Bool
    /// Seconds one run may take.
    public let timeout: Double
    /// The term its description names for `providers check`, cleaned to one short line.
    public var exampleTerm: String? = nil

    /// The largest answer read from a program.
    static let maxAnswerBytes = 8 * 1_048_576

    /// Asks the program to describe itself (`<command> describe`).
    /// - Throws: ``MediaSearchError`` saying what went wrong, in one line.
    public static func describe(name: String, command: [String], timeout: Double = 5) async throws -> CommandProvider {
        CommandProvider(
            name: name, command: command,
            description: try await askDescription(name: name, command: command, timeout: timeout),
            timeout: timeout)
    }

    /// The program's answer to `describe`.
    static func askDescription(name: String, command: [String], timeout: Double) async throws -> Description {
        try await Self.ask(command, verb: "describe", input: Data("{}".utf8), name: name, timeout: timeout)
    }

    public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        let request = SearchRequestBody(
            term: query.term, limit: query.limit, offset: query.offset, country: query.country, lang: query.lang,
            explicit: query.explicit, filters: query.filters.mapValues(\.text),
            baseURL: context.baseURL?.absoluteString)
        let answer: ItemsAnswer = try await Self.ask(
            command, verb: "search", input: try JSONEncoder().encode(request), name: kind,
            timeout: max(context.timeout, timeout), maxItems: query.recordsWorthReading(sourcePages: supportsPaging))
        return items(answer, context: context)
    }

    public func lookup(id: String, context: ProviderContext) async throws -> MediaItem? {
        let answer: ItemsAnswer = try await Self.ask(
            command, verb: "lookup",
            input: try JSONEncoder().encode(LookupRequestBody(id: id, baseURL: context.baseURL?.absoluteString)),
            name: kind,
            timeout: max(context.timeout, timeout))
        return items(answer, context: context).first
    }

    public func tile(for item: MediaItem) -> Tile {
        // A program's own summary is its own words, each a text fact.
        let summary = item.extras["summary"].map { $0.components(separatedBy: "\n").map { Fact.plain("", $0) } }
        return Tile(item: item, kind: kind, facts: summary ?? StandardSections.facts(of: item, media: mediaKind))
    }

    public func detail(for item: MediaItem, context: ProviderContext) async -> Detail {
        StandardSections.detail(of: item, title: displayName, media: mediaKind)
    }

    /// The items of an answer; those without an id or a title are skipped and counted.
    func items(_ answer: ItemsAnswer, context: ProviderContext) -> [MediaItem] {
        let items = answer.items.compactMap { $0.item(kind: mediaKind) }
        let skipped = answer.items.count - items.count
        if skipped > 0 {
            context.report("\(skipped) result\(skipped == 1 ? "" : "s") without an id or a title skipped")
        }
        return items
    }

    /// Runs one verb and decodes its answer; every way a program can fail is one line.
    static func ask<Answer: Decodable>(
        _ command: [String], verb: String, input: Data, name: String, timeout: Double, maxItems: Int = 1_000
    ) async throws -> Answer {
        guard let program = command.first else { throw MediaSearchError.unavailable("no command to run") }
        guard let executable = resolve(program) else {
            throw MediaSearchError.unavailable("cannot run \(program): not found on PATH")
        }
        let output: ProcessRunner.Output
        do {
            output = try await ProcessRunner.run(
                executable, arguments: Array(command.dropFirst()) + [verb], input: input, timeout: timeout,
                maxBytes: maxAnswerBytes)
        } catch ProcessRunner.Failure.cannotStart(let why) {
            throw MediaSearchError.unavailable("cannot run \(executable): \(why)")
        } catch ProcessRunner.Failure.timedOut {
            throw MediaSearchError.timedOut(seconds: timeout, source: name)
        } catch ProcessRunner.Failure.tooLarge(let limit) {
            throw MediaSearchError.responseTooLarge(limit: limit, source: name)
        } catch ProcessRunner.Failure.cancelled {
            throw CancellationError()
        }
        guard output.status == 0 else {
            let said = lastLine(output.stderr).map { ": \($0)" } ?? ""
            throw MediaSearchError.unavailable("\(verb) exited with status \(output.status)\(said)")
        }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[ItemsAnswer.maxItems] = maxItems
            return try decoder.decode(Answer.self, from: output.stdout)
        } catch {
            throw MediaSearchError.malformedResponse(
                "the \(verb) answer is not the expected JSON object", source: name)
        }
    }

    /// A program's path: as given when it names a path, else the first executable of that name
    /// on PATH, as a shell would find it.
    static func resolve(_ program: String) -> String? {
        if program.contains("/") { return program }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = (String(directory) as NSString).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The last non-empty line a program wrote, cleaned for one line of ours.
    static func lastLine(_ data: Data) -> String? {
        String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).last.map {
            String(TextSanitizer.line(String($0)).prefix(200))
        }
    }

    // MARK: the protocol's documents

    struct Description: Codable, Sendable, Equatable {
        struct Filter: Codable, Sendable, Equatable {
            var name: String
            var help: String?
        }
        var kind: String?
        var displayName: String?
        var filters: [Filter]?
        var paging: Bool?
        var example: String?
    }

    struct SearchRequestBody: Encodable {
        var term: String
        var limit: Int
        var offset: Int
        var country: String
        var lang: String?
        var explicit: Bool
        var filters: [String: String]
        /// Where `providers.<name>.base_url` or `$MEDIASEARCH_<NAME>_URL` moves the program's
        /// source; left out when neither does.
        var baseURL: String?

        enum CodingKeys: String, CodingKey {
            case term, limit, offset, country, lang, explicit, filters
            case baseURL = "base_url"
        }
    }

    struct LookupRequestBody: Encodable {
        var id: String
        var baseURL: String?

        enum CodingKeys: String, CodingKey {
            case id
            case baseURL = "base_url"
        }
    }

    /// An answer's items: the first `maxItems` (the decoder's ``maxItems`` setting) of its list
    /// are decoded, and the rest left as text (S13: a 6.6 MB answer of 250,000 items once cost
    /// 3.6 s and 236 MB).
    struct ItemsAnswer: Decodable {
        var items: [ExternalItem]

        static let maxItems = CodingUserInfoKey(rawValue: "mediasearch.maxItems")!

        enum CodingKeys: String, CodingKey { case items }

        init(from decoder: any Decoder) throws {
            let limit = decoder.userInfo[Self.maxItems] as? Int ?? .max
            var list = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .items)
            items = []
            while !list.isAtEnd, items.count < limit { items.append(try list.decode(ExternalItem.self)) }
        }
    }
}

extension CommandProvider {
    /// The provider a description makes; an empty one (a program not asked yet) makes a provider
    /// named after the program, with no filters.
    init(name: String, command: [String], description answer: Description, timeout: Double) {
        // The program applies its own filters; the engine has nothing to check again. Help is
        // one line of the program's words, cleaned.
        let filters = (answer.filters ?? []).map { filter in
            FilterSpec(
                name: filter.name, help: TextSanitizer.line(filter.help ?? "").prefix(200).description,
                matches: { _, _ in true })
        }
        let shownName = answer.displayName.map { TextSanitizer.line($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let mediaKind = answer.kind.flatMap { ExternalProviders.isValidName($0) ? $0 : nil }
        self.init(
            command: command, kind: name, displayName: shownName ?? name.prefix(1).uppercased() + name.dropFirst(),
            mediaKind: mediaKind ?? name, filters: filters, supportsPaging: answer.paging ?? false, timeout: timeout)
        exampleTerm = answer.example.map { String(TextSanitizer.line($0).prefix(100)) }.flatMap {
            $0.isEmpty ? nil : $0
        }
    }
}
