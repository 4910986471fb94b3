#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file opened for reading and writing in place, and for an advisory lock on it (`flock`):
/// the lock is the open file's, so it goes when the file is closed, when the last reference
/// goes (or when the process ends, however it ends). The descriptor never leaves this type.
final class LockFile {
    private let descriptor: Int32
    /// The file's path, for errors.
    let path: String

    /// Opens the file at `path`, creating it if missing.
    init(_ path: String) throws(FileSystemError) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
        self.path = path
    }

    deinit { close(descriptor) }

    /// Takes the lock if nobody holds it; returns whether it did.
    func lockIfFree() throws(FileSystemError) -> Bool {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
        guard errno == EWOULDBLOCK else { throw FileSystemError(path: path) }
        return false
    }

    /// Takes the lock, waiting as long as another holds it.
    func lock() throws(FileSystemError) {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileSystemError(path: path) }
        }
    }

    /// Up to `count` bytes from the start of the file.
    func readStart(upTo count: Int) throws(FileSystemError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard read >= 0 else { throw FileSystemError(path: path) }
        return Array(buffer[..<read])
    }

    /// Writes `bytes` at the start of the file, over what is there.
    func writeAtStart(_ bytes: [UInt8]) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(written))
            }
            if count < 0 && errno == EINTR { continue }
            // A write of nothing would loop for ever: said as the device's failure to take bytes.
            guard count > 0 else { throw FileSystemError(path: path, code: count < 0 ? errno : EIO) }
            written += count
        }
    }

    /// The file's size in bytes.
    func size() throws(FileSystemError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(path: path) }
        return Int(status.st_size)
    }

    /// Cuts the file to `size` bytes.
    func truncate(to size: Int) throws(FileSystemError) {
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw FileSystemError(path: path) }
    }

    /// This process's id, which a lock file's holder writes in it.
    static var processID: Int32 { getpid() }
}
