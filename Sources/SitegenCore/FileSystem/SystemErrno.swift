#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `errno` value, for the failures a caller treats apart from the rest (a missing file, one
/// in the way, a folder not empty). Thrown by the thin wrappers of system calls where a failure
/// is an answer rather than a problem (`FolderHandle.link`): it is one number, made without
/// the system's words for it, so a failure that is expected costs nothing.
struct SystemErrno: Error, Equatable, Sendable {
    /// The raw value.
    let code: Int32

    /// The value the last failed system call of this thread left.
    @inline(__always)
    static var current: SystemErrno { SystemErrno(code: errno) }

    /// `ENOENT`: no such file or folder (or a folder on its path is missing).
    static let noSuchFile = SystemErrno(code: ENOENT)
    /// `EEXIST`: something is already there.
    static let exists = SystemErrno(code: EEXIST)
    /// `ENOTEMPTY`: a folder to remove still holds entries.
    static let notEmpty = SystemErrno(code: ENOTEMPTY)
    /// `EACCES`: the permissions refuse it.
    static let accessDenied = SystemErrno(code: EACCES)
    /// `EPERM`: not permitted, whatever the permissions (an immutable file, for one).
    static let notPermitted = SystemErrno(code: EPERM)
}

extension FileSystemError {
    /// A failure at `path`, with the system's words for `errno`.
    init(path: String, _ errno: SystemErrno) { self.init(path: path, code: errno.code) }

    /// The failure's `errno` value.
    var systemErrno: SystemErrno { SystemErrno(code: code) }
}
