/// A page, or a part of one, as its templates drew it (``Templates``): markup that only a template
/// makes, so text from a source can reach a response only through a template, which escapes it.
package struct HTML: Sendable {
    package var raw: String

    init(raw: String) { self.raw = raw }

    /// Nothing.
    static let empty = HTML(raw: "")

    /// Parts one after another, each on its own line by default.
    init(joining parts: [HTML], separator: String = "\n") {
        raw = parts.map(\.raw).joined(separator: separator)
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
