import MediaSearchKit

/// Splits a ``SearchRequest`` into per-provider queries, checking kinds and filters first.
public enum SearchPlanner {
    /// The providers to search and their queries.
    ///
    /// Kinds must be registered and enabled. A filter narrows the search to the kinds that offer it;
    /// a kind chosen with `--kind` that lacks a given filter is an error. Without a term, only kinds
    /// for which a given filter can be the term (it has an attribute) are searched.
    /// `request.limit`, when given, is within ``ResultLimit/range``: ``SearchSession`` clamps it,
    /// with a notice, before it plans (the one clamp).
    /// - Throws: ``MediaSearchError/usage(_:)`` with one clear sentence.
    /// - Parameter words: how the face names filters and where kinds are listed, for messages.
    public static func plan(
        _ request: SearchRequest, providers: [any MediaProvider], configuration: Configuration,
        words: FaceVocabulary = .commandLine
    ) throws(MediaSearchError) -> [PlannedSearch] {
        if let term = request.term, term.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw .usage("the search term is blank; type something to search for")
        }
        if request.term == nil && request.filters.isEmpty {
            throw .usage("a search term is required, e.g. \(words.searchExample)")
        }
        let chosen = try chosenProviders(request, providers: providers, configuration: configuration)
        var planned: [PlannedSearch] = []
        var lacking: [String] = []
        for provider in chosen {
            let specs = Dictionary(provider.filters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            guard request.filters.keys.allSatisfy({ specs[$0] != nil }) else {
                lacking.append(provider.kind)
                continue
            }
            var values: [String: FilterValue] = [:]
            for (name, raw) in request.filters { values[name] = try specs[name]!.parse(raw, as: words.filter(name)) }
            // The term, else the value of the first given filter that can be the search itself.
            let searchable = provider.filters.searchable(in: values)
            let term = request.term?.trimmingCharacters(in: .whitespacesAndNewlines) ?? searchable?.value.text
            guard let term else {
                lacking.append(provider.kind)
                continue
            }
            // In range already: the session clamps the request's limit (saying so) and the config's
            // is checked as it is read (``ResultLimit``); the engine caps it at the provider's maximum.
            let limit = request.limit ?? configuration.limit(for: provider)
            let (skipped, overflowed) = (request.page - 1).multipliedReportingOverflow(by: limit)
            let (offset, overflowedAgain) = request.offset.addingReportingOverflow(skipped)
            guard request.page >= 1, request.offset >= 0, !overflowed, !overflowedAgain else {
                throw .usage("page \(request.page) is out of range")
            }
            let query = SearchQuery(
                term: term, attribute: request.term == nil ? searchable?.spec.attribute : nil, filters: values,
                limit: limit, offset: offset, country: request.country, lang: request.lang,
                explicit: request.explicit)
            planned.append(PlannedSearch(provider: provider, query: query))
        }
        let names = request.filters.keys.sorted().map(words.filter).joined(separator: " ")
        // A provider named itself must take every filter; one that a kind of media or a source
        // brought in is left out when it lacks one.
        if let kinds = request.kinds, let kind = lacking.first(where: kinds.contains) {
            throw .usage("\(names) cannot be used with kind '\(kind)' (see: \(words.kindList))")
        }
        guard !planned.isEmpty else {
            throw .usage(
                request.term == nil
                    ? "a search term is required unless a filter can be the search itself (see: \(words.kindList))"
                    : "no enabled kind offers \(names) (see: \(words.kindList))")
        }
        return planned
    }

    private static func chosenProviders(
        _ request: SearchRequest, providers: [any MediaProvider], configuration: Configuration
    ) throws(MediaSearchError) -> [any MediaProvider] {
        let enabled = configuration.enabledProviders(providers)
        var chosen: [any MediaProvider] = []
        if let kinds = request.kinds {
            // A provider's name or a kind of media: every enabled provider it names; else a
            // source, all of its enabled providers. A provider's name wins over a source's, as in
            // `kinds:` (`musicbrainz` is the recordings, not MusicBrainz's releases too).
            for word in kinds {
                var named = enabled.filter { $0.kind == word || $0.mediaKind == word }
                if !enabled.contains(where: { $0.kind == word }) { named += enabled.filter { $0.source == word } }
                if named.isEmpty {
                    guard Configuration.names(of: providers).contains(word) else {
                        throw .usage(DidYouMean.unknownKind(word, known: Configuration.names(of: enabled)))
                    }
                    throw .usage(
                        "kind '\(word)' is disabled in \(configuration.source ?? "the config"); add it to kinds: to use it"
                    )
                }
                for provider in named where !chosen.contains(where: { $0.kind == provider.kind }) {
                    chosen.append(provider)
                }
            }
        } else {
            chosen = enabled
        }
        if let sources = request.sources {
            let known = Set(chosen.flatMap { [$0.source, $0.sourceName.lowercased()] })
            for source in sources where !known.contains(source.lowercased()) {
                let names = Set(chosen.map { $0.source }).sorted().joined(separator: ", ")
                throw .usage("no chosen kind is searched at source '\(source)' (sources here: \(names))")
            }
            chosen = chosen.filter { provider in
                sources.contains {
                    $0.lowercased() == provider.source || $0.lowercased() == provider.sourceName.lowercased()
                }
            }
        }
        guard !chosen.isEmpty else { throw .usage("select at least one kind") }
        return chosen
    }
}
