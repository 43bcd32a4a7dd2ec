import Foundation

/// Long text for a terminal goes through `$PAGER` (default `less -FRX`, which quits at once when
/// the text fits the screen, keeps colors and leaves the text on screen), like git and gh do.
struct Pager {
    var variables: [String: String]

    /// The pager's command line for `sh -c`, or `nil` to print directly (`PAGER` empty or `cat`,
    /// or no `less` to default to).
    var command: String? {
        if let pager = variables["MEDIASEARCH_PAGER"] ?? variables["PAGER"] {
            let trimmed = pager.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        return Launcher(variables: variables).find("less") == nil ? nil : "less -FRX"
    }

    /// Shows `text` through the pager; `false` when there is none or it could not start, so the
    /// caller prints the text itself.
    func show(_ text: String) -> Bool {
        guard let command else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = variables
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            return false
        }
        // A pager the user quits early closes the pipe; the rest of the text is not needed.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return true
    }
}
