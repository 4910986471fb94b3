import Synchronization

/// Everything a build leaves for the next one, kept in the state folder beside
/// the output (`OutputFolder.statePath`): one file, and beside it the changes
/// since it when a build changed little (`Changes`). Only ever an
/// accelerator: a missing, damaged or foreign state means a full build, and
/// the output is the same either way.
struct BuildState: Sendable {
    /// What was read from each content file, so unchanged files are not read again.
    var sources = SourceCache()
    /// What each page's last render read, by output path.
    var pages: [OutputPath: PageRecord] = [:]
    /// The live output tree's files, when the state knows them.
    var live: TreeRecord?
    /// The staging tree's files, when the state knows them.
    var staging: TreeRecord?
    /// The last build's load and page plan, kept by a process that builds again and again (never stored).
    var loaded: LoadStage.Loaded?
    var model: ModelMemo?
    /// The whole stored state this one was read from, when it was: a build that changes little
    /// stores only what it holds beyond that (`Changes`).
    var base: Base?

    /// An empty state: the next build is a full one.
    init() {}

    /// The state stored for `output` (the whole one with its changes laid over it), with
    /// its tree records matched to the folders that have their inodes; an empty state when
    /// there is none or it cannot be read. `treesKnown` is given the staging tree's record as
    /// soon as it is (on another core, while the source cache is still being read), so a
    /// look at that tree can start at once. With `sourcesOnly`, only the source cache is read
    /// (the trees and pages are left empty).
    static func stored(
        for output: OutputFolder, sourcesOnly: Bool = false,
        treesKnown: (@Sendable (_ staging: TreeRecord?) -> Void)? = nil
    ) -> BuildState {
        var timer = PhaseTimer()
        // Its `stat` before its bytes: should another build replace it between the two, this one writes it whole.
        guard let file = FileStatus(path: output.stateFilePath),
            let bytes = try? StoredBytes(mapping: output.stateFilePath),
            let hash = bytes.withUnsafeBytes({ storedHash(of: $0) })
        else { return BuildState() }
        timer.lap("state: read \(bytes.count) bytes (mapped)")
        // The changes first: their trees are laid over the stored ones as soon as those are decoded.
        var changes: (read: Changes, size: Int)?
        if let changed = try? StoredBytes(mapping: output.changesFilePath) {
            guard let read = Changes(parsing: changed) else { return BuildState() }
            // Changes made against another state are left from before that one was written whole.
            if read.base == hash { changes = (read, changed.count) }
        }
        let roots = (live: FileStatus(path: output.path)?.inode, staging: FileStatus(path: output.stagingPath)?.inode)
        let laidTrees = Mutex<(live: TreeRecord?, staging: TreeRecord?)?>(nil)
        guard
            var state = BuildState(
                parsing: bytes, sourcesOnly: sourcesOnly,
                treesRead: { [changes = changes?.read] live, staging in
                    let trees = changes.map { Self.trees(live, staging, with: $0) } ?? (live: live, staging: staging)
                    // A build killed between its swap and writing the state leaves the two trees exchanged.
                    let records = [trees.live, trees.staging].compactMap { $0 }
                    let matched = (
                        live: records.first { $0.root == roots.live },
                        staging: records.first { $0.root == roots.staging }
                    )
                    laidTrees.withLock { $0 = matched }
                    treesKnown?(matched.staging)
                })
        else { return BuildState() }
        timer.lap("state: decode")
        let base = Base(hash: hash, file: file, bytes: bytes, of: state, removedBy: changes?.read)
        if let changes {
            state.applyToSourcesAndPages(changes.read)
            timer.lap("state: \(changes.size) bytes of changes laid over it")
        }
        state.base = base
        (state.live, state.staging) = laidTrees.withLock { $0 } ?? (nil, nil)
        return state
    }

    /// Writes the state whole or not at all: only its changes since the whole state it was
    /// read from when they are few, else all of it.
    func store(for output: OutputFolder) throws(FileSystemError) {
        var timer = PhaseTimer()
        try FileWriter.createFolder(output.statePath)
        // Temp files of state writes that a kill interrupted (they hold other process ids).
        let leftovers = ["state", "changes"].map { $0 + FileWriter.temporarySuffix }
        for entry in (try? DirectoryListing.entries(of: output.statePath)) ?? []
        where leftovers.contains(where: entry.name.hasPrefix) {
            try? FileWriter.removeTree(output.statePath + "/" + entry.name)
        }
        if var changes = changesToStore(for: output) {
            let size = changes.bytes.count
            try FileWriter.replacing(output.changesFilePath) { (file: HashedFile) throws(FileSystemError) in
                try changes.drain(into: file.append)
                try file.appendHash()
            }
            timer.lap("state: changes since the whole state written, \(size) bytes")
            return
        }
        var size = 0
        try FileWriter.replacing(output.stateFilePath) { (file: HashedFile) throws(FileSystemError) in
            try write(to: file)
            size = file.count
        }
        try FileWriter.removeTree(output.changesFilePath)  // Made against the state just replaced.
        timer.lap("state: encode and write \(size) bytes")
    }

    /// The stored form of the state's changes since its base, or `nil` (saying why) when the
    /// whole state is to be written.
    private func changesToStore(for output: OutputFolder) -> BinaryWriter? {
        guard let base else {
            PhaseTimer.note("state: written whole: no whole state was read")
            return nil
        }
        guard FileStatus(path: output.stateFilePath) == base.file else {
            PhaseTimer.note("state: written whole: its file is not the one this build read")
            return nil
        }
        guard let changes = changes(since: base) else {
            PhaseTimer.note("state: written whole: over an eighth of its entries, pages and files changed")
            return nil
        }
        var writer = BinaryWriter()
        changes.write(to: &writer)
        guard Int64(writer.bytes.count) <= Self.changesLimit(besides: base.file.size) else {
            PhaseTimer.note(
                "state: written whole: the changes since it would be too many to lay over it (\(writer.bytes.count) bytes)"
            )
            return nil
        }
        return writer
    }
}
