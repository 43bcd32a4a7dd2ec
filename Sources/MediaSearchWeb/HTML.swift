import Foundation
import MediaSearchCore
import MediaSearchKit

/// A fragment of HTML that escapes by default: every `String` interpolated into it is sanitized
/// (no control, bidi or zero-width characters) and escaped (`& < > " '`), so text from the API is
/// inert wherever it lands, in an element or in a quoted attribute. Only ``HTML`` values, built
/// the same way, are inserted as they are; links go through `url:`, which keeps http(s) only.
package struct HTML: ExpressibleByStringInterpolation, Sendable {
    package var raw: String

    package init(raw: String) { self.raw = raw }

    package init(stringLiteral value: String) { raw = value }

    package init(stringInterpolation: Interpolation) { raw = stringInterpolation.raw }

    package struct Interpolation: StringInterpolationProtocol {
        package var raw = ""

        package init(literalCapacity: Int, interpolationCount: Int) { raw.reserveCapacity(literalCapacity * 2) }

        package mutating func appendLiteral(_ literal: String) { raw += literal }

        /// Text: sanitized and escaped; `nil` is nothing.
        package mutating func appendInterpolation(_ text: String?) {
            raw += HTML.escape(TextSanitizer.line(text ?? ""))
        }

        /// Text that keeps its line breaks (descriptions).
        package mutating func appendInterpolation(block text: String) { raw += HTML.escape(TextSanitizer.block(text)) }

        /// A number.
        package mutating func appendInterpolation(_ number: Int) { raw += String(number) }

        /// A trusted fragment, built with this type.
        package mutating func appendInterpolation(_ html: HTML) { raw += html.raw }

        /// Fragments one after another.
        package mutating func appendInterpolation(_ list: [HTML]) { for html in list { raw += html.raw } }

        /// A link for `href` or `src`: http(s) only (anything else becomes `#`), escaped.
        package mutating func appendInterpolation(url: String?) {
            raw += HTML.escape(url.flatMap(SafeURL.http) ?? "#")
        }

        /// A link inside this site (path and query built by us, or the path asked for), escaped.
        package mutating func appendInterpolation(local path: String) { raw += HTML.escape(HTML.sameOrigin(path)) }
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

    static func escape(_ text: String) -> String { Markup.escape(text) }
}
