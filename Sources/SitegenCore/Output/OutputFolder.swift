#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a build publishes to, and the staging folder beside it that a
/// build fills and then swaps in whole, so the live output is always one
/// complete build.
///
/// The two trees take turns: after a swap the previous output becomes the
/// staging tree of the next build, which only rewrites what changed in it
/// (its manifest says what it holds). A staging tree being changed has no
/// manifest, so one left half-updated by a kill is never trusted.
public struct OutputFolder: Sendable {
    /// The output folder's absolute path.
    public let path: String
    /// Where the next build is assembled: a hidden sibling of the output folder.
    public var stagingPath: String { parent + "/." + name + ".sitegen-staging" }
    /// Lists the kept items moved into staging before a swap; a hidden sibling
    /// of the output folder, present only while a swap is under way.
    private var journalPath: String { parent + "/." + name + ".sitegen-keeping" }

    /// Where the source cache of builds into this folder is kept: a hidden sibling.
    public var sourceCachePath: String { parent + "/." + name + ".sitegen-sources" }
    /// Where the rebuild index of builds into this folder is kept: a hidden sibling.
    var rebuildIndexPath: String { parent + "/." + name + ".sitegen-rebuild" }

    /// The live tree's manifest.
    var manifestPath: String { path + "/" + BuildManifest.fileName }
    /// The staging tree's manifest.
    var stagingManifestPath: String { stagingPath + "/" + BuildManifest.fileName }
    /// Whether a swap was interrupted, leaving kept items to move back.
    var hasInterruptedSwap: Bool { access(journalPath, F_OK) == 0 }

    private var parent: String { path.lastIndex(of: "/").map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "." }
    private var name: String { path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path }

    /// The output folder at an absolute path without a trailing slash.
    public init(path: String) {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.path = path
    }

    /// Readies the staging tree: the previous build's tree with its manifest
    /// (removed now, as the tree is about to change), or an empty folder when
    /// there is no trustworthy one. Kept items that an interrupted swap had
    /// moved out are moved back first.
    public func prepareStaging() throws(FileSystemError) -> (path: String, previous: BuildManifest?) {
        try recoverInterruptedSwap()
        if DirectoryListing.isFolder(stagingPath), let manifest = BuildManifest.stored(in: stagingPath) {
            try FileWriter.removeTree(stagingPath + "/" + BuildManifest.fileName)
            return (stagingPath, manifest)
        }
        try FileWriter.removeTree(stagingPath)
        try FileWriter.createFolder(stagingPath)
        return (stagingPath, nil)
    }

    /// Swaps the filled staging folder in as the output, carrying over the kept
    /// items (`.git`, `CNAME`, `keep:`) from the old output; the old build stays
    /// behind as the next staging tree.
    public func commit(_ manifest: BuildManifest, keeping kept: [String]) throws(FileSystemError) {
        try commit(manifest: manifest.encoded, keeping: kept)
    }

    /// Swaps the staging folder in, as `commit(_:keeping:)`, with the manifest's stored form.
    func commit(manifest: [UInt8], keeping kept: [String]) throws(FileSystemError) {
        try FileWriter.write(manifest, to: stagingManifestPath)
        let present = kept.filter { access(path + "/" + $0, F_OK) == 0 || isSymlink(path + "/" + $0) }
        if !present.isEmpty {
            try FileWriter.write(Array(present.joined(separator: "\n").utf8), to: journalPath)
            for item in present {
                try FileWriter.removeTree(stagingPath + "/" + item)
                try createParent(of: stagingPath + "/" + item)
                try FolderExchange.rename(path + "/" + item, to: stagingPath + "/" + item)
            }
        }
        if DirectoryListing.isFolder(path) {
            try FolderExchange.exchange(stagingPath, path)
        } else {
            try FolderExchange.rename(stagingPath, to: path)
        }
        try FileWriter.removeTree(journalPath)
    }

    /// Returns once any later change to the live tree would be stamped later
    /// than its manifest: a build calls it last, so a hand edit made right
    /// after it can never pass for part of the build.
    public func settle() {
        if let written = FileStatus(path: manifestPath)?.changed { FileStatus.waitUntilLater(than: written) }
    }

    /// Deletes the staging folder after a failed build; the output is untouched.
    public func discardStaging() {
        try? FileWriter.removeTree(stagingPath)  // Best effort: the next build clears it anyway.
    }

    /// Moves kept items back into the output if a swap was interrupted before
    /// the exchange; after the exchange they are already in place.
    private func recoverInterruptedSwap() throws(FileSystemError) {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(journalPath)
        } catch {
            if case .system(let failure) = error, failure.code == ENOENT { return }
            if case .system(let failure) = error { throw failure }
            return
        }
        for item in String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init) {
            let moved = stagingPath + "/" + item
            guard access(moved, F_OK) == 0 || isSymlink(moved), access(path + "/" + item, F_OK) != 0 else { continue }
            try createParent(of: path + "/" + item)
            try FolderExchange.rename(moved, to: path + "/" + item)
        }
        try FileWriter.removeTree(journalPath)
    }

    private func createParent(of itemPath: String) throws(FileSystemError) {
        if let slash = itemPath.lastIndex(of: "/") { try FileWriter.createFolder(String(itemPath[..<slash])) }
    }

    private func isSymlink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }
}
