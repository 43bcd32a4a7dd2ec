import Foundation

/// Runs a built executable, such as `mediasearch`, the way a user would, and collects its output.
public struct CommandRunner: Sendable {
    /// What a finished run printed and how it exited.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        /// What the command wrote to stderr; when the runner stopped it, a last line says so.
        public var stderr: String
        /// Whether the runner stopped the command at its time-out (its status is then the
        /// signal's, 143 or 137, which says nothing by itself).
        public var timedOut = false

        public init(status: Int32, stdout: String, stderr: String, timedOut: Bool = false) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
            self.timedOut = timedOut
        }
    }

    /// The executable.
    public var executable: URL
    /// A private home with its own XDG directories, so runs never touch the user's files.
    public var home: URL

    /// Runs another executable (a driver such as `python3` through `/usr/bin/env`) with the
    /// same private home as an existing runner.
    public init(executable: URL, home: URL) {
        self.executable = executable
        self.home = home
    }

    /// Finds `name` beside the running test bundle (or at `$MEDIASEARCH_BINARY`, to run the same
    /// tests against another build) and makes a fresh home directory for it.
    public init(product name: String = "mediasearch") throws {
        let override = name == "mediasearch" ? ProcessInfo.processInfo.environment["MEDIASEARCH_BINARY"] : nil
        let candidates =
            override.map { [URL(fileURLWithPath: $0)] } ?? [
                Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
                Bundle.main.bundleURL.appendingPathComponent(name),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name),
            ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        executable = found
        home = FileManager.default.temporaryDirectory.appendingPathComponent("mediasearch-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try write(Self.userConfiguration, to: Self.userConfigurationPath)
    }

    /// Where the home's own config file is (`$XDG_CONFIG_HOME/mediasearch/config.yaml`).
    public static let userConfigurationPath = "config/mediasearch/config.yaml"

    /// The config file every new home starts with: iTunes's four kinds, as most tests ask one
    /// source about one behaviour. The built-in defaults search more free sources
    /// (`Configuration.kinds`); a test of those removes this file (``removeUserConfiguration()``),
    /// and a test of other sources writes its own.
    public static let userConfiguration = "kinds: [\(testKinds.joined(separator: ", "))]\n"

    /// iTunes's four kinds, which most tests search.
    public static let testKinds = ["song", "movie", "audiobook", "podcast"]

    /// Removes the home's config file, so that a run has the built-in defaults.
    public func removeUserConfiguration() throws {
        try FileManager.default.removeItem(at: home.appendingPathComponent(Self.userConfigurationPath))
    }

    /// The environment of a run: only the private home, XDG directories and the given variables.
    public func environment(_ extra: [String: String]) -> [String: String] {
        Self.privateHome(home).merging(extra) { _, new in new }
    }

    /// A private home's variables: `HOME`, the four XDG folders under it, and the system's `PATH`
    /// alone; what every run of the program under test gets, in process or not.
    public static func privateHome(_ home: URL) -> [String: String] {
        [
            "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path, "PATH": "/usr/bin:/bin",
        ]
    }

    /// Runs the executable in `directory` (default: the home) and waits for it, at most `timeout` seconds.
    public func run(
        _ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil,
        timeout: Double = 60
    ) async throws -> Result {
        try await run(program: executable, arguments, environment: extra, in: directory, timeout: timeout)
    }

    /// Runs another program (`/bin/sh`, to read a line as a shell does) as ``run(_:environment:in:timeout:)``
    /// runs the executable: in the home, with its environment, its time bounded.
    public func run(
        program executable: URL, _ arguments: [String], environment extra: [String: String] = [:],
        in directory: URL? = nil, timeout: Double = 60
    ) async throws -> Result {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(extra)
        process.currentDirectoryURL = directory ?? home
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Pipes are drained on their own threads: blocking reads on the cooperative pool would
        // starve the in-process fixture server the command is talking to.
        async let outData = Self.readAll(out.fileHandleForReading)
        async let errData = Self.readAll(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if !timedOut, Date() > deadline {
                timedOut = true
                process.terminate()
            } else if timedOut, Date() > deadline.addingTimeInterval(10) {
                process.signal(SIGKILL)  // it ignored SIGTERM for 10 s
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        let (stdout, stderr) = await (outData, errData)
        var said = String(decoding: stderr, as: UTF8.self)
        if timedOut {
            // The failure names the command and the limit: a bare 143 reads as the program's own.
            let command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
            said += "\n[test runner: '\(command)' stopped after its time-out of \(String(format: "%g", timeout)) s]\n"
        }
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: said,
            timedOut: timedOut)
    }

    /// Writes a file under the home and returns its path.
    @discardableResult
    public func write(_ text: String, to relativePath: String) throws -> String {
        let url = home.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private static func readAll(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
    }
}
