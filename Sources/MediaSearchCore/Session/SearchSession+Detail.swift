import Foundation
import MediaSearchKit

/// A detail, resolved (#72 item 6): the item found (the last results, the library, then its
/// source), rendered by the provider that produced or claims it, then what the library adds by
/// kind of media (``DetailEnricher``), then the stores of a merged work.
extension SearchSession {
    /// The detail view of an item. A result of the last search, or an item in the offline
    /// library, is rendered from the record kept, with no request for the item itself; only the
    /// provider that produced or claims an item is asked to render it.
    /// - Throws: ``MediaSearchError/notFound(_:)``, ``MediaSearchError/usage(_:)`` or a lookup's error.
    /// - Parameter explicit: the search's explicitness, when the face knows it (a web link from a
    ///   search with explicit content off); names are censored as that search showed them.
    public func detail(of target: DetailTarget, uncensored: Bool = false, explicit: Bool? = nil) async throws
        -> DetailPage
    {
        var context = detailContext(for: target, uncensored: uncensored)
        if let explicit {
            context.explicit = explicit
            context.censorNames = !explicit && !uncensored
        }
        let rules = ItemRules(explicit: context.explicit, censorNames: context.censorNames)
        let found = try await find(target, context: context)
        let item = rules.shown(found.item)
        let renderer = found.owner ?? providers.first { $0.accepts(item) && $0.detailRenderer != nil }
        var detailContext = context
        if let renderer {
            detailContext = self.context(
                for: renderer, country: context.country, lang: context.lang, explicit: context.explicit,
                censorNames: context.censorNames)
        }
        var detail = await (renderer?.detailRenderer ?? GenericDetailRenderer()).detail(
            for: item, context: detailContext)
        // What the library adds, by kind of media (a book's readings, a show's network's other
        // shows), before the stores, which stay last.
        if let media = found.owner?.mediaKind ?? renderer?.mediaKind {
            for enricher in DetailEnricher.builtIn where enricher.media.contains(media) {
                guard let section = await enricher.section(self, found.item, media, detail, context.explicit) else {
                    continue
                }
                detail = Detail(sections: detail.sections + [section], notices: detail.notices)
            }
        }
        var offers: [SourceOffer] = []
        if !item.otherSources.isEmpty, let owner = found.owner {
            offers = Self.offers(item, owner: owner)
            detail = Detail(sections: detail.sections + [Self.stores(offers)], notices: detail.notices)
        }
        if Task.isCancelled { throw MediaSearchError.cancelled }
        keepSeen(in: detail)
        detail = rules.shown(detail)
        var page = DetailPage(
            kind: renderer?.kind ?? item.kindLabel.lowercased(), item: item, detail: detail,
            uncensored: context.censorNames ? found.item : nil, offers: offers,
            // The stores' section as the detail keeps it, the last (a link shown above is not repeated).
            storesSection: offers.isEmpty ? nil : detail.sections.last)
        page.media = found.owner?.mediaKind ?? renderer?.mediaKind
        return page
    }

    /// Tiles of the records the library keeps of a kind of media that a query finds and `wanted`
    /// keeps, each once, at most six; no request is sent.
    func libraryTiles(of media: String, asking query: SearchQuery, _ wanted: (MediaItem) -> Bool) async
        -> [Tile]
    {
        guard let library else { return [] }
        var tiles: [Tile] = []
        for provider in askableProviders where provider.mediaKind == media {
            if Task.isCancelled { return [] }
            let found = (try? await library.search(kind: provider.kind, query: query, filters: [])) ?? []
            for candidate in found
            where wanted(candidate) && !tiles.contains(where: { $0.kind == provider.kind && $0.id == candidate.id }) {
                tiles.append(provider.tile(for: candidate))
            }
        }
        return Array(tiles.prefix(6))
    }

    /// Every source that has the work, when a search merged several into it: each with its
    /// price (where it sells it), its page and its preview.
    static func offers(_ item: MediaItem, owner: any MediaProvider) -> [SourceOffer] {
        [SourceOffer(item, source: owner.sourceName, kind: owner.kind)] + item.otherSources
    }

    /// The sources of a merged work as the terminal's and JSON's section: each source's price,
    /// preview and id in one row, in English (the web shows the offers its own way).
    static func stores(_ offers: [SourceOffer]) -> DetailSection {
        DetailSection(
            "Stores",
            rows: offers.map { offer in
                let facts =
                    [
                        Fact.money("Price", offer.price, currency: offer.currency)?.text(),
                        offer.previewURL == nil ? nil : "preview",
                    ].compactMap { $0 } + offer.factTexts() + ["show \(offer.id)"]
                return .plain(offer.source, facts.joined(separator: " · "))
            },
            links: offers.flatMap { [("\($0.source) page", $0.url), ("\($0.source) preview", $0.previewURL)] })
    }

    /// The item of a target, as `detail(of:)` finds it (from the last search when it can), names
    /// censored unless revealed; e.g. to open its page or play its preview.
    public func item(of target: DetailTarget, uncensored: Bool = false) async throws -> MediaItem {
        let context = detailContext(for: target, uncensored: uncensored)
        let item = try await find(target, context: context).item
        return context.censorNames ? item.censored() : item
    }

    /// The context of a detail: names are censored as the config says, except that the Nth result
    /// of the last search is shown as that search showed it (`search --no-explicit`, then
    /// `show --result N`, stays censored); `--uncensored` reveals them either way.
    func detailContext(for target: DetailTarget, uncensored: Bool) -> ProviderContext {
        var censor = !configuration.explicit
        if case .result(let number) = target,
            let last = LastSearch.load(from: paths.lastSearchFile, types: payloadTypes),
            last.entries.indices.contains(number - 1), let censored = last.entries[number - 1].censored
        {
            censor = censored
        }
        return ProviderContext(
            http: OfflineTransport(), timeout: Configuration.defaultTimeout, country: configuration.country,
            lang: configuration.lang, explicit: configuration.explicit, censorNames: censor && !uncensored)
    }

    /// Keeps the items a detail showed (other works by the author) in the library, under the
    /// kind of the provider that claims each; items no provider claims are not kept.
    private func keepSeen(in detail: Detail) {
        guard let library else { return }
        let owned = detail.sections.flatMap(\.items).compactMap(\.item).compactMap { item in
            providers.first { $0.accepts(item) }.map { (kind: $0.kind, item: item) }
        }
        guard !owned.isEmpty else { return }
        Task.detached { try? await library.store(owned, seenAt: Date()) }
    }

    /// The item of a target and the provider that produced it, when known.
    func find(
        _ target: DetailTarget, context: ProviderContext
    ) async throws -> (item: MediaItem, owner: (any MediaProvider)?) {
        do {
            return try await findOnline(target, context: context)
        } catch MediaSearchError.offline {
            let (id, _) = try resolve(target)
            throw MediaSearchError.notFound("\(id) in the offline library or the cache (\(words.offlineNote))")
        }
    }

    private func findOnline(
        _ target: DetailTarget, context: ProviderContext
    ) async throws -> (item: MediaItem, owner: (any MediaProvider)?) {
        let (id, word) = try resolve(target)
        let chosen = try word.map(providers(named:))
        // One provider named: its records only. A source or a kind of media that names several
        // (`--kind deezer`, `--kind book`): any of theirs.
        let kind = chosen?.count == 1 ? chosen?.first?.kind : nil
        let fits = { (kind: String) in chosen?.contains { $0.kind == kind } ?? true }
        let found: (item: MediaItem, owner: (any MediaProvider)?)
        let (lastFile, library, types) = (paths.lastSearchFile, self.library, payloadTypes)
        // Files and the library are read off the cooperative pool.
        let stored =
            (try? await BlockingWork.run { LastSearch.load(from: lastFile, types: types)?.item(id: id, kind: kind) })
            .flatMap { $0 }.flatMap { fits($0.kind) ? $0 : nil }
        let kept =
            stored?.item == nil
            ? (try? await library?.item(id: id, kind: kind)).flatMap { $0 }.flatMap { fits($0.kind) ? $0 : nil } : nil
        if let stored, let item = stored.item {
            found = (item, provider(kind: stored.kind))
        } else if let kept {
            found = (kept.item, provider(kind: kept.kind))
        } else if let chosen, let word {
            // Each named provider in turn; one that fails does not keep the others from being asked.
            var hit: (item: MediaItem, owner: any MediaProvider)?
            var firstError: (any Error)?
            for provider in chosen where hit == nil {
                do {
                    if let item = try await lookup(id, in: provider, context: context) { hit = (item, provider) }
                } catch {
                    firstError = firstError ?? error
                }
            }
            if hit == nil, let firstError { throw firstError }
            guard let hit else {
                // The id may be of another kind: say which, rather than that nothing exists.
                let skipped = Set(chosen.map(\.kind))
                if let (_, owner) = try? await lookupAnywhere(id, context: context, skipping: skipped) {
                    throw MediaSearchError.notFound(
                        "\(id) of kind \(word): it is a \(owner.kind) (\(words.showAs(id, owner.kind)))")
                }
                throw MediaSearchError.notFound(id)
            }
            found = hit
        } else {
            guard let (item, owner) = try await lookupAnywhere(id, context: context) else {
                throw MediaSearchError.notFound(id)
            }
            found = (item, owner)
        }
        return found
    }

    /// The providers a detail's `--kind` names, as a search's `--kind` does: a provider by its
    /// name, else those of a source, else those of a kind of media; only those a detail may ask.
    /// The word is read against every provider first, so `--kind song` with the provider named
    /// song disabled says so rather than asking another source's songs.
    private func providers(named word: String) throws(MediaSearchError) -> [any MediaProvider] {
        let named = Configuration.providers(named: word, in: providers)
        guard !named.isEmpty else {
            throw .usage(DidYouMean.unknownKind(word, known: Configuration.names(of: askableProviders)))
        }
        let askable = Set(askableProviders.map(\.kind))
        let allowed = named.filter { askable.contains($0.kind) }
        guard !allowed.isEmpty else {
            throw .usage("kind '\(word)' is not enabled (add it to kinds: in the config to look its items up)")
        }
        return allowed
    }

    /// The item with an id at one provider's source, kept in the library when found.
    private func lookup(
        _ id: String, in provider: any MediaProvider, context: ProviderContext
    ) async throws -> MediaItem? {
        let context = self.context(
            for: provider, country: context.country, lang: context.lang, explicit: context.explicit,
            censorNames: context.censorNames)
        guard let item = try await provider.lookup(id: id, context: context) else { return nil }
        let library = self.library
        try? await library?.store([(provider.kind, item)], seenAt: Date())
        return item
    }

    /// The item with an id at the first provider that has it, of the enabled kinds' sources
    /// (providers over one source share its answer through the response cache), and that provider.
    private func lookupAnywhere(
        _ id: String, context: ProviderContext, skipping skipped: Set<String> = []
    ) async throws -> (MediaItem, any MediaProvider)? {
        var firstError: (any Error)?
        // A source no enabled kind asks is not asked at all, nor its budget spent.
        for provider in askableProviders where !skipped.contains(provider.kind) {
            do {
                if let item = try await lookup(id, in: provider, context: context) { return (item, provider) }
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError { throw firstError }
        return nil
    }

    /// The id and kind of a target.
    private func resolve(_ target: DetailTarget) throws(MediaSearchError) -> (String, String?) {
        switch target {
        case .id(let id, let kind):
            return (id, kind)
        case .result(let number):
            guard let last = LastSearch.load(from: paths.lastSearchFile, types: payloadTypes) else {
                throw .usage("there is no previous search to pick from; \(words.searchFirst)")
            }
            guard number >= 1, number <= last.entries.count else {
                throw .usage("there is no result \(number); the last search showed \(last.entries.count) result(s)")
            }
            let entry = last.entries[number - 1]
            return (entry.id, provider(kind: entry.kind) == nil ? nil : entry.kind)
        }
    }

}
