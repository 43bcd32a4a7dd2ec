import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C, counted where it arrives. The signal handler itself does two async-signal-safe things:
/// it adds one to ``presses`` and writes a byte to a pipe, which a thread of ours reads to act on
/// the key (cancel the command, or exit on the second press).
///
/// Counted in the handler, not in a dispatch source's event handler, because a pager that quits
/// on Ctrl-C (`less -K`) ends the command at once: a dispatch handler scheduled on a busy
/// machine ran after the command had already returned, and the process exited 0, not 130. Only
/// the main thread takes the signal (libdispatch's threads block it), and the process exits from
/// the main thread once the command's task is done: the key was sent before the pager quit, so
/// the kernel runs the handler before the main thread runs anything after being woken, and the
/// exit reads the count. If the pipe cannot be made, Ctrl-C keeps its default (the process ends).
enum Interrupts {
    /// How many times Ctrl-C was pressed since ``install(onPress:)``.
    static let presses = Atomic<Int>(0)

    /// The pipe's write end, for the handler (an atomic: a plain static's access may go through
    /// the exclusivity check, which is no signal-safe code).
    private static let writeEnd = Atomic<Int32>(-1)

    /// Installs the handler; `onPress` runs on a thread of its own once per press, with the count
    /// so far.
    static func install(onPress: @escaping @Sendable (Int) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // Both globals are initialized here, not first in the handler.
        writeEnd.store(ends[1], ordering: .sequentiallyConsistent)
        _ = presses.load(ordering: .relaxed)
        let reader = ends[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let got = read(reader, &byte, 1)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { return }
                onPress(presses.load(ordering: .sequentiallyConsistent))
            }
        }
        signal(SIGINT) { _ in
            let saved = errno
            Interrupts.presses.add(1, ordering: .sequentiallyConsistent)
            var byte: UInt8 = 1
            _ = write(Interrupts.writeEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
            errno = saved
        }
    }
}
