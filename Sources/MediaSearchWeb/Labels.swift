import Foundation

/// The words the engine and the providers name things with (a section's title, a row's label, a
/// link), in the page's language: each is a key of the web catalogs, `label.<the English
/// words>`, looked up whole. Values are never looked up here: they are typed facts, which a
/// page writes in its words (``Texts/facts``), and phrases with arguments (`Other albums by
/// {name}`) are keys of their own (``Phrase``). Anything else (a title, a name a source sent) is
/// shown as it came.
package struct Labels: Sendable {
    private let exact: [String: String]
    /// Longer text is no label (and is not worth looking up: a hostile name may be megabytes).
    static let longest = 160

    package init(catalog: [String: String]) {
        var exact: [String: String] = [:]
        for (key, value) in catalog where key.hasPrefix("label.") {
            exact[String(key.dropFirst("label.".count))] = value
        }
        self.exact = exact
    }

    /// The words in this language, or the text as it came when it is no label.
    package func callAsFunction(_ text: String) -> String { known(text) ?? text }

    /// The words in this language when the text is a label, else `nil` (a title, a genre).
    package func known(_ text: String) -> String? {
        guard text.utf8.count <= Self.longest else { return nil }
        return exact[text]
    }
}
