/// The pages' icons, one set drawn on one 24-unit grid in the text's colour (`currentColor`),
/// inline so that they need no request and no font: a Play, a pause, a step either way, a close.
/// Each is hidden from screen readers; the control that holds it has the words. Each is drawn
/// once, and a template writes it as it is (`{{{icon}}}`).
enum Icon {
    static let play = svg("M8 5v14l11-7z")
    static let pause = svg("M6 5h4v14H6zM14 5h4v14h-4z")
    static let next = svg("M6 5l9 7-9 7zM16 5h2v14h-2z")
    static let previous = svg("M18 5l-9 7 9 7zM6 5h2v14H6z")
    static let close = svg("M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12 19 6.4 17.6 5 12 10.6z")

    /// One icon of the set, drawn by `Templates/web/icon.mustache`.
    private static func svg(_ path: String) -> String { Templates.render("icon", ["path": path]).raw }
}
