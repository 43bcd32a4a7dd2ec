import Foundation
import MediaSearchCore
import MediaSearchKit

/// What the picker shows and where it is (`mediasearch pick`, docs/usage.md "The picker"): the
/// results as they stream in, the filter typed over them, the selection; what a key does to it.
/// Keys change the state here and name the effect for the command to run (a search, the
/// detail, open, play, star): nothing here reads the terminal or the network.
struct Picker {
    enum Screen: Equatable {
        case list
        /// The selected result's detail, its lines, scrolled by `top`.
        case detail(title: String, lines: [String], top: Int)
        case help
    }

    /// What a key asks the command to do.
    enum Effect: Equatable {
        case none, quit
        case search(String)
        case detail(ResultEntry.ID)
        case open(ResultEntry.ID)
        case play(ResultEntry.ID)
        case star(ResultEntry.ID)
    }

    var term: String
    var results: [ResultEntry] = []
    /// The kinds still asked; empty once every source has answered.
    var pending: [String] = []
    var searching = true
    var failures: [String] = []
    var filter = ""
    var filtering = false
    /// The selected result, as an index into ``visible``.
    var selected = 0
    /// The first row of the list shown.
    var top = 0
    var screen = Screen.list
    /// A line for the footer: what the last key did ("Starred", "No preview").
    var message: String?

    init(term: String) { self.term = term }

    /// The results the filter lets through: every word of it in the title, the creator or the kind.
    var visible: [ResultEntry] {
        let words = filter.lowercased().split(separator: " ")
        guard !words.isEmpty else { return results }
        return results.filter { entry in
            let text = [entry.item.title ?? "", entry.item.creator ?? "", entry.media, entry.kind]
                .joined(separator: " ").lowercased()
            return words.allSatisfy { text.contains($0) }
        }
    }

    var current: ResultEntry? {
        let shown = visible
        return shown.indices.contains(selected) ? shown[selected] : nil
    }

    /// A search's step: its results as they now stand (the selection stays on the result it was on).
    mutating func arrived(_ arrival: SearchArrival) {
        let before = current.map(\.id)
        results = arrival.results
        pending = arrival.pending
        failures += arrival.statuses.compactMap { status in
            status.error.map { "\(status.kind): \(TextSanitizer.line($0.description))" }
        }
        if let before, let index = visible.firstIndex(where: { $0.id == before }) { selected = index }
        clamp(rows: nil)
    }

    mutating func finished(_ page: SearchPage) {
        let before = current.map(\.id)
        results = page.results
        pending = []
        searching = false
        if let before, let index = visible.firstIndex(where: { $0.id == before }) { selected = index }
        clamp(rows: nil)
    }

    /// A new search of `term`: the list empties until its first source answers.
    mutating func searched(_ term: String) {
        self.term = term
        results = []
        failures = []
        pending = []
        searching = true
        filter = ""
        filtering = false
        selected = 0
        top = 0
        screen = .list
    }

    /// What `key` does, given `rows` of list on the screen.
    mutating func press(_ key: Key, rows: Int) -> Effect {
        message = nil
        if key == .control("c") { return .quit }
        switch screen {
        case .help:
            screen = .list
            return .none
        case .detail(let title, let lines, let top):
            switch key {
            case .character("q"), .escape, .left, .backspace: screen = .list
            case .character("j"), .down:
                screen = .detail(title: title, lines: lines, top: min(top + 1, max(0, lines.count - rows)))
            case .character("k"), .up: screen = .detail(title: title, lines: lines, top: max(0, top - 1))
            case .pageDown, .character(" "):
                screen = .detail(title: title, lines: lines, top: min(top + rows, max(0, lines.count - rows)))
            case .pageUp: screen = .detail(title: title, lines: lines, top: max(0, top - rows))
            case .character("o"): return current.map { .open($0.id) } ?? .none
            case .character("p"): return current.map { .play($0.id) } ?? .none
            case .character("s"): return current.map { .star($0.id) } ?? .none
            case .character("?"): screen = .help
            default: break
            }
            return .none
        case .list:
            break
        }
        if filtering {
            switch key {
            case .enter:
                filtering = false
                let text = filter.trimmingCharacters(in: .whitespaces)
                // A new term is searched; the term itself (or nothing) just closes the filter.
                guard !text.isEmpty, text != term else { return .none }
                return .search(text)
            case .escape:
                filtering = false
                keepingSelection { $0.filter = "" }
            case .backspace:
                if filter.isEmpty { filtering = false } else { filter.removeLast() }
                selected = 0
                top = 0
            case .tab: filtering = false
            case .character(let character):
                filter.append(character)
                selected = 0
                top = 0
            case .up: move(-1, rows: rows)
            case .down: move(1, rows: rows)
            case .pageUp: move(-rows, rows: rows)
            case .pageDown: move(rows, rows: rows)
            default: break
            }
            return .none
        }
        switch key {
        case .character("q"), .escape:
            if !filter.isEmpty {
                keepingSelection { $0.filter = "" }
                return .none
            }
            return .quit
        case .character("j"), .down: move(1, rows: rows)
        case .character("k"), .up: move(-1, rows: rows)
        case .pageDown: move(rows, rows: rows)
        case .pageUp: move(-rows, rows: rows)
        case .home, .character("g"): move(-selected, rows: rows)
        case .end, .character("G"): move(visible.count, rows: rows)
        case .enter, .right: return current.map { .detail($0.id) } ?? .none
        case .character("o"): return current.map { .open($0.id) } ?? .none
        case .character("p"): return current.map { .play($0.id) } ?? .none
        case .character("s"): return current.map { .star($0.id) } ?? .none
        case .character("?"): screen = .help
        case .character("/"): filtering = true
        case .character(let character) where !character.isWhitespace:
            // Typing filters: the first letter opens the filter with itself.
            filtering = true
            filter.append(character)
            selected = 0
            top = 0
        case .backspace where !filter.isEmpty:
            filtering = true
            filter.removeLast()
        default: break
        }
        return .none
    }

    /// Runs `change` (of the filter), the selection kept on the result it was on when that is
    /// still shown.
    mutating func keepingSelection(_ change: (inout Picker) -> Void) {
        let before = current.map(\.id)
        change(&self)
        selected = before.flatMap { id in visible.firstIndex { $0.id == id } } ?? 0
    }

    mutating func move(_ by: Int, rows: Int) {
        selected += by
        clamp(rows: rows)
    }

    /// The selection within the list, and the list scrolled to show it.
    mutating func clamp(rows: Int?) {
        let count = visible.count
        selected = max(0, min(selected, count - 1))
        guard let rows, rows > 0 else { return }
        if selected < top { top = selected }
        if selected >= top + rows { top = selected - rows + 1 }
        top = max(0, min(top, max(0, count - rows)))
    }

    /// The keys, as `?` shows them.
    static let help = [
        "Keys",
        "",
        "  ↑ ↓  j k      move (PgUp PgDn, g G: a page, the ends)",
        "  Enter  →      the detail of the selected result (q or ← back)",
        "  /  or a letter  filter (a letter that is a key here is that key); Enter searches the words, Esc clears",
        "  o             open the store page",
        "  p             play the preview (or a station's stream)",
        "  s             star it (keep it in the starred list)",
        "  ?             this help (any key closes it)",
        "  q  Esc        back, or quit; Ctrl-C quits",
    ]
}

extension ResultEntry {
    /// A result's identity in the picker: its kind and id.
    struct ID: Hashable, Sendable {
        var kind: String
        var id: String
    }

    var id: ID { ID(kind: kind, id: item.id) }
}
