#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An operating-system error with the call and path it came from.
package struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// The path involved.
    package var path: String
    /// The system's words for `errno`, e.g. "No such file or directory".
    package var reason: String
    /// The `errno` value.
    package var code: Int32

    /// What the failure left for the user to do, if anything.
    package var note: String?

    /// Captures the current `errno` for a path, with an optional note on what it leaves to do.
    package init(path: String, code: Int32 = errno, note: String? = nil) {
        self.path = path
        self.code = code
        self.note = note
        reason = String(cString: strerror(code))
    }

    package var description: String { "\(path): \(reason)" + (note.map { "; " + $0 } ?? "") }

    /// The error for something that is not a regular file where one is read (a FIFO would block the read).
    static func notRegularFile(_ path: String, mode: mode_t) -> FileSystemError {
        var error = FileSystemError(path: path, code: EINVAL)
        let kind: String
        switch mode & S_IFMT {
        case S_IFIFO: kind = "a named pipe (FIFO)"
        case S_IFDIR: kind = "a folder"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a file"
        }
        error.reason = "not a regular file: it is \(kind)"
        return error
    }
}

/// Reads whole files with POSIX calls, refusing files over a size limit before reading them.
package enum FileReader {
    /// The outcome of a read that may be refused for size.
    package enum Failure: Error, Sendable {
        /// The file could not be opened or read.
        case system(FileSystemError)
        /// The file is larger than the limit.
        case tooLarge(size: Int, limit: Int)

        /// Why, in words: "Permission denied", "it is 12 bytes, more than the limit of 10".
        package var reason: String {
            switch self {
            case .system(let error): return error.reason
            case .tooLarge(let size, let limit): return "it is \(size) bytes, more than the limit of \(limit)"
            }
        }
    }

    /// The file's bytes; fails for files larger than `limit` bytes, and for anything but a regular file.
    package static func read(_ path: String, limit: Int = .max) throws(Failure) -> [UInt8] {
        let descriptor: Int32
        do {
            descriptor = try openRegularFile(path)
        } catch {
            throw .system(error)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(FileSystemError(path: path)) }
        let size = Int(status.st_size)
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        do {
            return try read(descriptor, upTo: size, path: path)
        } catch {
            throw .system(error)
        }
    }

    /// Up to `length` bytes from the start of a file (all of a shorter one).
    package static func readPrefix(_ path: String, length: Int) throws(FileSystemError) -> [UInt8] {
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }
        return try read(descriptor, upTo: length, path: path)
    }

    /// The first `length` bytes of a file and its last `suffix` bytes (fewer when it is
    /// shorter; they overlap then), with its size: enough to tell an image is whole without reading it all.
    package static func readEnds(_ path: String, prefix length: Int, suffix: Int) throws(FileSystemError) -> (
        head: [UInt8], tail: [UInt8], size: Int
    ) {
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }
        let head = try read(descriptor, upTo: length, path: path)
        let size = Int(lseek(descriptor, 0, SEEK_END))
        guard size >= 0, lseek(descriptor, off_t(max(0, size - suffix)), SEEK_SET) >= 0 else {
            throw FileSystemError(path: path)
        }
        return (head, try read(descriptor, upTo: min(suffix, size), path: path), size)
    }

    /// Opens a file for reading once it is known to be a regular file. Opened
    /// without waiting (`O_NONBLOCK`), so that a named pipe, which would block
    /// the open until something writes to it, is refused instead.
    static func openRegularFile(_ path: String) throws(FileSystemError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = FileSystemError(path: path)
            close(descriptor)
            throw error
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .notRegularFile(path, mode: status.st_mode)
        }
        return descriptor
    }

    /// Up to `length` bytes from an open file, fewer when it ends first.
    static func read(_ descriptor: Int32, upTo length: Int, path: String) throws(FileSystemError) -> [UInt8] {
        var failure: FileSystemError?
        // Not zeroed first: the read fills it (a big state file is otherwise written to twice).
        let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            while initialized < length {
                let count = systemRead(descriptor, buffer.baseAddress! + initialized, length - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = FileSystemError(path: path)
                    break
                }
                if count == 0 { break }
                initialized += count
            }
        }
        if let failure { throw failure }
        return bytes
    }
}
