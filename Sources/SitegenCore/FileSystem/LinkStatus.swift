#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `lstat` says about a path (a symbolic link is not followed): its kind, size, links,
/// inode and status-change time.
struct LinkStatus {
    var isFile: Bool
    var isFolder: Bool
    var isSymbolicLink: Bool
    var size: Int
    /// How many names the file's data has.
    var links: Int
    var inode: UInt64
    /// Nanoseconds since 1970.
    var changed: Int64

    /// Whether this is a regular file whose data has other names too.
    var isSharedFile: Bool { isFile && links > 1 }

    /// The status of the entry at `path` itself, or `nil` when there is none (or it cannot be looked at).
    init?(atPath path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The status `fstat` or `fstatat` filled in (`FolderHandle`, `OpenFile`).
    init(_ status: stat) {
        isFile = (status.st_mode & S_IFMT) == S_IFREG
        isFolder = (status.st_mode & S_IFMT) == S_IFDIR
        isSymbolicLink = (status.st_mode & S_IFMT) == S_IFLNK
        size = Int(status.st_size)
        links = Int(status.st_nlink)
        inode = UInt64(status.st_ino)
        #if canImport(Glibc)
            changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        #else
            changed = Int64(status.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(status.st_ctimespec.tv_nsec)
        #endif
    }
}
