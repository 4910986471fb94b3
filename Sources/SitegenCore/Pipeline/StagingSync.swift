#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brings a reused staging tree (the build before last) in line with a new
/// plan: keeps the files whose fingerprint still matches and that nobody
/// touched since they were recorded, deletes everything else, so only changed
/// files need writing.
///
/// The tree's record says what it holds, so the tree is not walked: one
/// `lstat` per file and per folder tells what changed since. A file is
/// trusted when its size matches and its status-change time is not later than
/// its record's; a folder whose status-change time is later than the tree's
/// had entries added or removed (by hand, while it was the live output, or by
/// a build that was killed) and is listed, and anything in it that the record
/// does not know is removed. (File times come from a clock that ticks every
/// few milliseconds; a build returns only after the tick its last write was
/// stamped in, so no later change can share it.)
///
/// A tree nobody else writes into (`trusted`: the preview's private folder) is
/// taken to be as recorded without a look: only the files no longer wanted
/// are removed.
enum StagingSync {
    /// Returns the paths kept as they are.
    static func reconcile(
        _ staging: String, record: TreeRecord?, wanted: [String: UInt64], trusted: Bool = false
    ) throws(FileSystemError) -> Set<String> {
        guard let record else { return [] }  // A fresh, empty staging folder.
        if trusted { return try reconcileTrusted(staging, record: record, wanted: wanted) }
        let files = Array(record.files.keys)
        let folderSet = parentFolders(of: files)
        let folders = Array(folderSet)
        let root = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw FileSystemError(path: staging) }
        defer { close(root) }

        // Folders: trusted, changed since (list them), or no longer folders (remove).
        let verdicts = folders.parallelMap { folder -> FolderVerdict in
            guard !folder.isEmpty else { return .changed }  // Swaps and kept items change the root: always listed.
            guard let status = LinkStatus(folder, in: root), status.isFolder else { return .replaced }
            return status.changed <= record.written ? .trusted : .changed
        }
        for (folder, verdict) in zip(folders, verdicts) where verdict == .replaced {
            try FileWriter.removeTree(staging + "/" + folder)
        }
        for (folder, verdict) in zip(folders, verdicts) where verdict == .changed {
            let path = folder.isEmpty ? staging : staging + "/" + folder
            guard DirectoryListing.isFolder(path) else { continue }
            for entry in try DirectoryListing.entries(of: path) {
                let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
                if record.files[relative] == nil && !folderSet.contains(relative) {
                    try FileWriter.removeTree(path + "/" + entry.name)
                }
            }
        }

        // Files: kept when wanted unchanged and untouched, else removed.
        let outcomes = files.parallelMap { path -> Result<Bool, FileSystemError> in
            let file = record.files[path]!
            if wanted[path] == file.fingerprint, let status = LinkStatus(path, in: root), status.isFile,
                status.size == file.size, status.changed <= file.trusted
            {
                return .success(true)
            }
            return Result { () throws(FileSystemError) in try FileWriter.removeTree(staging + "/" + path) }.map {
                false
            }
        }
        var kept: Set<String> = []
        kept.reserveCapacity(files.count)
        for (path, outcome) in zip(files, outcomes) where try outcome.get() { kept.insert(path) }

        try removeEmptied(parentFolders(of: files.filter { wanted[$0] == nil }), in: staging)
        return kept
    }

    /// `reconcile` for a tree known to be as its record says.
    private static func reconcileTrusted(
        _ staging: String, record: TreeRecord, wanted: [String: UInt64]
    ) throws(FileSystemError) -> Set<String> {
        var kept: Set<String> = []
        kept.reserveCapacity(record.files.count)
        var removed: [String] = []
        for (path, file) in record.files {
            if wanted[path] == file.fingerprint {
                kept.insert(path)
            } else {
                try FileWriter.removeTree(staging + "/" + path)
                if wanted[path] == nil { removed.append(path) }
            }
        }
        try removeEmptied(parentFolders(of: removed), in: staging)
        return kept
    }

    /// Removes the folders that held files no longer made, deepest first; `rmdir` leaves non-empty ones.
    static func removeEmptied(_ folders: Set<String>, in staging: String) throws(FileSystemError) {
        for folder in folders.sorted().reversed() where !folder.isEmpty {
            let path = staging + "/" + folder
            if rmdir(path) != 0 && errno != ENOENT && errno != ENOTEMPTY && errno != EEXIST {
                throw FileSystemError(path: path)
            }
        }
    }

    /// Whether each file of a tree is still as its record says: a regular file
    /// of the same size, its status not changed since it was last trusted.
    static func untouched(_ tree: String, files: [(path: String, file: TreeRecord.File)]) -> [Bool] {
        let root = open(tree, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return Array(repeating: false, count: files.count) }
        defer { close(root) }
        return files.parallelMap { entry in
            guard let status = LinkStatus(entry.path, in: root) else { return false }
            return status.isFile && status.size == entry.file.size && status.changed <= entry.file.trusted
        }
    }

    private enum FolderVerdict { case trusted, changed, replaced }

    /// Every folder holding one of `files`, including the root (`""`).
    static func parentFolders(of files: [String]) -> Set<String> {
        var folders: Set<String> = [""]
        folders.reserveCapacity(files.count + 16)
        for file in files {
            var utf8 = Substring(file).utf8
            while let slash = utf8.lastIndex(of: UInt8(ascii: "/")) {
                utf8 = utf8[..<slash]
                if !folders.insert(String(Substring(utf8))).inserted { break }
            }
        }
        return folders
    }
}

/// What `lstat` says about a path: its kind, size and status-change time.
private struct LinkStatus {
    var isFile: Bool
    var isFolder: Bool
    var size: Int
    /// Nanoseconds since 1970.
    var changed: Int64

    /// The status of `path`, relative to the open folder `folder`.
    init?(_ path: String, in folder: Int32) {
        var status = stat()
        guard fstatat(folder, path, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        isFile = (status.st_mode & S_IFMT) == S_IFREG
        isFolder = (status.st_mode & S_IFMT) == S_IFDIR
        size = Int(status.st_size)
        #if canImport(Glibc)
            changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        #else
            changed = Int64(status.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(status.st_ctimespec.tv_nsec)
        #endif
    }
}
