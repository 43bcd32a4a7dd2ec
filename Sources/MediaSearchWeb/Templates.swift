import MediaSearchKit
import Mustache

/// The web's markup kept as templates (docs/design.md, "The web's markup in templates"): each
/// `Templates/web/<name>.mustache`, compiled in by the EmbedFiles plugin and parsed once. A screen
/// hands its template a model of plain values; Mustache escapes every `{{value}}` (`& < > " '`, as
/// ``HTML`` does), and the model has sanitized every text and checked every link before, so text
/// from a source is inert wherever it lands. Only a fragment of our own (an icon) is `{{{raw}}}`.
enum Templates {
    /// Every template, by name. A template of the tree that does not parse is a programming error,
    /// which the first page drawn with it shows: the web's tests draw each.
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        let prefix = "Templates/web/"
        for (path, text) in EmbeddedFiles.text where path.hasPrefix(prefix) && path.hasSuffix(".mustache") {
            let name = String(path.dropFirst(prefix.count).dropLast(".mustache".count))
            // A file ends with a line break, which is not the template's: a page is drawn from
            // several in a row.
            do {
                try library.register(text.hasSuffix("\n") ? String(text.dropLast()) : text, named: name)
            } catch {
                preconditionFailure("Templates/web/\(name).mustache does not parse: \(error)")
            }
        }
        return library
    }()

    /// The template `name` drawn with `model`.
    static func render(_ name: String, _ model: Any) -> HTML {
        HTML(raw: library.render(model, withTemplate: name) ?? "")
    }

    /// A text for a model: one line, no control, bidi or zero-width characters (as ``HTML``'s
    /// interpolation sanitizes); Mustache escapes it where it lands.
    static func text(_ value: String?) -> String { TextSanitizer.line(value ?? "") }

    /// A link for a model's `href` or `src`: http(s) only, anything else `#` (as ``HTML``'s `url:`).
    static func url(_ value: String?) -> String { value.flatMap(SafeURL.http) ?? "#" }

    /// A path inside this site for a model (as ``HTML``'s `local:`).
    static func local(_ path: String) -> String { HTML.sameOrigin(path) }
}
