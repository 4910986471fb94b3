#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a folder by its real path (no symbolic link in it) one part at a
/// time from `/`, refusing to follow a link at any part. A write then goes to
/// the folder that was checked, by calls relative to the open folder: a part of
/// the path replaced by a link afterwards (a branch checked out while the
/// preview runs) is found here and refused, instead of being written through.
enum LinkFreeFolder {
    /// Why the folder was not opened.
    enum Failure: Error {
        /// A part of the path, `path` (absolute, up to and including that part), is now a symbolic link.
        case link(path: String)
        /// The system refused a call.
        case system(FileSystemError)
    }

    /// The open folder at `realPath` (every link already resolved; a relative path is taken from the
    /// current folder); the caller closes it.
    static func open(_ realPath: String) throws(Failure) -> Int32 {
        let start = realPath.hasPrefix("/") ? "/" : "."
        #if canImport(Glibc)
            var descriptor = Glibc.open(start, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #else
            var descriptor = Darwin.open(start, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #endif
        guard descriptor >= 0 else { throw .system(FileSystemError(path: start)) }
        var walked = start == "/" ? "" : "."
        for part in realPath.split(separator: "/") where part != "." {
            walked += "/" + part
            let next = openat(descriptor, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            systemClose(descriptor)
            guard next >= 0 else {
                // A link at the last part gives ELOOP; some systems say ENOTDIR for it, as for a file.
                if code == ELOOP || (code == ENOTDIR && DirectoryListing.linkKind(of: walked) == .symlink) {
                    throw .link(path: walked)
                }
                throw .system(FileSystemError(path: walked, code: code))
            }
            descriptor = next
        }
        return descriptor
    }
}
