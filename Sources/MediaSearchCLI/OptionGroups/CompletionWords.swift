import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization

/// What the shell completes for options whose values are only known at run time: the kinds of
/// the providers this binary was built with (a third-party binary adds its own), the storefront
/// countries and the languages. The completion scripts call the binary back for them.
enum CompletionWords {
    /// The provider kinds of this process, set once its providers are known.
    static let kinds = Mutex<[String]>([])

    static var kind: CompletionKind {
        .custom { _, _, prefix in kinds.withLock { $0 }.filter { $0.hasPrefix(prefix) } }
    }

    /// Two-letter ISO 3166-1 codes, upper case. Not every one is an iTunes storefront; the API
    /// says so when it is not.
    static let countries: [String] = Locale.Region.isoRegions.map(\.identifier)
        .filter { $0.count == 2 && $0.allSatisfy(\.isLetter) }.sorted()

    static var country: CompletionKind {
        // In the case being typed: the shell keeps only the words that start with it.
        .custom { _, _, prefix in
            let lower = !prefix.isEmpty && prefix == prefix.lowercased()
            return countries.filter { $0.hasPrefix(prefix.uppercased()) }.map { lower ? $0.lowercased() : $0 }
        }
    }

    static var language: CompletionKind { .list(LanguageCode.supported) }
}
