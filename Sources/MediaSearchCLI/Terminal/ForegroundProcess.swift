import Foundation

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
/// waiting for its pager waits forever. The child also gets the default disposition of the
/// signals we ignore or handle ourselves (SIGINT, SIGPIPE, SIGQUIT, SIGTERM) and an empty signal
/// mask: ignored signals would otherwise stay ignored across `exec`, and Ctrl-C would never
/// reach the pager.
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
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        if quiet {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGPIPE, SIGQUIT, SIGTERM, SIGTSTP, SIGTTIN, SIGTTOU] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        // A program file that was just written may still be open for writing in a process that
        // is between fork and exec (ETXTBSY): that passes within moments, so try again briefly.
        var attempts = 1
        while result == ETXTBSY && attempts < 20 {
            usleep(50_000)
            attempts += 1
            result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        }
        let started = result == 0
        if input != nil { close(fds[0]) }
        guard started else {
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
        let signalled = status & 0x7F
        return signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled
    }
}
