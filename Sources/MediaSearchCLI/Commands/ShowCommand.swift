import ArgumentParser
import Foundation
import MediaSearchCore

/// `mediasearch show`: everything worth knowing about one item (T1-T5).
struct ShowCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the detail of one item: header, facts, author, other works.",
        discussion: """
            Examples:
              mediasearch show 1078111961
              mediasearch show --result 2          # the 2nd tile of the last search
              mediasearch show --result 1 --format json
            """)

    @Argument(help: "The item's iTunes id (the id in search results).")
    var id: String?

    @Option(help: "Open the Nth result of the last search.")
    var result: Int?

    @Option(help: "The kind of the id, for providers whose ids are not iTunes ids.")
    var kind: String?

    @Flag(help: "Show names uncensored even when explicit content is off.")
    var uncensored = false

    @Option(help: "Layout width in columns (default: the terminal's, or $COLUMNS, or 80).")
    var width: Int?

    @OptionGroup var common: CommonOptions
    @OptionGroup var network: NetworkOptions

    func validate() throws {
        guard (id == nil) != (result == nil) else { throw ValidationError("give an id or --result N (one of them)") }
        if let id, kind == nil, Int(id) == nil || id.hasPrefix("-") {
            throw ValidationError("'\(id)' is not an iTunes id (digits); for another source add --kind")
        }
        if let result, result < 1 { throw ValidationError("--result starts at 1") }
        if let width, width < 30 || width > 1000 { throw ValidationError("--width takes 30 to 1000 columns") }
    }

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(explicitPath: common.config)
        let (itemId, itemKind) = try resolveId(environment)
        let context = ProviderContext(
            itunes: environment.makeClient(configuration, options: network), country: configuration.country,
            lang: configuration.lang, explicit: configuration.explicit,
            censorNames: !configuration.explicit && !uncensored)
        let chosen = try itemKind.map { kind throws(MediaSearchError) -> any MediaProvider in
            guard let provider = environment.provider(kind: kind) else {
                throw .usage(
                    "unknown kind '\(kind)' (known: \(environment.providers.map(\.kind).joined(separator: ", ")))")
            }
            return provider
        }
        let found: MediaItem?
        if let stored = LastSearch.load(from: environment.paths.lastSearchFile)?.item(id: itemId, kind: itemKind) {
            // Listed by the last search: its record is at hand, no request for the item itself.
            found = stored.item
        } else if let chosen {
            found = try await chosen.lookup(id: itemId, context: context)
        } else {
            found = try await context.itunes.lookup(
                ITunesLookupParameters(ids: [Int(itemId) ?? 0], country: context.country)
            ).first
        }
        guard let found else { throw MediaSearchError.notFound(itemId) }
        let item = context.censorNames ? found.censored() : found
        let provider = chosen ?? environment.providers.first { $0.accepts(item) && $0.detailRenderer != nil }
        let renderer = provider?.detailRenderer ?? GenericDetailRenderer()
        let detail = await renderer.detail(for: item, context: context)
        if Task.isCancelled { throw MediaSearchError.cancelled }
        let console = environment.console
        switch common.format {
        case .json:
            let document = DetailDocument(
                kind: provider?.kind ?? item.kindLabel.lowercased(), id: item.id, title: item.title ?? "Untitled",
                detail: detail)
            console.out(try JSONOutput.encode(document))
        case .text:
            let layout = DetailLayout(width: min(environment.layoutWidth(width), 120), style: environment.textStyle)
            console.out(layout.render(detail))
        }
        for notice in detail.notices { console.error("\(notice) (section left out)") }
        return detail.notices.isEmpty ? ExitStatus.success : ExitStatus.partial
    }

    /// The id to show and, when known, its kind (from `--kind` or the last search's tile).
    private func resolveId(_ environment: CommandEnvironment) throws -> (String, String?) {
        if let id { return (id, kind) }
        let number = result ?? 1
        guard let last = LastSearch.load(from: environment.paths.lastSearchFile) else {
            throw MediaSearchError.usage("there is no previous search to pick from; run mediasearch search first")
        }
        guard number <= last.entries.count else {
            throw MediaSearchError.usage(
                "there is no result \(number); the last search showed \(last.entries.count) result(s)")
        }
        let entry = last.entries[number - 1]
        return (entry.id, environment.provider(kind: entry.kind) == nil ? nil : entry.kind)
    }
}
