#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fills an empty staging tree with hard links to the live tree's files, so a
/// build that has no previous tree to reuse (the first rebuild after a build
/// into an empty folder, or after the staging tree was deleted) rewrites only
/// what changed instead of every file.
///
/// Only files that are as the live manifest says (same size, not changed
/// since it was written) are linked. Sharing files between the trees is safe
/// because builds never write into an existing file: a file to redo is
/// removed first, which gives the new one its own inode.
///
/// Linking changes the status-change time of the files it links, so the live
/// manifest is written again afterwards, the same bytes: the live tree (the
/// staging tree of the next build) stays trusted.
enum StagingSeed {
    /// Seeds `output`'s empty staging tree from its live tree. Returns the
    /// staging tree's manifest and the live tree's rewritten one, or `nil`
    /// (with nothing linked) when files or folders of the live tree changed
    /// since its manifest was written.
    static func seed(
        _ output: OutputFolder, live: BuildManifest
    ) throws(FileSystemError) -> (staging: BuildManifest, live: BuildManifest)? {
        let files = live.files.map { (path: $0.key, size: $0.value.size) }
        let folders = StagingSync.parentFolders(of: files.map(\.path)).filter { !$0.isEmpty }.sorted()
        // Stray entries at the live root are never linked, so the root itself need not be as it was.
        let topLevel = Set((try DirectoryListing.entries(of: output.path)).map(\.name))
        guard StagingSync.untouched(output.path, folders: folders, topLevel: topLevel, written: live.written) else {
            return nil
        }
        guard !StagingSync.untouched(output.path, files: files, written: live.written).contains(false) else {
            return nil  // A file changed by hand: the full way redoes it.
        }

        // Parents before children: one depth at a time, each on all cores.
        let byDepth = Dictionary(grouping: folders) { $0.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }
        let stagingPath = output.stagingPath
        for depth in byDepth.keys.sorted() {
            let failures = byDepth[depth]!.parallelMap { folder -> FileSystemError? in
                mkdir(stagingPath + "/" + folder, 0o755) == 0 ? nil : FileSystemError(path: stagingPath + "/" + folder)
            }
            if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        }
        let liveRoot = open(output.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard liveRoot >= 0 else { throw FileSystemError(path: output.path) }
        defer { close(liveRoot) }
        let stagingRoot = open(output.stagingPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard stagingRoot >= 0 else { throw FileSystemError(path: output.stagingPath) }
        defer { close(stagingRoot) }
        let linked = files.map(\.path).parallelMap { path -> String? in
            linkat(liveRoot, path, stagingRoot, path, 0) == 0 ? path : nil
        }

        var staging = BuildManifest()
        for path in linked.compactMap({ $0 }) { staging.files[path] = live.files[path] }
        staging.written = FileStatus.now()  // Later than every link made.
        var rewritten = live
        try FileWriter.writeReplacing(rewritten.encoded, to: output.manifestPath)
        guard let written = FileStatus(path: output.manifestPath)?.changed else { throw FileSystemError(path: output.manifestPath) }
        rewritten.written = written
        FileStatus.waitUntilLater(than: written)
        return (staging, rewritten)
    }
}
