import MediaSearchCore
import MediaSearchKit
import Mustache

/// The web's markup kept as templates (docs/design.md, "The web's markup in templates"): each
/// `Templates/web/<name>.mustache`, compiled in by the EmbedFiles plugin and parsed once. A screen
/// hands its template a model of plain values; Mustache escapes every `{{value}}` (`& < > " '`),
/// and the model has sanitized every text and checked every link before, so text from a source is
/// inert wherever it lands. Only a fragment of our own (an icon) is `{{{raw}}}`.
enum Templates {
    /// Every template, by name. A template of the tree that does not parse is a programming error,
    /// which the first page drawn with it shows: the web's tests draw each.
    static let library: MustacheLibrary = {
        MustacheContentTypes.register(MarkupContentType(), named: MarkupContentType.name)
        var library = MustacheLibrary()
        let prefix = "Templates/web/"
        for (path, text) in EmbeddedFiles.text where path.hasPrefix(prefix) && path.hasSuffix(".mustache") {
            let name = String(path.dropFirst(prefix.count).dropLast(".mustache".count))
            // A file ends with a line break, which is not the template's: a page is drawn from
            // several in a row.
            // Each is escaped by ``MarkupContentType`` (a partial starts again from the library's
            // own, so each names it).
            let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
            do {
                try library.register("{{% CONTENT_TYPE: \(MarkupContentType.name) }}\n" + body, named: name)
            } catch {
                preconditionFailure("Templates/web/\(name).mustache does not parse: \(error)")
            }
        }
        return library
    }()

    /// The template `name` drawn with `model`.
    /// A template the tree does not hold is a programming error, as one that does not parse: a
    /// new file reaches the build once the package is read again (`touch Package.swift`).
    static func render(_ name: String, _ model: Any) -> HTML {
        guard let text = library.render(model, withTemplate: name) else {
            preconditionFailure("Templates/web/\(name).mustache is not in the build")
        }
        return HTML(raw: text)
    }

    /// A text for a model: one line, no control, bidi or zero-width characters; Mustache escapes it
    /// where it lands.
    static func text(_ value: String?) -> String { TextSanitizer.line(value ?? "") }

    /// A link for a model's `href` or `src`: http(s) only, anything else `#`.
    static func url(_ value: String?) -> String { value.flatMap(SafeURL.http) ?? "#" }

    /// A path inside this site for a model (``HTML/sameOrigin(_:)``).
    static func local(_ path: String) -> String { HTML.sameOrigin(path) }
}

/// A model a template draws: its fields are found by name. Mustache looks a name up in the
/// enclosing models when the innermost has no value for it, so a field left `nil` (a tile with no
/// artwork) would take an outer model's field of the same name (its section's); here a field that
/// is `nil` is ``Absent``: nothing where it is written, a section not drawn.
protocol TemplateModel: MustacheParent {}

extension TemplateModel {
    func child(named name: String) -> Any? {
        for field in Mirror(reflecting: self).children where field.label == name {
            let value = Mirror(reflecting: field.value)
            guard value.displayStyle == .optional else { return field.value }
            return value.children.first?.value ?? Absent()
        }
        return nil
    }
}

/// A model's field without a value: it writes nothing, and a section over it is not drawn (an
/// inverted one is).
struct Absent: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }

    /// A field's value, or ``Absent`` when it has none.
    static func or(_ value: Any?) -> Any { value ?? Absent() }
}

/// HTML's escaping as the rest of the project writes it (``Markup/escape(_:)``: `& < > " '`, as the
/// library's own does), reading a text once as bytes and returning it as it is when it has none
/// of them, which is most text: a page of 200 tiles escapes some thousands of values.
struct MarkupContentType: MustacheContentType {
    static let name = "MEDIASEARCH_HTML"

    func escapeText(_ text: String) -> String { Markup.escape(text) }
}

/// A page, or a part of one, as its templates drew it (``Templates``): markup that only a template
/// makes (its initializer is this file's), so text from a source can reach a response only through
/// a template, which escapes it.
package struct HTML: Sendable {
    package private(set) var raw: String

    fileprivate init(raw: String) { self.raw = raw }

    /// Nothing.
    static let empty = HTML(raw: "")

    /// How parts drawn apart are put together.
    enum Separator: String {
        case line = "\n"
        case none = ""
    }

    /// Parts one after another, each on its own line by default.
    init(joining parts: [HTML], separator: Separator = .line) {
        raw = parts.map(\.raw).joined(separator: separator.rawValue)
    }

    /// A path that can only lead inside this site: `//evil.example/x` (or `/\\evil.example`, which
    /// browsers read alike) is another site's address, so leading slashes and backslashes become
    /// one `/`; a path not starting with `/` (a scheme, `javascript:`) becomes `/`.
    package static func sameOrigin(_ path: String) -> String {
        if path.hasPrefix("?") || path.hasPrefix("#") { return path }
        guard path.hasPrefix("/") else { return "/" }
        let rest = path.drop { $0 == "/" || $0 == "\\" }
        return "/" + rest
    }
}
