/// What one of the two output trees holds (the live output, or the staging
/// tree beside it), so a build can reuse its files without reading them.
///
/// Trust is by status-change time: a file is as recorded while its size is
/// the same and its status has not changed since `trusted`; a folder whose
/// status changed after `written` had entries added or removed by someone
/// else and is listed. Every change a build makes moves those times, so a
/// tree left half-changed by a killed build is never taken at its word.
struct TreeRecord: Sendable, Equatable {
    /// One file of the tree.
    struct File: Sendable, Equatable {
        /// Names the file's bytes (see `PageRecord.fingerprint`; a hash of the bytes for assets).
        var fingerprint: UInt64
        /// Its size in bytes.
        var size: Int
        /// The latest status-change time (nanoseconds since 1970) at which it was known to be as recorded.
        var trusted: Int64
    }

    /// The inode of the tree's root folder: the record belongs to the folder
    /// that has it (a swap exchanges the two trees' folders).
    var root: UInt64
    /// When the tree was last known whole (nanoseconds since 1970).
    var written: Int64
    /// Its files, by path relative to the tree.
    var files: [OutputPath: File]
}
