import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// `mediasearch providers check <name>`: the conformance suite every built-in source passes in
/// the tests (``Conformance``), run against a live source: a described one, a program, any
/// provider of this binary. Each check prints one line; the exit code is 0 when none failed.
///
/// The checks ask the source itself, never the response cache, and keep to its request budget;
/// they record no history, no last results and nothing in the library. The HTTP faults the test
/// suite adds (4xx, 5xx, garbage, a time-out) need a server that misbehaves on purpose, so they
/// are the test suite's alone.
struct ProvidersCheckCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that a source keeps the provider contract, against the live source.",
        discussion: """
            Runs the checks every built-in source passes: \(Conformance.checks.joined(separator: ", ")).
            A source is named as in kinds: (a provider, or a source for each of its providers).

            Each provider is searched for its own example term (a described source's `example:`, a
            program's `example`), or for --term.

            Examples:
              mediasearch providers check tv
              mediasearch providers check shows --term "silicon valley"
              mediasearch providers check gutenberg --format json
            """)

    @Argument(help: "The provider or source to check, e.g. shows.")
    var name: String

    @Option(name: .long, help: "A term the source finds something for (default: its own example).")
    var term: String?

    @OptionGroup var common: CommonOptions

    /// The exit code when a check failed.
    static let failedStatus: Int32 = 1

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        var configuration = try environment.loadConfiguration(explicitPath: common.config)
        // The source itself, every time: no cache, nothing kept.
        configuration.cacheEnabled = false
        configuration.libraryEnabled = false
        let all = environment.providers(configuration)
        let word = name.lowercased()
        // A kind, a source, or a kind of media (`book`), as `kinds:` and `--kind` take them.
        let checked = Configuration.providers(named: word, in: all)
        guard !checked.isEmpty else {
            throw MediaSearchError.usage(DidYouMean.unknownKind(word, known: Configuration.names(of: all)))
        }
        let given = self.term?.trimmingCharacters(in: .whitespacesAndNewlines)
        if given?.isEmpty == true { throw MediaSearchError.usage("--term must not be empty") }
        // Each provider's own example unless a term is given; one without says how to give one.
        var terms: [String] = []
        for provider in checked {
            guard let term = given ?? provider.exampleTerm?.trimmingCharacters(in: .whitespacesAndNewlines),
                !term.isEmpty
            else {
                throw MediaSearchError.usage(
                    "\(provider.kind) names no example term: give one with --term, or add one to its description (example: in config.yaml, \"example\" in a program's describe answer)"
                )
            }
            terms.append(term)
        }
        var session = try await environment.session(configuration)
        session.recordsHistory = false
        session.savesLastResults = false
        var reports: [Report] = []
        for (provider, term) in zip(checked, terms) {
            environment.console.notice("checking \(provider.kind) with '\(TextSanitizer.line(term))'…")
            let results = await Conformance(term: term).run(provider, in: session)
            reports.append(Report(provider: provider.kind, results: results))
        }
        switch common.document {
        case .json:
            environment.console.out(try JSONOutput.encode(reports.count == 1 ? [reports[0]] : reports))
        case .text:
            var lines: [String] = []
            for report in reports {
                let name = TextSanitizer.line(report.provider)
                for result in report.results {
                    switch result.outcome {
                    case .passed: lines.append("ok    \(name): \(result.check)")
                    case .failed(let why):
                        lines.append("FAIL  \(name): \(result.check): \(TextSanitizer.line(why))")
                    case .skipped(let why):
                        lines.append("skip  \(name): \(result.check): \(TextSanitizer.line(why))")
                    }
                }
                let failed = report.results.filter(\.failed).count
                let skipped = report.results.filter { if case .skipped = $0.outcome { true } else { false } }.count
                let ran = report.results.count - skipped
                // Counted against every check there is, so the line agrees with those above it.
                let summary =
                    failed == 0
                    ? "passed (\(ran) checks\(skipped > 0 ? ", \(skipped) skipped" : ""))"
                    : "\(failed) of \(report.results.count) checks failed\(skipped > 0 ? " (\(skipped) skipped)" : "")"
                lines.append("\(name): \(summary)")
            }
            environment.console.out(lines.joined(separator: "\n") + "\n")
        }
        return reports.contains { $0.results.contains(where: \.failed) } ? Self.failedStatus : ExitStatus.success
    }

    /// One provider's checks, as `--format json` writes them.
    struct Report: Encodable {
        var provider: String
        var results: [Conformance.Result]

        enum CodingKeys: String, CodingKey { case provider, checks }
        enum CheckKeys: String, CodingKey { case check, outcome, detail }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(provider, forKey: .provider)
            var list = c.nestedUnkeyedContainer(forKey: .checks)
            for result in results {
                var entry = list.nestedContainer(keyedBy: CheckKeys.self)
                try entry.encode(result.check, forKey: .check)
                switch result.outcome {
                case .passed:
                    try entry.encode("passed", forKey: .outcome)
                    try entry.encodeNil(forKey: .detail)
                case .failed(let why):
                    try entry.encode("failed", forKey: .outcome)
                    try entry.encode(TextSanitizer.line(why), forKey: .detail)
                case .skipped(let why):
                    try entry.encode("skipped", forKey: .outcome)
                    try entry.encode(TextSanitizer.line(why), forKey: .detail)
                }
            }
        }
    }
}
