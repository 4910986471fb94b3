#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brings a reused staging tree (the build before last) in line with a new
/// plan: keeps the files whose fingerprint and size still match, deletes
/// everything else, so only changed files need writing.
enum StagingSync {
    /// Walks `staging`; returns the paths kept as they are.
    static func reconcile(
        _ staging: String, previous: BuildManifest?, wanted: [String: UInt64]
    ) throws(FileSystemError) -> Set<String> {
        var kept: Set<String> = []
        _ = try walk(staging, relative: "", previous: previous, wanted: wanted, kept: &kept)
        return kept
    }

    /// Returns whether the folder is empty afterwards.
    private static func walk(
        _ root: String, relative: String, previous: BuildManifest?, wanted: [String: UInt64], kept: inout Set<String>
    ) throws(FileSystemError) -> Bool {
        let folder = relative.isEmpty ? root : root + "/" + relative
        var empty = true
        for entry in try DirectoryListing.entries(of: folder) {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.kind == .folder {
                if try walk(root, relative: path, previous: previous, wanted: wanted, kept: &kept) {
                    guard rmdir(root + "/" + path) == 0 else { throw FileSystemError(path: root + "/" + path) }
                } else {
                    empty = false
                }
                continue
            }
            if let fingerprint = wanted[path], let old = previous?.files[path], old.fingerprint == fingerprint,
                entry.kind == .file, size(of: root + "/" + path) == old.size
            {
                kept.insert(path)
                empty = false
            } else {
                try FileWriter.removeTree(root + "/" + path)
            }
        }
        return empty
    }

    private static func size(of path: String) -> Int? {
        var status = stat()
        return lstat(path, &status) == 0 ? Int(status.st_size) : nil
    }
}
