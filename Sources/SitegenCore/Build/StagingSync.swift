#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brings a reused staging tree (the build before last) in line with a new
/// plan: keeps the files whose fingerprint and size still match, deletes
/// everything else, so only changed files need writing.
enum StagingSync {
    /// Walks `staging`; returns the paths kept as they are. The folders two
    /// levels down (one per page) are walked on all cores.
    static func reconcile(
        _ staging: String, previous: BuildManifest?, wanted: [String: UInt64]
    ) throws(FileSystemError) -> Set<String> {
        var kept: Set<String> = []
        var folders: [String] = []
        // The top two levels in order, collecting the page folders below them.
        for entry in try DirectoryListing.entries(of: staging) {
            if entry.kind == .folder {
                for inner in try DirectoryListing.entries(of: staging + "/" + entry.name) {
                    let path = entry.name + "/" + inner.name
                    if inner.kind == .folder {
                        folders.append(path)
                    } else {
                        try settle(staging, path, isFile: inner.kind == .file, previous: previous, wanted: wanted, kept: &kept)
                    }
                }
            } else {
                try settle(staging, entry.name, isFile: entry.kind == .file, previous: previous, wanted: wanted, kept: &kept)
            }
        }
        let results = folders.parallelMap { folder -> Result<Set<String>, FileSystemError> in
            Result { () throws(FileSystemError) -> Set<String> in
                var kept: Set<String> = []
                if try walk(staging, relative: folder, previous: previous, wanted: wanted, kept: &kept) {
                    guard rmdir(staging + "/" + folder) == 0 else { throw FileSystemError(path: staging + "/" + folder) }
                }
                return kept
            }
        }
        for result in results { kept.formUnion(try result.get()) }
        try removeFoldersLeftEmpty(staging)
        return kept
    }

    /// Keeps a file if it is wanted unchanged, else deletes it.
    private static func settle(
        _ root: String, _ path: String, isFile: Bool, previous: BuildManifest?, wanted: [String: UInt64],
        kept: inout Set<String>
    ) throws(FileSystemError) {
        if let fingerprint = wanted[path], let old = previous?.files[path], old.fingerprint == fingerprint, isFile,
            size(of: root + "/" + path) == old.size
        {
            kept.insert(path)
        } else {
            try FileWriter.removeTree(root + "/" + path)
        }
    }

    /// Removes the top-level folders the walk left empty: `rmdir` refuses a
    /// folder that still has entries, so no listing is needed.
    private static func removeFoldersLeftEmpty(_ root: String) throws(FileSystemError) {
        for entry in try DirectoryListing.entries(of: root) where entry.kind == .folder {
            let path = root + "/" + entry.name
            if rmdir(path) != 0 && errno != ENOTEMPTY && errno != EEXIST { throw FileSystemError(path: path) }
        }
    }

    /// Walks one folder; returns whether it is empty afterwards.
    private static func walk(
        _ root: String, relative: String, previous: BuildManifest?, wanted: [String: UInt64], kept: inout Set<String>
    ) throws(FileSystemError) -> Bool {
        var empty = true
        for entry in try DirectoryListing.entries(of: root + "/" + relative) {
            let path = relative + "/" + entry.name
            if entry.kind == .folder {
                if try walk(root, relative: path, previous: previous, wanted: wanted, kept: &kept) {
                    guard rmdir(root + "/" + path) == 0 else { throw FileSystemError(path: root + "/" + path) }
                } else {
                    empty = false
                }
            } else {
                try settle(root, path, isFile: entry.kind == .file, previous: previous, wanted: wanted, kept: &kept)
                if kept.contains(path) { empty = false }
            }
        }
        return empty
    }

    private static func size(of path: String) -> Int? {
        var status = stat()
        return lstat(path, &status) == 0 ? Int(status.st_size) : nil
    }
}
