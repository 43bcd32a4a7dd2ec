import Foundation
import MediaSearchKit

/// Turns a finished search into text for people or a JSON document for programs.
public struct SearchOutput: Sendable {
    public var request: SearchRequest
    public var plan: [PlannedSearch]
    public var outcome: SearchOutcome
    /// The results in display order; numbers follow this order.
    public var ordered: [ResultEntry]
    public var page: Int
    public var sort: ResultSort
    public var grouped: Bool
    /// Whether this page repeats the previous one (the API ignored `offset`).
    public var repeatsPrevious: Bool
    /// The command that shows the next page.
    public var commandLine: String
    /// Set when the offline library answered.
    public var offline: OfflineAnswer?

    /// Creates an output.
    public init(
        request: SearchRequest, plan: [PlannedSearch], outcome: SearchOutcome, ordered: [ResultEntry], page: Int,
        sort: ResultSort, grouped: Bool, repeatsPrevious: Bool, commandLine: String, offline: OfflineAnswer? = nil
    ) {
        self.offline = offline
        self.request = request
        self.plan = plan
        self.outcome = outcome
        self.ordered = ordered
        self.page = page
        self.sort = sort
        self.grouped = grouped
        self.repeatsPrevious = repeatsPrevious
        self.commandLine = commandLine
    }

    /// Whether some kind filled its page, so a next page may exist.
    public var hasMore: Bool {
        !repeatsPrevious
            && plan.contains { planned in
                outcome.statuses.first { $0.kind == planned.provider.kind }.map { $0.count >= planned.query.limit }
                    ?? false
            }
    }

    /// The JSON document (see README, "JSON output").
    public func document() -> SearchDocument {
        SearchDocument(
            query: .init(
                term: request.term, filters: request.filters, kinds: plan.map(\.provider.kind), limit: request.limit,
                offset: request.offset, page: page, country: request.country, sort: sort.rawValue),
            results: repeatsPrevious ? [] : ordered.map(ResultRecord.init),
            providers: outcome.statuses.map {
                .init(kind: $0.kind, count: $0.count, error: $0.error?.description, elapsedMs: Int($0.elapsed * 1000))
            },
            hasMore: hasMore, offline: offline)
    }

    /// One line per result, tab-separated, for pipes and scripts: id, kind, title, creator,
    /// year, price, url. Fields never contain tabs or line breaks; a missing one is empty.
    public func lines() -> String {
        guard !repeatsPrevious else { return "" }
        return ordered.map { entry in
            let item = entry.shown
            return [
                entry.tile.id, entry.tile.kind, entry.tile.title, entry.tile.subtitle ?? "",
                item.releaseYear.map(String.init) ?? "", Formatting.price(item.price, currency: item.currency) ?? "",
                entry.tile.url ?? "",
            ].map(TextSanitizer.line).joined(separator: "\t") + "\n"
        }.joined()
    }

    /// One compact JSON object per result and line, as they are ordered.
    public func jsonLines() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try ordered.map { entry in
            String(decoding: try encoder.encode(ResultRecord(entry)), as: UTF8.self) + "\n"
        }.joined()
    }

    /// What to say when the page has no results although the search ran: no more pages, or
    /// nothing matched and what to try; `nil` when there are results or every provider failed
    /// (its errors say why).
    public var emptyMessage: String? {
        guard ordered.isEmpty, !outcome.allFailed else { return nil }
        let what = request.term.map { "\"\(TextSanitizer.line($0))\"" } ?? "these filters"
        return page > 1
            ? "No more results for \(what) (page \(page))."
            : "No results for \(what). Try another kind (mediasearch providers), a different spelling, or fewer filters."
    }

    /// The text for a terminal or a pipe.
    public func text(width: Int, style: TextStyle, artwork: Bool) -> String {
        if repeatsPrevious {
            return "No more results: page \(page) repeats page \(page - 1).\n"
        }
        if ordered.isEmpty {
            return emptyMessage.map { $0 + "\n" } ?? ""
        }
        var out = ""
        let layout = TileLayout(width: width, style: style, showArtwork: artwork)
        let tileLayout = artwork ? layout.singleColumn : layout
        if grouped {
            var number = 1
            for (kind, _) in outcome.perProvider {
                let tiles = ordered.filter { $0.kind == kind }.map(\.tile)
                guard !tiles.isEmpty else { continue }
                let name = plan.first { $0.provider.kind == kind }?.provider.displayName ?? kind
                out += style.bold("── \(name) (\(tiles.count)) ──") + "\n"
                out += tileLayout.render(tiles, firstNumber: number) + "\n"
                number += tiles.count
            }
        } else {
            out += tileLayout.render(ordered.map(\.tile)) + "\n"
        }
        out += footer(style: style)
        return out
    }

    private func footer(style: TextStyle) -> String {
        let counts = outcome.statuses.map { status in
            status.error == nil ? "\(status.kind) \(status.count)" : "\(status.kind) failed"
        }
        var line =
            style.dim(
                "\(ordered.count) result\(ordered.count == 1 ? "" : "s") · \(counts.joined(separator: " · ")) · page \(page)"
            ) + "\n"
        if hasMore { line += style.dim("More: \(commandLine)") + "\n" }
        line += style.dim("Details: mediasearch show --result N") + "\n"
        return line
    }
}

extension TileLayout {
    /// The same layout with one column, so long lines such as artwork links print whole.
    public var singleColumn: TileLayout {
        var copy = self
        copy.forcedColumns = 1
        return copy
    }
}
