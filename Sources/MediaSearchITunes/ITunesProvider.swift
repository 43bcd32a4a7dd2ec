import MediaSearchKit

/// A provider backed by the iTunes Search API: declare `media` and `entity`, get searching for free.
public protocol ITunesProvider: MediaProvider {
    /// The iTunes `media` value, e.g. `music`.
    var media: String { get }
    /// The iTunes `entity` value, e.g. `song`.
    var entity: String { get }
}

extension ITunesProvider {
    /// Every iTunes kind asks the same source, so they share its base URL and budget.
    public var source: String { "itunes" }

    /// Items keep their iTunes record.
    public var payloadTypes: [any MediaPayload.Type] { [ITunesRecord.self] }

    /// Searches iTunes with the query, keeps the records this provider accepts and applies its filters.
    public func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem] {
        let specs = filters
        let (term, attribute) = try Self.termAndAttribute(query, specs: specs)
        let parameters = ITunesSearchParameters(
            term: term, media: media, entity: entity, attribute: attribute, country: query.country,
            lang: query.lang, explicit: query.explicit, limit: query.limit, offset: query.offset)
        let items = try await context.itunes.search(parameters)
        return items.filter { item in
            accepts(item)
                && specs.allSatisfy { spec in query.filters[spec.name].map { spec.matches(item, $0) } ?? true }
        }
    }

    /// Looks the id up in iTunes and keeps the record only when it is of this provider's kind.
    public func lookup(id: String, context: ProviderContext) async throws -> MediaItem? {
        guard let number = Int(id) else { return nil }
        let records = try await context.itunes.lookup(ITunesLookupParameters(ids: [number], country: context.country))
        return records.first(where: accepts)
    }

    /// The term to send: the user's, or else the value of the first given filter that has an attribute.
    static func termAndAttribute(
        _ query: SearchQuery, specs: [FilterSpec]
    ) throws(MediaSearchError) -> (String, String?) {
        if let term = query.term { return (term, nil) }
        for spec in specs {
            if let attribute = spec.attribute, let value = query.filters[spec.name] {
                return (value.text, attribute)
            }
        }
        throw .usage("a search term is required")
    }
}
