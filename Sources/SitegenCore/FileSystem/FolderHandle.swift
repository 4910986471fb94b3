#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open folder, for the system calls that take a path relative to it (`fstatat`, `openat`,
/// `linkat`, `unlinkat`): the kernel then resolves only the rest of each path, not the
/// folder's own again, which a build that looks at ten thousand files in one tree feels.
/// Closed when the last reference goes. The descriptor never leaves this type.
final class FolderHandle: Sendable {
    private let descriptor: Int32
    /// The folder's path, as opened.
    let path: String

    /// Opens the folder at `path`.
    init(_ path: String) throws(FileSystemError) {
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
        self.path = path
    }

    deinit { close(descriptor) }

    /// The inode of the folder itself.
    func inode() throws(FileSystemError) -> UInt64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(path: path) }
        return UInt64(status.st_ino)
    }

    /// The status of the entry at `relative` itself (a symbolic link is not followed), or `nil`
    /// when there is none or it cannot be looked at.
    @inline(__always)
    func status(of relative: String) -> LinkStatus? {
        var status = stat()
        // Through `withCString`: passing the String itself copied it into a new array first.
        guard relative.withCString({ fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
        return LinkStatus(status)
    }

    /// Up to `length` bytes of the regular file at `relative` (a symbolic link is refused), with the
    /// status of the file that was read, taken after reading it.
    func read(_ relative: String, upTo length: Int) throws(FileSystemError) -> (bytes: [UInt8], status: LinkStatus) {
        let file = openat(descriptor, relative, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw FileSystemError(path: path + "/" + relative) }
        defer { close(file) }
        let bytes = try FileReader.read(file, upTo: length, path: relative)
        var status = stat()
        guard fstat(file, &status) == 0 else { throw FileSystemError(path: path + "/" + relative) }
        return (bytes, LinkStatus(status))
    }

    /// Gives the file at `relative` here a second name, the same path in `target`. Throws the
    /// bare `errno` (`.exists`: something is in the way; `.noSuchFile`: the file or the target's
    /// folder is missing), which the caller acts on.
    @inline(__always)
    func link(_ relative: String, into target: FolderHandle) throws(SystemErrno) {
        guard linkat(descriptor, relative, target.descriptor, relative, 0) == 0 else { throw .current }
    }

    /// Removes the name `relative` (not a folder).
    @inline(__always)
    func unlink(_ relative: String) throws(SystemErrno) {
        guard unlinkat(descriptor, relative, 0) == 0 else { throw .current }
    }
}
