import Foundation
import MediaSearchCore
import MediaSearchKit

/// Long text for a terminal goes through `$PAGER` (default `less -FRXK`, which quits at once when
/// the text fits the screen, keeps colors, leaves the text on screen and quits on Ctrl-C), like
/// git and gh do. The pager runs in the terminal's foreground process group (see
/// ``ForegroundProcess``), so it can read keys and draw.
package struct Pager {
    var variables: [String: String]

    /// The pager's command line for `sh -c`, or `nil` to print directly (`PAGER` empty or `cat`,
    /// or no `less` to default to).
    var command: String? {
        if let pager = variables["MEDIASEARCH_PAGER"] ?? variables["PAGER"] {
            let trimmed = pager.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        return Launcher(variables: variables).find("less") == nil ? nil : "less -FRXK"
    }

    /// Shows `text` through the pager; `false` when there is none or it could not start, so the
    /// caller prints the text itself.
    func show(_ text: String) -> Bool {
        guard let command else { return false }
        var environment = variables
        if environment["LESS"] == nil { environment["LESS"] = "FRXK" }
        return ForegroundProcess.run(["/bin/sh", "-c", command], environment: environment, input: text) != nil
    }

    /// How many screen rows `text` takes on a terminal `columns` wide: a line wider than the
    /// screen wraps onto several. Escape sequences (colors, links) take no room.
    package static func rows(_ text: String, columns: Int) -> Int {
        let columns = max(columns, 1)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.reduce(0) { rows, line in
            let width = DisplayWidth.of(TextStyle.stripEscapes(String(line)))
            return rows + max(1, (width + columns - 1) / columns)
        }
    }
}
