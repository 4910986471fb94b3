/// The folder a build publishes to, and sitegen's state folder beside it:
/// `.NAME.sitegen/` holds the build state (`state`, and `changes` laid over
/// it when a build stored only those), the staging tree a build
/// fills and then swaps in whole (`staging/`), what builds no longer want and
/// have not yet removed (`trash/`, `Trash`), and, only while a swap is under
/// way, the list of kept items being moved (`keeping`). The output folder
/// itself holds nothing but the site.
///
/// The two trees take turns: after a swap the previous output becomes the
/// staging tree of the next build, which only rewrites what changed in it.
package struct OutputFolder: Sendable {
    /// The output folder's absolute path.
    package let path: String

    /// sitegen's state folder for this output: a hidden sibling, never published.
    package var statePath: String { parent + "/." + name + ".sitegen" }
    /// Where the next build is assembled.
    package var stagingPath: String { statePath + "/staging" }
    /// The build state's file.
    var stateFilePath: String { statePath + "/state" }
    /// What the state holds beyond its file, when a build wrote only that (`BuildState.Changes`).
    var changesFilePath: String { statePath + "/changes" }
    /// Where files and trees no longer wanted wait to be removed (`Trash`).
    var trash: Trash { Trash(statePath: statePath) }
    /// Lists the kept items moved into staging before a swap; present only while a swap is under way.
    private var journalPath: String { statePath + "/keeping" }

    private var parent: String {
        path.lastIndex(of: "/").map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "."
    }
    private var name: String { path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path }

    /// The hidden siblings sitegen 0.1 kept beside the output, removed by the first build of this version.
    private var legacySiblings: [String] {
        ["staging", "sources", "rebuild"].map { parent + "/." + name + ".sitegen-" + $0 }
    }

    /// The output folder at an absolute path without a trailing slash.
    package init(path: String) {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.path = path
    }

    /// Whether a swap was under way when its build stopped (the next build moves its kept items back first).
    var swapWasInterrupted: Bool { PathCalls.exists(journalPath) }

    /// Readies the staging tree: the one `record` describes if it is still
    /// there, else a new empty folder (and `nil`). Kept items that an
    /// interrupted swap had moved out are moved back first.
    func prepareStaging(_ record: TreeRecord?, trash: Trash) throws(FileSystemError) -> TreeRecord? {
        try recoverInterruptedSwap(journal: journalPath, staging: stagingPath)
        let legacyJournal = parent + "/." + name + ".sitegen-keeping"
        try recoverInterruptedSwap(journal: legacyJournal, staging: legacySiblings[0])
        for sibling in legacySiblings { try FileWriter.removeTree(sibling) }
        if let record, DirectoryListing.isFolder(stagingPath), FileStatus(path: stagingPath)?.inode == record.root {
            return record
        }
        try trash.discard(stagingPath)  // Removed while the build renders.
        try FileWriter.createFolder(stagingPath)
        return nil
    }

    /// The inode of a tree's root folder, for its `TreeRecord`.
    func rootInode(of tree: String) throws(FileSystemError) -> UInt64 {
        guard let status = FileStatus(path: tree) else { throw FileSystemError(path: tree) }
        return status.inode
    }

    /// Swaps the filled staging folder in as the output, carrying over the kept
    /// items (`.git`, `CNAME`, `keep:`) from the old output; the old build stays
    /// behind as the next staging tree.
    func commit(keeping kept: [String]) throws(FileSystemError) {
        let present = kept.filter { PathCalls.exists(path + "/" + $0) || isSymlink(path + "/" + $0) }
        var moved: [String] = []
        do throws(FileSystemError) {
            if !present.isEmpty {
                try FileWriter.write(Array(present.joined(separator: "\n").utf8), to: journalPath)
                CrashPoint.reached("swap: journal written")
                for item in present {
                    try FileWriter.removeTree(stagingPath + "/" + item)
                    try createParent(of: stagingPath + "/" + item)
                    do throws(FileSystemError) {
                        try FolderExchange.rename(path + "/" + item, to: stagingPath + "/" + item)
                    } catch {
                        throw Self.unmovable(path + "/" + item, error)
                    }
                    moved.append(item)
                    CrashPoint.reached("swap: kept entry \(moved.count) moved")
                }
            }
            if DirectoryListing.isFolder(path) {
                try FolderExchange.exchange(stagingPath, path)
            } else {
                try FolderExchange.rename(stagingPath, to: path)
            }
            CrashPoint.reached("swap: exchanged")
        } catch {
            // The swap did not happen: every kept item goes back where it was before the failure is reported.
            for item in moved.reversed() {
                do {
                    try FolderExchange.rename(stagingPath + "/" + item, to: path + "/" + item)
                } catch {
                    throw FileSystemError(
                        path: stagingPath + "/" + item, code: error.code,
                        note: "could not be moved back to \(path)/\(item); move it there by hand")
                }
            }
            try? FileWriter.removeTree(journalPath)  // Nothing is left to put back.
            throw error
        }
        try FileWriter.removeTree(journalPath)
        CrashPoint.reached("swap: journal removed")
    }

    /// Deletes the staging folder after a failed build; the output is untouched. A staging
    /// tree that may still hold kept items (its swap journal is there) is left for the next
    /// build to move them back.
    func discardStaging() {
        guard !PathCalls.exists(journalPath) else { return }
        try? FileWriter.removeTree(stagingPath)  // Best effort: the next build clears it anyway.
    }

    /// Moves kept items back into the output if a swap was interrupted before
    /// the exchange; after the exchange they are already in place.
    private func recoverInterruptedSwap(journal: String, staging: String) throws(FileSystemError) {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(journal)
        } catch {
            if case .system(let failure) = error, failure.systemErrno == .noSuchFile { return }
            if case .system(let failure) = error { throw failure }
            return
        }
        for item in String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init) {
            let moved = staging + "/" + item
            guard PathCalls.exists(moved) || isSymlink(moved), !PathCalls.exists(path + "/" + item) else { continue }
            try createParent(of: path + "/" + item)
            try FolderExchange.rename(moved, to: path + "/" + item)
            CrashPoint.reached("recovery: \(item) moved back")
        }
        try FileWriter.removeTree(journal)
    }

    /// A kept entry that could not be moved into the new output, and why that matters.
    private static func unmovable(_ item: String, _ error: FileSystemError) -> FileSystemError {
        var failure = FileSystemError(path: item, code: error.code)
        let advice =
            switch error.systemErrno {
            case .accessDenied: "a kept folder must be writable by the user running the build (chmod u+w)"
            case .notPermitted: "it may be immutable or append-only (lsattr shows it; chattr -i clears it)"
            default: "see why above"
            }
        failure.reason =
            "cannot be moved into the new output (\(error.reason)); sitegen keeps .git, CNAME and keep: entries "
            + "by moving them from build to build, so \(advice)"
        return failure
    }

    private func createParent(of itemPath: String) throws(FileSystemError) {
        if let slash = itemPath.lastIndex(of: "/") { try FileWriter.createFolder(String(itemPath[..<slash])) }
    }

    private func isSymlink(_ path: String) -> Bool { LinkStatus(atPath: path)?.isSymbolicLink == true }
}
