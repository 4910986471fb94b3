#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One build of an output at a time: an advisory `flock` on `lock` in the
/// state folder, held from a build's first write to its last. The file holds
/// the holder's process id (`recordSize` bytes, written in place), for the
/// message of a build that waits. A lock left by a killed build is never in
/// the way: the kernel drops it with the process.
final class BuildLock {
    private let descriptor: Int32
    /// Whether another build held the lock first (so the build state may have changed since it was read).
    private(set) var waited = false

    /// What to do when another build holds the lock.
    enum Contention {
        /// Wait for it; `waiting` is told first (with the other build's process id, if known).
        case wait(waiting: (Int32?) -> Void)
        /// Give up at once.
        case fail
    }

    /// Another build holds the lock and this one would not wait.
    struct Held: Error {
        /// The other build's process id, if known.
        var holder: Int32?
    }

    /// Takes the lock of `output`'s builds, creating the state folder if needed.
    init(for output: OutputFolder, contention: Contention) throws {
        try FileWriter.createFolder(output.statePath)
        let path = output.statePath + "/lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                close(descriptor)
                throw FileSystemError(path: path)
            }
            let holder = Self.holder(descriptor)
            guard case .wait(let waiting) = contention else {
                close(descriptor)
                throw Held(holder: holder)
            }
            waiting(holder)
            waited = true
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(descriptor)
                    throw FileSystemError(path: path)
                }
            }
        }
        Self.record(getpid(), in: descriptor)
    }

    /// How many bytes the holder's process id takes in the lock file: ten digits, zeros first, and a newline.
    static let recordSize = 11

    /// Writes `pid` over the last holder's, in place and always as long: truncating the file first
    /// freed its block, and a disk that discards freed blocks made the build wait for that at its
    /// start (5 to 60 ms on the machine we measure on). A longer file (not written by sitegen) is cut.
    private static func record(_ pid: Int32, in descriptor: Int32) {
        let digits = String(pid)
        var text = String(repeating: "0", count: max(0, recordSize - 1 - digits.count)) + digits + "\n"
        text.withUTF8 { _ = pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > recordSize { _ = ftruncate(descriptor, off_t(recordSize)) }
    }

    /// The lock of a folder sitegen already keeps state for, if nobody holds it: a build
    /// may take it before anything shows that it will write (the state folder is there).
    static func ifFree(for output: OutputFolder) -> BuildLock? {
        guard DirectoryListing.isFolder(output.statePath) else { return nil }
        return try? BuildLock(for: output, contention: .fail)  // Held or failing: taken, or not, later as ever.
    }

    deinit { close(descriptor) }  // Closing drops the lock.

    /// The process id written in the lock file by its holder.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingWhitespace)
    }
}
