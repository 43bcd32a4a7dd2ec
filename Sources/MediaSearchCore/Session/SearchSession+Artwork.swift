import Foundation
import MediaSearchKit

extension SearchSession {
    /// The budget and the name in messages artwork is fetched under: a source of its own, so that
    /// pictures never spend a search's requests (the default budget: 60 a minute).
    public static let artworkSource = "artwork"

    /// The largest picture taken, in bytes: a cover is 20-200 KB.
    public static let maxArtworkBytes = 4 << 20

    /// The picture of `item`'s artwork, about `size` pixels on a side where the source's links say
    /// the size (iTunes'), as a source's answer is fetched: through the response cache (a second
    /// look costs no request), retries, same-host redirects and the ``artworkSource`` budget.
    /// `nil` when the item has no artwork link that is http(s); a failure throws as a search's does.
    public func artwork(of item: MediaItem, size: Int = 300) async throws -> Data? {
        guard let link = Formatting.artwork(item.artworkURL, size: size), let url = URL(string: link),
            url.scheme == "https" || url.scheme == "http", url.host != nil
        else { return nil }
        let response = try await artworkTransport().get(
            url, timeout: configuration.timeout(forSource: Self.artworkSource))
        guard response.status == 200 else {
            throw MediaSearchError.httpStatus(response.status, source: Self.artworkSource)
        }
        guard response.body.count <= Self.maxArtworkBytes else { return nil }
        return response.body
    }

    /// The result `target` names, as a search shows it (its tile, censored as names are shown),
    /// from the last search or the offline library when they hold it, else asked of its source: no
    /// detail is rendered, so a preview costs at most the one lookup.
    public func entry(of target: DetailTarget, uncensored: Bool = false) async throws -> ResultEntry {
        let context = detailContext(for: target, uncensored: uncensored)
        let rules = ItemRules(explicit: context.explicit, censorNames: context.censorNames)
        let found = try await find(target, context: context)
        let item = rules.shown(found.item)
        let owner = found.owner
        let kind = owner?.kind ?? item.kindLabel.lowercased()
        var tile = owner?.tile(for: found.item) ?? Tile(item: found.item, kind: kind, facts: [])
        if tile.item == nil { tile.item = found.item }
        return ResultEntry(
            kind: kind, rank: 0, item: item,
            tile: context.censorNames ? tile.censored() : tile, censored: context.censorNames,
            sourceName: owner?.sourceName ?? "", media: owner?.mediaKind ?? "")
    }
}
