import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal taken whole for the picker: raw input (no echo, no line editing, keys as bytes,
/// Ctrl-C among them), the alternate screen, no cursor; and given back as it was on every way out:
/// the picker's own end, `exit` (SIGTERM, a second Ctrl-C: an `atexit` handler), and a crash
/// (a handler of the signals a trap or a fault raises, which restores, then dies of the signal
/// as it would have). Only async-signal-safe calls run in those handlers: `tcsetattr` and `write`.
enum FullScreen {
    /// What undoes it, written on the way out: the normal screen back, the cursor shown, no
    /// colour left on.
    static let leave = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
    static let enter = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8)

    /// The terminal's descriptor and its settings before, while taken (-1 when not).
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var saved = termios()
    private static let taken = Atomic<Bool>(false)
    private static let handlersInstalled = Atomic<Bool>(false)

    /// Takes the terminal on `tty` (a terminal's descriptor); `false` when it is no terminal.
    static func take(_ tty: Int32) -> Bool {
        var settings = termios()
        guard isatty(tty) == 1, tcgetattr(tty, &settings) == 0 else { return false }
        saved = settings
        descriptor = tty
        // Made now, not first in a signal handler (no allocation there).
        _ = leave.count
        installHandlers()
        cfmakeraw(&settings)
        // Reads return what is there after at most 0.1 s (a lone Esc is told from an arrow's).
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 1
        }
        // Output keeps its newline translation: lines are written with "\r\n" anyway.
        settings.c_oflag |= tcflag_t(OPOST)
        guard tcsetattr(tty, TCSAFLUSH, &settings) == 0 else { return false }
        taken.store(true, ordering: .sequentiallyConsistent)
        write(enter)
        return true
    }

    /// Gives the terminal back (again: nothing happens).
    static func give() {
        guard taken.exchange(false, ordering: .sequentiallyConsistent) else { return }
        restore()
    }

    /// Writes all of `bytes` to the terminal taken.
    static func write(_ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            done += count
        }
    }

    /// The signal-safe part of giving the terminal back.
    private static func restore() {
        leave.withUnsafeBytes { _ = Foundation.write(descriptor, $0.baseAddress, $0.count) }
        _ = tcsetattr(descriptor, TCSAFLUSH, &saved)
    }

    private static func installHandlers() {
        guard !handlersInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        atexit {
            if FullScreen.taken.exchange(false, ordering: .sequentiallyConsistent) { FullScreen.restore() }
        }
        for signal in [
            SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU,
        ] {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = { number in
                    if FullScreen.taken.exchange(false, ordering: .sequentiallyConsistent) { FullScreen.restore() }
                    Glibc.signal(number, SIG_DFL)
                    raise(number)
                }
            #else
                action.__sigaction_u.__sa_handler = { number in
                    if FullScreen.taken.exchange(false, ordering: .sequentiallyConsistent) { FullScreen.restore() }
                    Darwin.signal(number, SIG_DFL)
                    raise(number)
                }
            #endif
            action.sa_flags = 0  // the handler puts the default back itself
            sigaction(signal, &action, nil)
        }
    }
}

/// A key as the picker reads it.
enum Key: Equatable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    case control(Character)  // Ctrl and a letter: `control("c")`

    /// The keys in `bytes` (what the reads gave so far), in order, and the bytes at the end that
    /// begin a key not yet whole (an escape sequence, a character), for the next read. An escape
    /// sequence that is not known is dropped whole, never read as letters; Esc and a printable
    /// key (Alt and a key) are dropped together; an Esc at the very end is left for the next read
    /// (the caller makes it a lone Esc when nothing follows).
    static func parse<Bytes: Collection<UInt8>>(_ input: Bytes) -> (keys: [Key], rest: [UInt8]) {
        let bytes = Array(input)
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                guard index + 1 < bytes.count else { return (keys, Array(bytes[index...])) }
                let next = bytes[index + 1]
                if next == 0x1B {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
                    // Alt and a key: neither is a key of the picker's.
                    index += 2
                    continue
                }
                // CSI or SS3: parameters, then one final byte in 0x40...0x7E.
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return (keys, Array(bytes[index...])) }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                switch (bytes[end], parameters) {
                case (UInt8(ascii: "A"), _): keys.append(.up)
                case (UInt8(ascii: "B"), _): keys.append(.down)
                case (UInt8(ascii: "C"), _): keys.append(.right)
                case (UInt8(ascii: "D"), _): keys.append(.left)
                case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): keys.append(.home)
                case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): keys.append(.end)
                case (UInt8(ascii: "~"), "5"): keys.append(.pageUp)
                case (UInt8(ascii: "~"), "6"): keys.append(.pageDown)
                default: break
                }
                index = end + 1
            case 0x0D, 0x0A:
                keys.append(.enter)
                index += 1
            case 0x7F, 0x08:
                keys.append(.backspace)
                index += 1
            case 0x09:
                keys.append(.tab)
                index += 1
            case 0x01...0x1A:
                keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
                index += 1
            case 0x00...0x1F:
                index += 1
            default:
                // One UTF-8 character: its length from its first byte (the rest in the next read).
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= bytes.count else { return (keys, Array(bytes[index...])) }
                let end = index + length
                if let text = String(validating: bytes[index..<end], as: UTF8.self), let character = text.first,
                    !character.isNewline
                {
                    keys.append(.character(character))
                }
                index = end
            }
        }
        return (keys, [])
    }
}
