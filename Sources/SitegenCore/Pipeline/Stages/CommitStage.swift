/// Commit: records what the staging tree now holds, swaps it in as the
/// output, and stores the state for the next build. The state is written
/// after the swap, so it always describes trees that exist; should writing it
/// fail, the build still succeeded and says so with a warning (the next build
/// is then slower, never wrong: records are matched to trees by inode and
/// pages by fingerprint).
struct CommitStage {
    let output: OutputFolder
    /// Whether the state is written for the next build; when not (a process keeping it in
    /// memory), a stored one is removed, as it no longer describes the trees.
    var storesState = true

    /// The page records the plan was checked against (the last build's), if any: the next
    /// ones are those with the written pages' laid over, not a table of every page made anew.
    var previousPages: [OutputPath: PageRecord]? = nil
    /// The whole stored state the build read, which a state of few changes is stored against.
    var base: BuildState.Base? = nil
    /// Told which tree is about to become the output, and its pages, just before the swap.
    var landing: Landing? = nil

    /// What is told of a tree about to be swapped in: its root folder's inode and its page records.
    typealias Landing = (_ root: UInt64, _ pages: [OutputPath: PageRecord]) -> Void

    /// Every planned page's record: an unchanged page's as it was, a written one's new. While
    /// no page left the plan, that is `previous` (the records the plan was checked against)
    /// with the written pages' laid over it; else it is gathered from the plan.
    private static func records(
        _ plan: PlanStage.Plan, written: [RenderStage.Written], previous: [OutputPath: PageRecord]?
    ) -> [OutputPath: PageRecord] {
        if var previous, !previous.isEmpty {
            // Every planned page is in `previous` or was written (one without a record is rendered),
            // so the counts agree exactly when every page of `previous` is still planned.
            let planned = plan.outputs.count { $0.page != nil }
            let added = written.count { $0.record != nil && previous[$0.path] == nil }
            if previous.count + added == planned {
                for file in written { if let record = file.record { previous[file.path] = record } }
                return previous
            }
        }
        var pages: [OutputPath: PageRecord] = [:]
        pages.reserveCapacity(plan.outputs.count)
        for output in plan.outputs { if let record = output.record { pages[output.path] = record } }
        for file in written { if let record = file.record { pages[file.path] = record } }
        return pages
    }

    /// The state after the swap, and a warning if it could not be stored.
    func commit(
        _ staged: StagingStage.Staged, written: [RenderStage.Written], plan: PlanStage.Plan,
        modeled: ModelStage.Modeled, loaded: LoadStage.Loaded
    ) throws(FileSystemError) -> (state: BuildState, warning: Diagnostic?) {
        var next = BuildState()
        next.sources = modeled.sources
        next.model = modeled.memo
        next.base = storesState ? base : nil
        if !storesState {  // Kept in memory only, with the source cache as the model left it (excerpts and all).
            next.loaded = loaded
            next.loaded?.sources = modeled.sources
        }
        let stamp = FileStatus.now()  // Later than every write of this build.
        // A tree only this process writes into is never looked at (`StagingStage.prepare(owned:)`),
        // so its files keep the times they were trusted at; others are trusted as of now.
        var files =
            storesState
            ? staged.done.mapValues { TreeRecord.File(fingerprint: $0.fingerprint, size: $0.size, trusted: stamp) }
            : staged.done
        files.reserveCapacity(staged.done.count + written.count)
        for file in written {
            files[file.path] = TreeRecord.File(fingerprint: file.fingerprint, size: file.size, trusted: stamp)
        }
        next.pages = Self.records(plan, written: written, previous: previousPages)
        next.live = TreeRecord(root: try output.rootInode(of: output.stagingPath), written: stamp, files: files)
        next.staging = staged.live

        var timer = PhaseTimer()
        // A kept entry moved into a folder of the tree (`keep: [docs/old]`) must be stamped later than
        // the record, or the folder passes for as recorded and the entry stays in it once no longer kept
        // (the file system's clock lags the precise one by a tick, or keeps whole seconds).
        if modeled.keep.contains(where: { $0.contains("/") }) {
            let samples = [output.stagingPath] + written.prefix(6).map { output.stagingPath + "/" + $0.path.text }
            FileStatus.waitUntilLater(than: stamp, granularity: FileStatus.granularity(judgingBy: samples))
        }
        if let landing, let live = next.live { landing(live.root, next.pages) }
        CrashPoint.reached("commit: before the swap")
        try output.commit(keeping: modeled.keep)
        timer.lap("commit: swap")
        defer {  // No later change can pass for part of this build, however coarse the file system's clock.
            let samples =
                [output.path, output.stateFilePath] + written.prefix(6).map { output.path + "/" + $0.path.text }
            FileStatus.waitUntilLater(than: stamp, granularity: FileStatus.granularity(judgingBy: samples))
            timer.lap("commit: wait for the file system's clock")
        }
        do {
            guard storesState else {
                try FileWriter.removeTree(output.stateFilePath)
                try FileWriter.removeTree(output.changesFilePath)
                return (next, nil)
            }
            try next.store(for: output)
            CrashPoint.reached("commit: state stored")
            timer.lap("commit: state")
            return (next, nil)
        } catch {
            return (
                next,
                Diagnostic(
                    .warning, at: SourceLocation(path: output.statePath),
                    "the site was built, but sitegen's state could not be saved (\(error)); the next build will redo more"
                )
            )
        }
    }
}
