#if PostgreSQL
import Foundation
import MediaSearchCore
import MediaSearchKit

extension SharedStores {
    /// The cache, budgets and library of a PostgreSQL store, bounded as the configuration says
    /// (`cache.max_size_mb`, `library.max_records`), its items read with `payloadTypes`.
    public static func postgres(
        _ store: PostgresStore, configuration: Configuration, payloadTypes: PayloadTypes
    ) -> SharedStores {
        let maxBytes = configuration.cacheMaxBytes
        return SharedStores(
            cache: { ttl in PostgresResponseCache(store: store, ttl: ttl, maxBytes: maxBytes) },
            budget: { budget in PostgresBudget(store: store, budget: budget) },
            library: PostgresLibrary(
                store: store, maxRecords: configuration.libraryMaxRecords, payloadTypes: payloadTypes),
            lists: PostgresLists(store: store, payloadTypes: payloadTypes), keepAlive: { store.keepAlive() })
    }

    /// Opens the store the configuration names, `nil` when it names none. One store per URL
    /// per process: commands and the server's requests share its connections.
    /// - Throws: ``MediaSearchError/invalidConfig(file:line:key:message:)`` for a URL that
    ///   can never work (exit 78), without the password.
    ///
    /// The executable hands it to the CLI: `MediaSearchCLI.main(..., stores: SharedStores.openPostgres)`.
    @Sendable public static func openPostgres(
        _ configuration: Configuration, payloadTypes: PayloadTypes,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(MediaSearchError) -> SharedStores? {
        guard let url = configuration.store else { return nil }
        let origin = configuration.origins["store"] ?? configuration.source ?? "config"
        let store = try await PostgresStore.open(
            url, origin: origin, egressGroup: configuration.egressGroup, report: report)
        return .postgres(store, configuration: configuration, payloadTypes: payloadTypes)
    }
}
#endif
