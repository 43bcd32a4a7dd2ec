import MediaSearchKit

/// Checks a set of providers before any command runs.
public enum ProviderRegistry {
    /// Rejects duplicate kinds, blank or malformed kind ids, and filters that clash with a face's
    /// own option names (`reservedNames`, e.g. `limit` for the CLI's `--limit`).
    public static func validate(_ providers: [any MediaProvider], reservedNames: Set<String>) throws(MediaSearchError) {
        guard !providers.isEmpty else { throw .usage("no providers are registered") }
        var kinds: Set<String> = []
        for provider in providers {
            let kind = provider.kind
            guard !kind.isEmpty, kind.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw .usage("provider kind '\(kind)' must be a non-empty word")
            }
            guard kinds.insert(kind).inserted else { throw .usage("two providers declare the kind '\(kind)'") }
            var names: Set<String> = []
            for filter in provider.filters {
                guard !reservedNames.contains(filter.name) else {
                    throw .usage(
                        "provider '\(kind)' declares filter --\(filter.name), which clashes with a search option")
                }
                guard names.insert(filter.name).inserted else {
                    throw .usage("provider '\(kind)' declares filter --\(filter.name) twice")
                }
            }
        }
    }
}
