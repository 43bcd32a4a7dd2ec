import Foundation
import MediaSearchKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Crash-safe, private file writes and cross-process locks for the user's files.
public enum AtomicFile {
    /// Creates a directory (and parents) readable by the user only (0700).
    public static func makeDirectory(_ path: String) throws(MediaSearchError) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .storage(path: path, message: "cannot create the directory")
        }
    }

    /// Writes data to a temporary file beside `path` (mode 0600), flushes it to the disk when
    /// `durable` (what the user saved: history, last results, config), then renames it over
    /// `path`, so a reader sees the old or the new file, never half of one. A file that can be
    /// made again (a playlist to play) skips the flush, which costs several milliseconds.
    public static func write(_ data: Data, to path: String, durable: Bool = true) throws(MediaSearchError) {
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try openCreating(path) { open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600) }
        guard fd >= 0 else { throw .storage(path: path, message: "cannot write (\(String(cString: strerror(errno))))") }
        let ok = writeAll(data, to: fd) && (!durable || fsync(fd) == 0)
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .storage(path: path, message: "cannot write (\(String(cString: strerror(errno))))")
        }
    }

    /// Whether `path` is a regular file of this user's, private (0600), that holds exactly
    /// `data`: a save that would write the same bytes may then leave it as it is. A link, a file
    /// of another owner or another mode is `false` (a write replaces it, as it always did), and
    /// a file of another size is not read.
    public static func holds(_ data: Data, at path: String) -> Bool {
        guard let size = privateFileSize(path), size == data.count else { return false }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        return total == size && data.elementsEqual(bytes.prefix(size))
    }

    /// The size of `path` when it is a regular file of this user's with mode 0600 (as this
    /// program writes its files); `nil` for anything else, a link included.
    public static func privateFileSize(_ path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == getuid(),
            (status.st_mode & 0o777) == 0o600
        else { return nil }
        return Int(status.st_size)
    }

    /// Writes all of `data` to `fd` from its start (a short write goes on where it stopped, an
    /// interrupted one is retried); `false` on an error, `errno` then says which.
    private static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = pwrite(fd, buffer.baseAddress! + offset, buffer.count - offset, off_t(offset))
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// How long a lock is waited for before giving up: every holder keeps it for milliseconds, so
    /// a longer wait means a stuck process, which must not stall this one.
    public static let lockTimeout: Double = 10

    /// Runs `body` holding an exclusive lock on `path + ".lock"`, shared by every process; waits at
    /// most `timeout` seconds for it.
    /// - Throws: ``MediaSearchError/storage(path:message:)`` when the lock cannot be had in time.
    public static func withLock<T>(_ path: String, timeout: Double = lockTimeout, _ body: () throws -> T) throws -> T {
        let fd = try openCreating(path) { open(path + ".lock", O_RDWR | O_CREAT, 0o600) }
        guard fd >= 0 else { throw MediaSearchError.storage(path: path, message: "cannot create its lock file") }
        defer { close(fd) }
        let deadline = Date().addingTimeInterval(timeout)
        // Holders keep a lock for a millisecond or less (a search's history entry): the wait
        // starts short and grows to 5 ms, rather than always sleeping 5 ms.
        var pause: UInt32 = 100
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw MediaSearchError.storage(path: path, message: "cannot lock")
            }
            guard Date() < deadline else {
                throw MediaSearchError.storage(
                    path: path, message: "locked by another process for over \(Int(timeout)) s")
            }
            usleep(pause)
            pause = min(pause * 2, 5_000)
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// As ``withLock(_:timeout:_:)``, for async callers such as `serve`: the wait for the lock
    /// holds no thread (the tries are spaced by sleeps of the task), and only `body`, under the
    /// lock, runs on the blocking pool. So however many requests wait for a lock another process
    /// holds, the blocking pool's threads stay free for the rest of the server's work.
    public static func withLock<T: Sendable>(
        _ path: String, timeout: Double = lockTimeout, _ body: @escaping @Sendable () throws -> T
    ) async throws -> T {
        let fd = try openCreating(path) { open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw MediaSearchError.storage(path: path, message: "cannot create its lock file") }
        defer { close(fd) }
        let deadline = ContinuousClock.now + .seconds(timeout)
        var pause = Duration.microseconds(200)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw MediaSearchError.storage(path: path, message: "cannot lock")
            }
            guard ContinuousClock.now < deadline else {
                throw MediaSearchError.storage(
                    path: path, message: "locked by another process for over \(Int(timeout)) s")
            }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
        defer { flock(fd, LOCK_UN) }
        return try await BlockingWork.run(body)
    }

    /// The descriptor `open` gives for a file beside `path`, creating the folder first (0700) only
    /// when it is missing: asking `FileManager` for the folder on every write and every lock cost
    /// more than the write itself.
    private static func openCreating(_ path: String, _ open: () -> Int32) throws(MediaSearchError) -> Int32 {
        let fd = open()
        guard fd < 0, errno == ENOENT else { return fd }
        try makeDirectory((path as NSString).deletingLastPathComponent)
        return open()
    }

    /// Moves a damaged file aside as `<name>.corrupt-<time>` and returns the new path.
    public static func setAside(_ path: String) -> String {
        let target = "\(path).corrupt-\(Int(Date().timeIntervalSince1970))"
        rename(path, target)
        return target
    }
}
