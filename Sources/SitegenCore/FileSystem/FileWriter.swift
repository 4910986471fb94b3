#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes output files with plain POSIX calls (no per-file Foundation overhead).
package enum FileWriter {
    /// Creates (or truncates) `path` and writes `bytes` to it.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(FileSystemError) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in try write(buffer, to: path, mode: mode) }
        }.get()
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to path: String, mode: mode_t) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
        defer { close(descriptor) }
        try writeAll(buffer, to: descriptor, path: path)
    }

    /// Writes every byte to an open descriptor, retrying short writes and interruptions.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String)
        throws(FileSystemError)
    {
        var written = 0
        while written < buffer.count {
            let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path)
            }
            written += count
        }
    }

    /// Writes `text` to a new file at `path`, replacing whatever was there by
    /// unlinking it first: a file shared with another tree by a hard link is never written into.
    package static func writeNew(_ text: String, to path: String) throws(FileSystemError) {
        var text = text
        try text.withUTF8 { buffer in
            Result { () throws(FileSystemError) in try writeNew(UnsafeRawBufferPointer(buffer), to: path) }
        }.get()
    }

    /// Writes `bytes` to a new file at `path`, as `writeNew(_:to:)` for text.
    package static func writeNew(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in try writeNew(buffer, to: path) }
        }.get()
    }

    private static func writeNew(_ buffer: UnsafeRawBufferPointer, to path: String) throws(FileSystemError) {
        // Created first, unlinked only when there is a file: most files written are new.
        var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 && errno == EEXIST {
            guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError(path: path) }
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
        defer { close(descriptor) }
        try writeAll(buffer, to: descriptor, path: path)
    }

    /// Writes `bytes` over the file at `path` in place, when it is a regular file with no other
    /// name; else as `writeNew`. Only for files nobody else reads while they are written (the
    /// staging tree's): a reader could see the file half-written. Writing over a file frees none
    /// of its blocks, as unlinking it does, which a disk that discards freed blocks makes wait.
    static func writeOver(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in
                let descriptor = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
                if descriptor >= 0 {
                    defer { close(descriptor) }
                    var status = stat()
                    // Its own links, looked at on the open file: a file shared with the live tree is never written into.
                    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_nlink == 1 {
                        try writeAll(buffer, to: descriptor, path: path)
                        guard ftruncate(descriptor, off_t(buffer.count)) == 0 else { throw FileSystemError(path: path) }
                        return
                    }
                }
                try writeNew(buffer, to: path)
            }
        }.get()
    }

    /// Writes a file whole or not at all, in pieces that `write` hands to a
    /// `HashedFile`: a temp file beside it, put in its place. The old file is
    /// unlinked first rather than renamed over, so for a moment there is none:
    /// for a file whose absence is harmless (the build state), this spares ext4's
    /// flush of a file renamed over another (`auto_da_alloc`), which made writing
    /// the 10k-post state take 50–150 ms instead of 10.
    static func replacing(_ path: String, write: (HashedFile) throws(FileSystemError) -> Void) throws(FileSystemError) {
        let temporary = path + temporarySuffix + "\(getpid())"
        do throws(FileSystemError) {
            try write(try HashedFile(creating: temporary))
            guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError(path: path) }
            try FolderExchange.rename(temporary, to: path)
        } catch {
            unlink(temporary)  // A failed write (a full disk) leaves nothing behind.
            throw error
        }
    }

    /// What `replacing` adds to a path for its temp file, before the process id.
    package static let temporarySuffix = ".tmp-"

    /// Creates a folder and its missing parents.
    package static func createFolder(_ path: String) throws(FileSystemError) {
        if mkdir(path, 0o755) == 0 || (errno == EEXIST && DirectoryListing.isFolder(path)) { return }
        if errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try createFolder(String(path[..<slash]))
            if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        }
        throw FileSystemError(path: path)
    }

    /// Removes a file or a whole folder tree; a missing path is not an error.
    package static func removeTree(_ path: String) throws(FileSystemError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw FileSystemError(path: path)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            for entry in try DirectoryListing.entries(of: path) { try removeTree(path + "/" + entry.name) }
            guard rmdir(path) == 0 else { throw FileSystemError(path: path) }
        } else {
            guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError(path: path) }
        }
    }
}
