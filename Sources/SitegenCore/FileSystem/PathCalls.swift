#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// System calls on a whole path, for the few places that act on one entry rather than a
/// tree (`FileWriter`) or a folder's entries (`FolderHandle`).
enum PathCalls {
    /// Whether something is at `path`, following symbolic links (a dangling link is nothing).
    @inline(__always)
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Removes the name `path` (not a folder).
    @inline(__always)
    static func unlink(_ path: String) throws(SystemErrno) {
        guard systemUnlink(path) == 0 else { throw .current }
    }

    /// Removes the folder at `path` if it is empty (`.notEmpty` otherwise).
    @inline(__always)
    static func removeEmptyFolder(_ path: String) throws(SystemErrno) {
        guard rmdir(path) == 0 else { throw .current }
    }
}

/// `unlink(2)`, under a name that does not clash with `PathCalls.unlink`.
@inline(__always)
private func systemUnlink(_ path: String) -> Int32 {
    #if canImport(Glibc)
        return Glibc.unlink(path)
    #else
        return Darwin.unlink(path)
    #endif
}
