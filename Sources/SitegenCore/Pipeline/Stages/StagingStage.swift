/// Stage: readies the staging tree for the plan. Files it already holds as
/// planned are kept; unchanged files it lacks are hard-linked from the live
/// tree when the live copy is as recorded (safe to share: a file with another
/// name is never written into, only replaced), or copied over the stale file
/// it holds there (`StagingSync.Reconciled.rewritable`); everything else is
/// left to the writer.
struct StagingStage {
    /// The staging tree, ready for the writer.
    struct Staged: Sendable {
        /// The staging tree's files that are done, with their records.
        var done: [OutputPath: TreeRecord.File]
        /// The outputs still to render or write.
        var pending: [PlanStage.Output]
        /// Outputs whose stale file the tree holds, its own: a pending one is written over in place.
        var rewritable: Set<OutputPath> = []
        /// The live tree's record, updated for the files linked from it (their status changed).
        var live: TreeRecord?
    }

    /// `owned`: the output is this process's own (the preview's private folder),
    /// so its trees are as the state records them, and are not looked at.
    /// `survey`: a look at the staging tree this build took while it loaded the site.
    /// `trash`: where files and trees no longer wanted go (`Trash`).
    static func prepare(
        _ plan: PlanStage.Plan, output: OutputFolder, state: BuildState, owned: Bool = false,
        survey: StagingSurvey? = nil, trash: Trash
    ) throws(FileSystemError) -> Staged {
        let record = try output.prepareStaging(state.staging, trash: trash)
        if record == nil {
            PhaseTimer.note("stage: no reusable staging tree; files are linked from the live tree or written")
        }
        if owned, let record {
            return try prepareOwned(plan, output: output, record: record, live: state.live, trash: trash)
        }
        var wanted: [OutputPath: UInt64] = [:]
        wanted.reserveCapacity(plan.outputs.count)
        for file in plan.outputs { wanted[file.path] = file.fingerprint ?? 0 }
        let reconciled = try StagingSync.reconcile(
            output.stagingPath, record: record, wanted: wanted, survey: survey,
            live: StagingSync.LiveTree(path: output.path, record: state.live), trash: trash)
        var done = reconciled.kept
        done.reserveCapacity(plan.outputs.count)

        var live = state.live
        if !reconciled.unshared.isEmpty {
            let now = FileStatus.now()  // Later than the status change each removed name made.
            for path in reconciled.unshared { live?.files[path]?.trusted = now }
        }
        let missing = plan.outputs.filter { done[$0.path] == nil }
        let linkable = missing.compactMap { file -> (path: OutputPath, file: TreeRecord.File)? in
            guard let fingerprint = file.fingerprint, let recorded = live?.files[file.path],
                recorded.fingerprint == fingerprint
            else { return nil }
            return (file.path, recorded)
        }
        let untouched =
            owned ? Array(repeating: true, count: linkable.count) : StagingSync.untouched(output.path, files: linkable)
        let candidates = zip(linkable, untouched).filter(\.1).map(\.0)
        // A stale file of the staging tree's own is written over with the live copy's bytes: unlinked
        // to make way for a link, it would free its blocks, which costs more where freed blocks are discarded.
        let copies = candidates.filter { reconciled.rewritable.contains($0.path) }
        for (copy, record) in zip(copies, copyOver(copies, from: output.path, to: output.stagingPath)) {
            if let record { done[copy.path] = record }
        }
        let links = candidates.filter { !reconciled.rewritable.contains($0.path) }
        let linked = try link(links.map(\.path), from: output.path, to: output.stagingPath)
        if !linked.isEmpty {
            let now = FileStatus.now()  // Later than the status change each link made.
            for (path, file) in links where linked.contains(path) {
                done[path] = file
                live?.files[path]?.trusted = now
            }
        }
        return Staged(
            done: done, pending: missing.filter { done[$0.path] == nil }, rewritable: reconciled.rewritable,
            live: live)
    }

    /// Writes each live file's bytes over the staging tree's stale file at its path; returns
    /// each copy's record, or `nil` where the live file was no longer as recorded by the end of
    /// reading it (left to the writer). The copies' records are trusted from when they were
    /// written; the live files are only read, so their records stay as they are.
    private static func copyOver(
        _ files: [(path: OutputPath, file: TreeRecord.File)], from source: String, to target: String
    ) -> [TreeRecord.File?] {
        guard !files.isEmpty else { return [] }
        // A live tree that cannot be opened leaves every file to the writer, which meets the problem itself.
        guard let sourceRoot = try? FolderHandle(source) else { return Array(repeating: nil, count: files.count) }
        let copied = files.parallelMap { path, file -> Bool in
            guard let bytes = read(path.text, in: sourceRoot, ifStill: file) else { return false }
            return (try? FileWriter.writeOver(bytes, to: target + "/" + path.text)) != nil
        }
        let now = FileStatus.now()  // Later than every copy's write.
        return zip(files, copied).map { file, copied in
            copied ? TreeRecord.File(fingerprint: file.file.fingerprint, size: file.file.size, trusted: now) : nil
        }
    }

    /// `prepare` for a staging tree nobody else writes into, as its record says: one pass over the
    /// plan keeps each file recorded with its planned fingerprint; the files recorded otherwise are
    /// removed (the tree is walked by its record only when the plan dropped some of its files).
    private static func prepareOwned(
        _ plan: PlanStage.Plan, output: OutputFolder, record: TreeRecord, live: TreeRecord?, trash: Trash
    ) throws(FileSystemError) -> Staged {
        var done = record.files  // Less what is not kept: a few files after an edit.
        var missing: [PlanStage.Output] = []
        var stale: [OutputPath] = []  // Planned, but recorded with other bytes.
        var recorded = 0
        for file in plan.outputs {
            guard let known = record.files[file.path] else {
                missing.append(file)
                continue
            }
            recorded += 1
            if file.fingerprint == nil || known.fingerprint != file.fingerprint {
                stale.append(file.path)
                missing.append(file)
            }
        }
        for path in stale {
            try trash.discard(output.stagingPath + "/" + path.text)
            done[path] = nil
        }
        if recorded < record.files.count {  // Files the plan no longer has.
            let planned = Set(plan.outputs.map(\.path))
            var dropped: [String] = []
            for path in record.files.keys where !planned.contains(path) {
                try trash.discard(output.stagingPath + "/" + path.text)
                done[path] = nil
                dropped.append(path.text)
            }
            try StagingSync.removeEmptied(StagingSync.parentFolders(of: dropped), in: output.stagingPath)
        }
        // Unchanged files the staging tree lacks come from the live tree, as recorded there.
        var live = live
        let candidates = missing.compactMap { file -> OutputPath? in
            guard let fingerprint = file.fingerprint, live?.files[file.path]?.fingerprint == fingerprint else {
                return nil
            }
            return file.path
        }
        let linked = try link(candidates, from: output.path, to: output.stagingPath)
        if !linked.isEmpty {
            let now = FileStatus.now()  // Later than the status change each link made.
            for path in linked {
                done[path] = live?.files[path]
                live?.files[path]?.trusted = now
            }
        }
        return Staged(
            done: done, pending: linked.isEmpty ? missing : missing.filter { done[$0.path] == nil }, live: live)
    }

    /// The bytes of the file at `path` (relative to the open folder `root`), when it is as `file`
    /// records it from before opening it to after reading it.
    /// (A file that cannot be read is left to the writer, which writes it anew.)
    private static func read(_ path: String, in root: FolderHandle, ifStill file: TreeRecord.File) -> [UInt8]? {
        guard let (bytes, status) = try? root.read(path, upTo: file.size + 1), bytes.count == file.size,
            status.isAsRecorded(file)
        else { return nil }
        return bytes
    }

    /// Hard-links files from one tree into the other; returns the paths linked. Each link is
    /// tried first: a file still in the way is unlinked, and a missing folder made, only when
    /// the link says so (most files replace one the tree just removed, in a folder it has).
    private static func link(_ paths: [OutputPath], from source: String, to target: String) throws(FileSystemError)
        -> Set<OutputPath>
    {
        guard !paths.isEmpty else { return [] }
        let sourceRoot = try FolderHandle(source)
        let targetRoot = try FolderHandle(target)
        let linked = paths.parallelMap { key -> Result<OutputPath?, FileSystemError> in
            let path = key.text
            do throws(SystemErrno) {
                try sourceRoot.link(path, into: targetRoot)
                return .success(key)
            } catch .exists {
                // Left to the writer if it cannot go: the link after it fails as well.
                try? targetRoot.unlink(path)
            } catch .noSuchFile {
                guard let slash = path.lastIndex(of: "/") else { return .success(nil) }  // The source is gone.
                do throws(FileSystemError) {
                    try FileWriter.createFolder(target + "/" + path[..<slash])
                } catch {
                    return .failure(error)
                }
            } catch {
                return .success(nil)
            }
            do throws(SystemErrno) {
                try sourceRoot.link(path, into: targetRoot)
                return .success(key)
            } catch {
                return .success(nil)
            }
        }
        var paths: Set<OutputPath> = []
        for result in linked { if let path = try result.get() { paths.insert(path) } }
        return paths
    }
}
