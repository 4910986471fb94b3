import Dispatch
import Synchronization

/// `sitegen build`: prefetch → load → model → lock → plan → stage → render and
/// write → commit, each a step of `build(from:)` named for what it does. Each
/// takes the values the ones before it returned and returns the next one's;
/// `BuildSteps` times them. Any error stops the build before the live output is
/// touched. What a rebuild redoes follows from what each page recorded reading
/// last time (`PageRecord`), so a fast rebuild is the same path doing little work.
package struct BuildPipeline: Sendable {
    /// What to build.
    package let options: BuildOptions

    /// A pipeline for the given options.
    package init(options: BuildOptions) { self.options = options }

    /// Checks the whole site without writing anything: the diagnostics `build` would report.
    package func check() -> [Diagnostic] {
        let output = OutputFolder(path: options.output.path)
        switch LoadStage(options: options).load(cache: BuildState.stored(for: output).sources)
            .flatMap({ ModelStage(options: options).model($0) })
        {
        case .success(let modeled): return modeled.warnings
        case .failure(let failure): return failure.diagnostics
        }
    }

    /// Builds the site into the output folder.
    package func build(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildFailure)
        -> BuildReport
    {
        let report = try build(from: nil, progress: progress).report
        PhaseTimer.notePeakMemory()
        return report
    }

    /// Builds the site as `build` does, starting from `remembered` (the state an
    /// earlier build in this process returned) instead of reading the stored one,
    /// and returns the state it leaves: a process that builds again and again (the
    /// preview server) keeps it in memory between builds, and then, with
    /// `storesState` false, spares writing it (the stored one is removed instead,
    /// so no later build can take an old state for the folder's). Such a process
    /// owns its output folder (nobody else writes there), so the trees are taken
    /// to be as the state records them, without a look at each file.
    /// `changed` names the paths (relative to the site) written since `remembered` was
    /// built, when the caller knows them (the preview's watcher does). `landing` is told
    /// of the new tree just before it is swapped in.
    func build(
        from remembered: BuildState?, storesState: Bool = true, changed: Set<String>? = nil,
        landing: CommitStage.Landing? = nil, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) throws(BuildFailure) -> (report: BuildReport, state: BuildState) {
        let started = DispatchTime.now()
        let output = OutputFolder(path: options.output.path)
        let imageCache = ImageCache(statePath: output.statePath)
        var steps = BuildSteps()
        let prefetched = steps.run("read state") { prefetch(output, remembered: remembered) }
        var loaded = try steps.run("load") { load(prefetched, remembered: remembered, changed: changed) }
        let modeled = try steps.run("model") {
            ModelStage(options: options, imageCache: imageCache).model(
                loaded.handingOnSources(), memo: prefetched.state.model, remembers: !storesState)
        }
        let locked = try steps.run("lock") {
            lock(output, prefetched: prefetched, modeled: modeled, progress: progress)
        }
        defer { withExtendedLifetime(locked.lock) {} }  // Held until the build has written its last byte.
        let plan = steps.run("plan") {
            PlanStage.plan(
                modeled, previous: locked.state.pages, recordsOfLastModel: !locked.lock.waited, imageCache: imageCache)
        }
        let (written, committed) = try writing(output, warnings: modeled.warnings) { trash in
            let staged = try steps.run("stage") {
                try stage(
                    plan, output: output, locked: locked, survey: prefetched.staging, owned: !storesState, trash: trash)
            }
            let written = try steps.run("render and write") {
                try render(staged, output: output, modeled: modeled, locked: locked, progress: progress)
            }
            let committed = try steps.run("commit") {
                try commit(
                    staged, written: written, plan: plan, modeled: modeled, loaded: loaded, output: output,
                    locked: locked, storesState: storesState, landing: landing)
            }
            return (written, committed)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let report = BuildReport(
            filesWritten: written.count, pages: modeled.pages.count { $0.isHTML },
            pagesRendered: written.count(where: \.isHTML),
            warnings: modeled.warnings + [committed.warning].compactMap { $0 },
            seconds: seconds, model: (modeled, plan, locked.state, loaded, committed.state),
            nextPublication: loaded.content.nextPublication)
        return (report, committed.state)
    }
}

/// The steps `BuildPipeline.build` runs, in its order. Each takes what the
/// steps before it returned and returns the next one's input.
extension BuildPipeline {
    /// What a build takes before it loads the site.
    private struct Prefetched {
        /// The output's lock, when it was free at once (for a build from the stored state only).
        let lock: BuildLock?
        /// A look at the content folder, taken on another core while the state was read.
        let content: InBackground<ContentSurvey>?
        /// The state the build starts from: `remembered`, or the stored one.
        let state: BuildState
        /// A look at the staging tree, taken on another core as soon as its record was read.
        let staging: InBackground<StagingSurvey?>?
    }

    /// The output's lock, held until the build has written its last byte.
    private struct Locked {
        let lock: BuildLock
        /// The state the build goes on from: the stored one read again when another build held the lock.
        let state: BuildState
    }

    /// What the commit step leaves: the next state, and a warning if it could not be stored.
    private typealias Committed = (state: BuildState, warning: Diagnostic?)

    /// Prefetch: the state (`remembered`, or the stored one), and for a build from the stored
    /// state, the lock when it is free and looks at the content folder and the staging tree.
    private func prefetch(_ output: OutputFolder, remembered: BuildState?) -> Prefetched {
        // A rebuild takes the lock at once when it is free, and looks at its staging tree
        // on another core while it loads and models the site (nobody else writes it meanwhile).
        let early = remembered == nil ? BuildLock.ifFree(for: output) : nil
        // A rebuild looks at the content folder on another core while it reads the state: neither needs the other.
        let siteRoot = options.siteRoot.path
        let content = early == nil ? nil : InBackground { ContentSurvey(siteRoot: siteRoot) }
        // The staging tree is looked at on another core as soon as its record is read.
        let surveys = early != nil && !output.swapWasInterrupted
        let surveying = Mutex<InBackground<StagingSurvey?>?>(nil)
        let state =
            remembered
            ?? BuildState.stored(for: output) { staging in
                guard surveys, let staging else { return }
                // A failure here is met again when the stage looks at the tree itself.
                surveying.withLock { $0 = InBackground { try? StagingSurvey(output.stagingPath, record: staging) } }
            }
        return Prefetched(lock: early, content: content, state: state, staging: surveying.withLock { $0 })
    }

    /// Load: the site's files, unchanged ones from the state's source cache; only the `changed`
    /// ones again when the last load in this process (`remembered`) can be patched.
    private func load(_ prefetched: Prefetched, remembered: BuildState?, changed: Set<String>?) -> Result<
        LoadStage.Loaded, BuildFailure
    > {
        LoadStage(options: options).load(
            cache: prefetched.state.sources, survey: prefetched.content?.value, last: remembered?.loaded,
            changed: changed)
    }

    /// Lock: checks that the output folder may be written, and takes its lock (waiting for
    /// another build, and saying so, unless told not to) when the prefetch did not.
    private func lock(
        _ output: OutputFolder, prefetched: Prefetched, modeled: ModelStage.Modeled,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) -> Result<Locked, BuildFailure> {
        if let problem = OutputSafety.problem(with: output, siteRoot: options.siteRoot, keep: modeled.keep) {
            return .failure(BuildFailure(diagnostics: modeled.warnings + [problem]))
        }
        let lock: BuildLock
        if let early = prefetched.lock {
            lock = early
        } else {
            do throws(BuildFailure) {
                lock = try waitForLock(output, warnings: modeled.warnings, progress: progress)
            } catch {
                return .failure(error)
            }
        }
        // The other build left a newer state.
        return .success(Locked(lock: lock, state: lock.waited ? BuildState.stored(for: output) : prefetched.state))
    }

    /// Stage: the staging tree holding every file already as planned, and the files still to write.
    private func stage(
        _ plan: PlanStage.Plan, output: OutputFolder, locked: Locked, survey: InBackground<StagingSurvey?>?,
        owned: Bool, trash: Trash
    ) throws(FileSystemError) -> StagingStage.Staged {
        let staged = try StagingStage.prepare(
            plan, output: output, state: locked.state, owned: owned, survey: survey?.value ?? nil, trash: trash)
        trash.empty()  // While the pages are rendered.
        return staged
    }

    /// Render and write: every pending page rendered, and every pending file written, into the staging tree.
    private func render(
        _ staged: StagingStage.Staged, output: OutputFolder, modeled: ModelStage.Modeled, locked: Locked,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) throws -> [RenderStage.Written] {
        try RenderStage(
            model: modeled.model, theme: modeled.theme, staging: output.stagingPath,
            siteRoot: options.siteRoot.path, startsEmpty: staged.done.isEmpty, rewritable: staged.rewritable,
            liveFiles: locked.state.live?.files ?? [:], progress: progress
        )
        .run(staged.pending)
    }

    /// Commit: unless a body failed while the pages rendered, the staging tree swapped in as the
    /// output, and the next state (stored, unless `storesState` is false).
    private func commit(
        _ staged: StagingStage.Staged, written: [RenderStage.Written], plan: PlanStage.Plan,
        modeled: ModelStage.Modeled, loaded: LoadStage.Loaded, output: OutputFolder, locked: Locked,
        storesState: Bool, landing: CommitStage.Landing?
    ) throws -> Committed {
        let problems = modeled.markdown.problems
        if !problems.isEmpty { throw BuildFailure(diagnostics: modeled.warnings + problems) }
        let committed = try CommitStage(
            output: output, storesState: storesState, previousPages: locked.state.pages,
            base: locked.state.base, landing: landing
        ).commit(
            staged, written: written, plan: plan, modeled: modeled, loaded: loaded)
        modeled.markdown.storeMath()
        return committed
    }

    /// Runs the steps that write (`steps`, given the output's trash): what earlier builds left in the
    /// trash is removed meanwhile, and waited for before this returns. Any failure discards the
    /// staging tree, so the output is as it was, and is reported with `warnings`.
    private func writing<Value>(
        _ output: OutputFolder, warnings: [Diagnostic], _ steps: (Trash) throws -> Value
    ) throws(BuildFailure) -> Value {
        let trash = output.trash
        trash.emptyLeftovers()
        defer {
            var waited = PhaseTimer()
            trash.waitBeforeReturning()
            waited.lap("trash: waited for removals")
        }
        do {
            return try steps(trash)
        } catch {
            output.discardStaging()
            throw Self.failure(error, warnings: warnings, output: output)
        }
    }

    /// Takes the lock of the output's builds, waiting for another build (and saying so) unless told not to.
    private func waitForLock(
        _ output: OutputFolder, warnings: [Diagnostic], progress: @escaping @Sendable (BuildProgress) -> Void
    ) throws(BuildFailure) -> BuildLock {
        do {
            return try BuildLock(
                for: output, contention: options.waitsForOtherBuilds ? .wait { progress(.waiting(holder: $0)) } : .fail)
        } catch let held as BuildLock.Held {
            let holder = held.holder.map { " (pid \($0))" } ?? ""
            throw BuildFailure(
                diagnostics: warnings + [
                    Diagnostic(
                        at: SourceLocation(path: output.path),
                        "another sitegen build of this folder is running\(holder); without --no-wait this build would wait for it"
                    )
                ])
        } catch {
            throw Self.failure(error, warnings: warnings, output: output)
        }
    }

    /// A failure of the stages that write, with the warnings found before it.
    private static func failure(_ error: any Error, warnings: [Diagnostic], output: OutputFolder) -> BuildFailure {
        switch error {
        case let failure as BuildFailure: return failure
        case let diagnostic as Diagnostic: return BuildFailure(diagnostics: warnings + [diagnostic])
        default:
            return BuildFailure(
                diagnostics: warnings + [
                    Diagnostic(
                        at: SourceLocation(path: output.path),
                        "cannot write the output: \(error); "
                            + ((error as? FileSystemError)?.note == nil
                                ? "the previous output is unchanged" : "the rest of the previous output is unchanged"))
                ])
        }
    }
}
