import MediaSearchCore
import MediaSearchKit

/// Terminal styling: ANSI colors and OSC 8 hyperlinks when enabled, plain text otherwise.
public struct TextStyle: Sendable {
    /// Whether escape codes are written at all.
    public var enabled: Bool

    /// Plain text, no escape codes (piped output, `NO_COLOR`).
    public static let plain = TextStyle(enabled: false)

    /// Creates a style.
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// When to color.
    public enum Choice: String, Sendable, CaseIterable {
        /// On a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`; `CLICOLOR_FORCE` forces it.
        case auto
        case always
        case never
    }

    /// Colors only on a terminal, and only when `NO_COLOR` is unset (https://no-color.org), unless
    /// `CLICOLOR_FORCE` asks for them anyway (for `| less -R`) or the choice is explicit.
    public static func forTerminal(
        isTerminal: Bool, environment: [String: String], choice: Choice = .auto
    ) -> TextStyle {
        switch choice {
        case .always: return TextStyle(enabled: true)
        case .never: return TextStyle(enabled: false)
        case .auto:
            let set = { (name: String) in environment[name].map { !$0.isEmpty && $0 != "0" } ?? false }
            if set("CLICOLOR_FORCE") { return TextStyle(enabled: true) }
            return TextStyle(enabled: isTerminal && !set("NO_COLOR") && environment["TERM"] != "dumb")
        }
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func color(_ text: String, _ code: Int) -> String { wrap(text, String(code)) }

    /// The text as a clickable link to `url` (OSC 8), when the URL is http(s).
    public func link(_ text: String, _ url: String?) -> String {
        guard enabled, let url = url.flatMap(SafeURL.http) else { return text }
        return "\u{1B}]8;;\(url)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }

    /// A color per kind of media, so kinds are told apart at a glance: music magenta, films and
    /// shows blue, books yellow, what plays live or by episode green.
    public func badge(_ kind: String) -> String {
        let codes = [
            "song": 35, "album": 35, "music-video": 35, "movie": 34, "tv-show": 34, "audiobook": 33, "book": 33,
            "podcast": 32, "podcast-episode": 32, "radio-station": 32,
        ]
        let code = codes[kind] ?? 36
        return wrap("[\(Self.badgeWord(kind))]", "\(code)")
    }

    /// A kind of media as a badge says it: `TV SHOW`, `RADIO` (a station is what a radio result is),
    /// `EPISODE` (a podcast's: the show is named under its title).
    /// A kind read from a file or a shared table may hold anything: it is cleaned before it is
    /// upper-cased (which would turn SGR's `ESC [ 31 m` into CSI "delete 31 lines", S11).
    public static func badgeWord(_ kind: String) -> String {
        let words = [
            "tv-show": "TV SHOW", "radio-station": "RADIO", "music-video": "MUSIC VIDEO", "podcast-episode": "EPISODE",
        ]
        return words[kind] ?? TextSanitizer.line(kind).uppercased().replacingOccurrences(of: "-", with: " ")
    }

    /// The text without the escape sequences a style adds (SGR colors `ESC [ … m` and OSC 8
    /// links `ESC ] … ESC \`), so its width on screen can be measured.
    public static func stripEscapes(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                out.append(scalar)
                continue
            }
            switch scalars.next() {
            case "[":
                // CSI: parameters up to a final byte in @...~.
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "]":
                // OSC: up to BEL or ESC \.
                while let next = scalars.next() {
                    if next == "\u{07}" { break }
                    if next == "\u{1B}" {
                        _ = scalars.next()
                        break
                    }
                }
            default:
                break
            }
        }
        return String(out)
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
