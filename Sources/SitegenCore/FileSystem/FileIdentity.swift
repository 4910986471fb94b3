#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What makes a file or folder itself whatever names lead to it: its device
/// and inode numbers. A walk that meets a folder's identity twice has met a
/// symbolic link back into what it walked.
package struct FileIdentity: Sendable, Hashable {
    /// The device the file is on.
    package var device: UInt64
    /// Its inode number on that device.
    package var inode: UInt64

    /// The identity of what `path` leads to (links followed), or `nil` when nothing is there.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
