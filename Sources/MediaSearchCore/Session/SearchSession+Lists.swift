import Foundation
import MediaSearchKit

/// The lists a session keeps items in (#61): every face stars, unstars and shows them through
/// these, so a list reads the same on the command line, on the web and in the JSON API.
extension SearchSession {
    /// Where the lists are: the shared store's when `store:` names one, else the user's file.
    public var lists: any ListStore { shared?.lists ?? ListFile(path: paths.listsFile, payloadTypes: payloadTypes) }

    /// Adds the item a target names (a result of the last search, or an id, looked up as `show`
    /// does) to a list; its kind, the item, and whether it was new to the list.
    /// - Throws: ``MediaSearchError/usage(_:)`` for a bad list name, `notFound` for an unknown
    ///   item, a lookup's failure, or ``MediaSearchError/storage(path:message:)``.
    public func star(
        _ target: DetailTarget, list: String = ListName.starred
    ) async throws -> (kind: String, item: MediaItem, added: Bool) {
        let name = try ListName.checked(list)
        let found = try await find(target, context: detailContext(for: target, uncensored: true))
        let kind =
            found.owner?.kind ?? providers.first { $0.accepts(found.item) }?.kind ?? found.item.kindLabel.lowercased()
        // An id is kept as it was asked, even when the source answered it under another (a merged
        // MusicBrainz id, a renumbered show): what was starred by an id is found, and unstarred,
        // by that id (S12). The source answers the asked id, so it looks up as before.
        var item = found.item
        if case .id(let asked, _) = target, asked != item.id { item.id = asked }
        let added = try await lists.add(item, kind: kind, to: name, at: Date())
        return (kind, item, added)
    }

    /// Takes an item off a list: by id (of a kind, when given) among the list's own items, or the
    /// Nth result of the last search; the item taken off.
    /// - Throws: `notFound` when the list does not hold it, `usage` when an id is listed under
    ///   several kinds and none is named.
    public func unstar(_ target: DetailTarget, list: String = ListName.starred) async throws -> ListedItem {
        let name = try ListName.checked(list)
        let listed = try await lists.items(in: name)
        let matches: [ListedItem]
        switch target {
        case .id(let id, let kind):
            let named = kind.map { word in
                Set(Configuration.providers(named: word, in: providers).map(\.kind)).union([word])
            }
            matches = listed.filter { $0.item.id == id && (named?.contains($0.kind) ?? true) }
        case .result:
            let found = try await find(target, context: detailContext(for: target, uncensored: true))
            matches = listed.filter {
                $0.item.id == found.item.id && (found.owner.map { [$0.kind] } ?? [$0.kind]).contains($0.kind)
            }
        }
        guard let item = matches.first else {
            throw MediaSearchError.notFound("\(Self.describe(target)) in the list '\(name)'")
        }
        guard matches.count == 1 else {
            throw MediaSearchError.usage(
                "\(item.item.id) is listed as \(matches.map(\.kind).joined(separator: " and ")): name one with --kind")
        }
        _ = try await lists.remove(id: item.item.id, kind: item.kind, from: name)
        return item
    }

    /// A list's items as results, the latest added first: tiles made by each kind's provider (a
    /// kind no longer built in gets a plain tile), names censored as the config's explicitness says.
    /// - Throws: ``MediaSearchError/noSuchList(_:lists:)`` for a list that is not there (the
    ///   starred list always is, empty or not), with the names of those that are.
    public func listResults(_ list: String = ListName.starred) async throws -> [ResultEntry] {
        let name = try ListName.checked(list)
        let censor = !configuration.explicit
        let items = try await lists.items(in: name)
        if items.isEmpty, name != ListName.starred {
            let there = try await allLists().map(\.name)
            if !there.contains(name) {
                throw MediaSearchError.noSuchList(name, lists: there)
            }
        }
        return items.enumerated().map { index, listed in
            var tile =
                provider(kind: listed.kind)?.tile(for: listed.item)
                ?? Tile(item: listed.item, kind: listed.kind, facts: [])
            if tile.item == nil { tile.item = listed.item }
            return ResultEntry(
                kind: listed.kind, rank: index, item: listed.item, tile: censor ? tile.censored() : tile,
                censored: censor,
                sourceName: provider(kind: listed.kind)?.sourceName ?? "",
                media: provider(kind: listed.kind)?.mediaKind ?? "")
        }
    }

    /// Every list, as each face shows them: the starred list first and always (with no item when
    /// nothing is starred yet), since `star` keeps there and no list may take its name; then the
    /// store's others by name, in the store's order (a database's collation may order them).
    public func allLists() async throws -> [ListSummary] {
        let kept = try await lists.lists()
        let starred = kept.first { $0.name == ListName.starred } ?? ListSummary(name: ListName.starred, count: 0)
        return [starred] + kept.filter { $0.name != ListName.starred }
    }

    /// Makes an empty list (#75 item 5); its name as kept.
    /// - Throws: `usage` for a name a list may not have, ``MediaSearchError/listExists(_:)`` when a
    ///   list has it already (the starred list always is there).
    public func createList(_ list: String) async throws -> String {
        let name = try ListName.checked(list)
        guard name != ListName.starred, try await lists.create(name, at: Date()) else {
            throw MediaSearchError.listExists(name)
        }
        return name
    }

    /// Gives a list another name, its items with it; the new name as kept. The starred list keeps
    /// its name (it is where `star` keeps things).
    /// - Throws: `usage` for a bad name or the starred list, ``MediaSearchError/noSuchList(_:lists:)``,
    ///   ``MediaSearchError/listExists(_:)`` when a list has the new name already.
    public func renameList(_ list: String, to newName: String) async throws -> String {
        let (from, to) = (try ListName.checked(list), try ListName.checked(newName))
        guard from != ListName.starred else { throw MediaSearchError.listFixed(from) }
        guard to != ListName.starred else { throw MediaSearchError.listExists(to) }
        if from == to {
            guard try await lists.lists().contains(where: { $0.name == from }) else { throw try await missing(from) }
            return to
        }
        guard try await lists.rename(from, to: to) else { throw try await missing(from) }
        return to
    }

    /// Deletes a list and its items; how many items it held. A list that holds items is deleted
    /// only when `withItems` says so, so that nothing kept is lost by a slip.
    /// - Throws: `usage` for a bad name, the starred list, or items not allowed to go;
    ///   ``MediaSearchError/noSuchList(_:lists:)``.
    public func deleteList(_ list: String, withItems: Bool) async throws -> Int {
        let name = try ListName.checked(list)
        guard name != ListName.starred else { throw MediaSearchError.listFixed(name) }
        switch try await lists.delete(name, ifEmpty: !withItems) {
        case .deleted(let held): return held
        case .holds(let held):
            throw MediaSearchError.usage(
                "the list '\(name)' holds \(held) item\(held == 1 ? "" : "s"): say --yes to delete it with \(held == 1 ? "it" : "them")"
            )
        case .missing: throw try await missing(name)
        }
    }

    /// The error for a list that is not there, naming those that are.
    private func missing(_ name: String) async throws -> MediaSearchError {
        .noSuchList(name, lists: try await allLists().map(\.name))
    }

    private static func describe(_ target: DetailTarget) -> String {
        switch target {
        case .id(let id, _): id
        case .result(let number): "result \(number)"
        }
    }
}
