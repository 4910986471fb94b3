/// What one look at a reused staging tree found, before the plan is known:
/// which of its recorded files are still as recorded, which folders are no
/// longer folders, and what lies in changed folders that the record does not
/// know. It only reads (`lstat`, and listing the changed folders), so a build
/// that holds the output's lock from its start takes it on another core
/// while it loads and models the site (`InBackground`), and
/// `StagingSync.reconcile` then only applies the plan to it.
///
/// The tree's record says what it holds, so the tree is not walked: one
/// `lstat` per file and per folder tells what changed since. A file is
/// untouched when it is a regular file of the recorded size whose
/// status-change time is not later than its record's; a folder whose
/// status-change time is later than the tree's had entries added or removed
/// (by hand, while it was the live output, or by a build that was killed) and
/// is listed. (File times come from a clock that ticks every few
/// milliseconds; a build returns only after the tick its last write was
/// stamped in, so no later change can share it.)
struct StagingSurvey: Sendable {
    /// The inode of the tree's root folder and the record's time: the survey is of that record's tree.
    let root: UInt64
    let written: Int64
    /// The recorded files, each as the survey found it.
    let files: [File]
    /// A recorded file and what its `lstat` said of it.
    struct File: Sendable {
        var path: OutputPath
        var record: TreeRecord.File
        /// Still as recorded.
        var untouched: Bool
        /// One of several links to its data: removing it frees no block of the disk.
        var shared: Bool
        /// Its inode, which tells whether the live tree's file at its path is the same one.
        var inode: UInt64
    }
    /// Recorded folders that are no longer folders (to remove whole).
    let replaced: [String]
    /// Entries of changed folders that the record does not know (to remove).
    let strays: [String]

    /// Looks at the tree at `staging` as `record` describes it.
    init(_ staging: String, record: TreeRecord) throws(FileSystemError) {
        let rootFolder = try FolderHandle(staging)
        root = try rootFolder.inode()
        written = record.written
        let folders = StagingSync.parentFolders(of: record.files.keys.lazy.map(\.text))

        // Folders: trusted, changed since (list them), or no longer folders (remove).
        let list = folders.map(\.text)
        let verdicts = list.map { folder -> FolderVerdict in
            guard !folder.isEmpty else { return .changed }  // Swaps and kept items change the root: always listed.
            guard let status = rootFolder.status(of: folder), status.isFolder else { return .replaced }
            return status.changed <= record.written ? .trusted : .changed
        }
        replaced = zip(list, verdicts).filter { $0.1 == .replaced }.map(\.0)
        var strays: [String] = []
        for (folder, verdict) in zip(list, verdicts) where verdict == .changed {
            let path = folder.isEmpty ? staging : staging + "/" + folder
            guard DirectoryListing.isFolder(path) else { continue }
            for entry in try DirectoryListing.entries(of: path) {
                let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
                if record.files[OutputPath(relative)] == nil && !folders.contains(OutputPath(relative)) {
                    strays.append(relative)
                }
            }
        }
        self.strays = strays

        // Files: untouched when still as recorded.
        var files: [File] = []
        files.reserveCapacity(record.files.count)
        for (path, file) in record.files {
            let status = rootFolder.status(of: path.text)
            files.append(
                File(
                    path: path, record: file, untouched: status?.isAsRecorded(file) ?? false,
                    shared: status?.isSharedFile ?? false, inode: status?.inode ?? 0))
        }
        self.files = files
    }

    /// Whether this survey is of the tree `record` describes, as it was then.
    func isOf(_ record: TreeRecord) -> Bool { root == record.root && written == record.written }

    private enum FolderVerdict { case trusted, changed, replaced }
}
