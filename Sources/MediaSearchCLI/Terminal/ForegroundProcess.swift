import Foundation
import MediaSearchSpawn

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program that shares the terminal with us (the pager, a media player, a browser
/// opener) the way git and gh run their pager: in this process's own process group, which is
/// the terminal's foreground group when we were started from a shell.
///
/// Foundation's `Process` starts every child in a process group of its own on Linux. The kernel
/// then stops such a child (SIGTTOU, SIGTTIN) as soon as it touches the terminal, and a command
/// waiting for its pager waits forever. ``Spawn`` starts it in ours, with every signal at its
/// default and none blocked (Ctrl-C reaches the pager).
enum ForegroundProcess {
    /// Runs `arguments` (the first is the program's path) and waits for it; its standard input is
    /// `input` through a pipe, or `/dev/null`. Standard output and error are ours, or `/dev/null`
    /// when `quiet`.
    /// - Returns: its exit status (128 + the signal when a signal ended it), or `nil` when it
    ///   could not be started.
    static func run(
        _ arguments: [String], environment: [String: String], input: String? = nil, quiet: Bool = false
    ) -> Int32? {
        var fds: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&fds) == 0 else { return nil }
        }
        // In our process group (the terminal's foreground group), with none of our other
        // descriptors: a browser opener that daemonizes holds nothing of ours.
        let spawned = Spawn.start(
            Spawn.Request(
                executable: arguments[0], arguments: Array(arguments.dropFirst()), environment: environment,
                stdin: input != nil ? .descriptor(fds[0]) : .null, stdout: quiet ? .null : .inherit,
                stderr: quiet ? .null : .inherit, ownProcessGroup: false))
        if input != nil { close(fds[0]) }
        guard case .success(let pid) = spawned else {
            if input != nil { close(fds[1]) }
            return nil
        }
        if let input {
            // A pager the user quits early closes the pipe: the rest of the text is not needed.
            signal(SIGPIPE, SIG_IGN)
            var bytes = Array(input.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }
                bytes = bytes.dropFirst(written)
            }
            close(fds[1])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return nil }
        }
        return Spawn.exitStatus(status)
    }
}
