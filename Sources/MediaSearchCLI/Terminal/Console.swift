import Foundation
import MediaSearchCore
import MediaSearchKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes, and what kind of terminal it writes to.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes UTF-8 bytes to standard output: a large document, in pieces as it is written.
    public var outBytes: @Sendable ([UInt8]) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// Whether standard output is a terminal (colors, hyperlinks, layout width).
    public var stdoutIsTerminal: Bool
    /// Whether standard error is a terminal (spinner).
    public var stderrIsTerminal: Bool
    /// The terminal's width in columns, when it is a terminal.
    public var terminalWidth: Int?
    /// The terminal's height in rows, when it is a terminal.
    public var terminalHeight: Int?
    /// The width of standard error's terminal now (it may be resized while a search runs), when
    /// it is one: the spinner's row fits it.
    public var errorWidth: @Sendable () -> Int? = { nil }

    /// Creates a console.
    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, terminalWidth: Int? = nil,
        terminalHeight: Int? = nil, outBytes: (@Sendable ([UInt8]) -> Void)? = nil
    ) {
        self.terminalHeight = terminalHeight
        self.out = out
        self.outBytes = outBytes ?? { out(String(decoding: $0, as: UTF8.self)) }
        self.err = err
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.terminalWidth = terminalWidth
    }

    /// The process's standard output and error. A reader that has gone (`search … | head -3`)
    /// stops nothing: what is written after it is dropped, and the command finishes its work
    /// (the results it showed are kept); SIGPIPE is ignored by the process for that.
    public static var standard: Console {
        Console(
            out: { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
            err: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            terminalWidth: Self.querySize()?.width, terminalHeight: Self.querySize()?.height,
            outBytes: { bytes in bytes.withUnsafeBytes { try? FileHandle.standardOutput.write(contentsOf: Data($0)) } }
        ).with(errorWidth: { querySize(STDERR_FILENO)?.width })
    }

    /// The console with another way to read standard error's width.
    public func with(errorWidth: @escaping @Sendable () -> Int?) -> Console {
        var console = self
        console.errorWidth = errorWidth
        return console
    }

    /// Prints one error line, prefixed with the program name. Messages can carry text from the
    /// API (a 400's `errorMessage`), so they pass the sanitizer like everything else printed.
    public func error(_ message: String) {
        err(lineStart + "mediasearch: \(TextSanitizer.line(message))\n")
    }

    /// Prints one notice line, sanitized like ``error(_:)``.
    public func notice(_ message: String) {
        err(lineStart + "mediasearch: \(TextSanitizer.line(message))\n")
    }

    /// On a terminal, clears the spinner's line first, so a message never lands inside it.
    private var lineStart: String { stderrIsTerminal ? "\r\u{1B}[2K" : "" }

    private static func querySize(_ descriptor: Int32 = STDOUT_FILENO) -> (width: Int, height: Int)? {
        windowSize(descriptor).map { (Int($0.ws_col), Int($0.ws_row)) }
    }

    /// The terminal's size (`TIOCGWINSZ`) on `descriptor`, in cells and, where it says, in pixels;
    /// `nil` when it is no terminal or says no width.
    static func windowSize(_ descriptor: Int32) -> winsize? {
        var size = winsize()
        #if canImport(Glibc)
            let request = UInt(TIOCGWINSZ)
        #else
            let request = TIOCGWINSZ
        #endif
        guard ioctl(descriptor, request, &size) == 0, size.ws_col > 0 else { return nil }
        return size
    }
}
