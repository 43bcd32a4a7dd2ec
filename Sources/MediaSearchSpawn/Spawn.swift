#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way MediaSearch starts a program (#76 item 9): `posix_spawn`, as the provider
/// programs (`ProcessRunner`), the programs that share the terminal (`ForegroundProcess`: the
/// pager, a player, a browser opener) and the tests' programs (`ChildProcess`) are started.
///
/// Every program starts with no signal blocked and every signal at its default (the signals this
/// process ignores or handles, SIGPIPE and SIGINT among them, would stay so across `exec`, and
/// Ctrl-C would never reach a pager), and, unless asked otherwise, with none of this process's
/// other descriptors (the kernel closes them: glibc 2.34's `addclosefrom_np`, or Darwin's
/// `POSIX_SPAWN_CLOEXEC_DEFAULT`; elsewhere each is marked close-on-exec first). A program file
/// that was just written and is still open for writing in a process between fork and exec
/// ("text file busy") is tried again for a second.
///
/// Why not swiftlang/swift-subprocess (docs/design.md, "Starting programs"): its `run` owns the
/// child's whole life (its streams, its wait), where our three callers each keep theirs (a pipe
/// fed while the program runs and drained with a byte cap, the terminal left to a pager, a
/// `Process`-like object for tests); what they share is this start, some 150 lines.
public enum Spawn {
    /// Where one of the program's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// This process's own.
        case inherit
        /// `/dev/null`.
        case null
        /// A descriptor of ours, which the program gets as its stream.
        case descriptor(Int32)
    }

    /// What to start, and how.
    public struct Request: Sendable {
        /// The program's path.
        public var executable: String
        /// Its arguments, after its own name.
        public var arguments: [String]
        /// Its environment; `nil`: this process's.
        public var environment: [String: String]?
        /// Its working directory; `nil`: this process's.
        public var directory: String?
        /// Its standard input, output and error.
        public var stdin: Stream, stdout: Stream, stderr: Stream
        /// Whether it leads a process group of its own (a program that must not share the
        /// terminal, and whose whole group can be ended), or stays in ours (the terminal's
        /// foreground group, for a pager).
        public var ownProcessGroup: Bool
        /// Whether every descriptor but its three streams is closed for it.
        public var closesOtherDescriptors: Bool

        public init(
            executable: String, arguments: [String], environment: [String: String]? = nil,
            directory: String? = nil, stdin: Stream = .null, stdout: Stream = .inherit, stderr: Stream = .inherit,
            ownProcessGroup: Bool = true, closesOtherDescriptors: Bool = true
        ) {
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
            self.directory = directory
            self.stdin = stdin
            self.stdout = stdout
            self.stderr = stderr
            self.ownProcessGroup = ownProcessGroup
            self.closesOtherDescriptors = closesOtherDescriptors
        }
    }

    /// Why a program did not start, in words (`strerror`'s, or what is missing), without its name.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Starts the program; its process id.
    public static func start(_ request: Request) -> Result<pid_t, Failure> {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (target, stream) in [request.stdin, request.stdout, request.stderr].enumerated() {
            switch stream {
            case .inherit:
                #if canImport(Darwin)
                    // POSIX_SPAWN_CLOEXEC_DEFAULT closes every descriptor no action names, the
                    // standard ones too: a stream of ours is named to keep it.
                    if request.closesOtherDescriptors {
                        posix_spawn_file_actions_adddup2(&actions, Int32(target), Int32(target))
                    }
                #endif
            case .null:
                let mode = target == 0 ? O_RDONLY : O_WRONLY
                posix_spawn_file_actions_addopen(&actions, Int32(target), "/dev/null", mode, 0)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, Int32(target))
            }
        }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if request.closesOtherDescriptors {
            #if canImport(Darwin)
                flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
            #else
                if let closeFrom = Extensions.closeFrom {
                    let code = closeFrom(&actions, 3)
                    guard code == 0 else { return .failure(Failure(description: String(cString: strerror(code)))) }
                } else {
                    markCloseOnExec()
                }
            #endif
        }
        if let directory = request.directory {
            guard let changeDirectory = Extensions.changeDirectory else {
                return .failure(Failure(description: "posix_spawn_file_actions_addchdir_np is missing"))
            }
            let code = changeDirectory(&actions, directory)
            guard code == 0 else {
                return .failure(Failure(description: "\(directory): \(String(cString: strerror(code)))"))
            }
        }
        if request.ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] =
            ([request.executable] + request.arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = request.environment.map { variables in
            variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid: pid_t = 0
        for attempt in 1...20 {
            let code = envp.withUnsafeSpawnEnvironment { environment in
                posix_spawn(&pid, request.executable, &actions, &attributes, argv, environment)
            }
            if code == 0 { return .success(pid) }
            guard code == ETXTBSY, attempt < 20 else {
                return .failure(Failure(description: String(cString: strerror(code))))
            }
            usleep(50_000)
        }
        return .failure(Failure(description: "text file busy"))
    }

    /// A `waitpid` status as a shell says it: the exit status, or 128 + the signal that ended it.
    public static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Marks every open descriptor above stderr close-on-exec, where the kernel cannot close them
    /// for the program (a libc without `addclosefrom_np`).
    private static func markCloseOnExec() {
        #if os(Linux)
            let folder = "/proc/self/fd"
        #else
            let folder = "/dev/fd"
        #endif
        guard let listing = opendir(folder) else { return }
        defer { closedir(listing) }
        let own = dirfd(listing)
        while let entry = readdir(listing) {
            // The name read in place, up to its end: never a copy of the whole 256-byte field.
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let fd = Int32(name), fd > 2, fd != own else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0, flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    #if canImport(Glibc)
        private typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>
    #else
        private typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t?>
    #endif

    /// glibc's and Darwin's spawn extensions that Swift's C modules do not declare.
    private enum Extensions {
        static let closeFrom: (@convention(c) (Actions, Int32) -> Int32)? =
            symbol("posix_spawn_file_actions_addclosefrom_np")
        static let changeDirectory: (@convention(c) (Actions, UnsafePointer<CChar>) -> Int32)? =
            symbol("posix_spawn_file_actions_addchdir_np")

        static func symbol<T>(_ name: String) -> T? {
            guard let found = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
            return unsafeBitCast(found, to: T.self)
        }
    }
}

extension Optional where Wrapped == [UnsafeMutablePointer<CChar>?] {
    /// The environment to hand `posix_spawn`: these variables, or this process's own.
    fileprivate func withUnsafeSpawnEnvironment<T>(
        _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> T
    ) -> T {
        guard let self else {
            #if canImport(Darwin)
                return body(_NSGetEnviron().pointee)
            #else
                return body(environ)
            #endif
        }
        return self.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
