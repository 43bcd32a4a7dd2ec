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
            if let problem = problem(with: provider, reservedNames: reservedNames) {
                throw .usage("provider '\(kind)' \(problem)")
            }
        }
    }

    /// What is wrong with a provider's filters, if anything: a name that is not a word, clashes
    /// with a face's own option, or is declared twice.
    public static func problem(with provider: any MediaProvider, reservedNames: Set<String>) -> String? {
        var names: Set<String> = []
        for filter in provider.filters {
            guard !filter.name.isEmpty, !filter.name.hasPrefix("-"),
                filter.name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" })
            else {
                return "declares a filter named '\(TextSanitizer.line(filter.name).prefix(40))', which is not a word"
            }
            guard !reservedNames.contains(filter.name) else {
                return "declares filter --\(filter.name), which clashes with a search option"
            }
            guard names.insert(filter.name).inserted else { return "declares filter --\(filter.name) twice" }
        }
        return nil
    }
}
