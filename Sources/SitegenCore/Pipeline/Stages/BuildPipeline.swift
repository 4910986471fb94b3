import Dispatch
import Synchronization

/// `sitegen build`: load → model → plan → stage → render and write → commit.
/// Each stage takes the value the one before it made and returns the next;
/// any error stops the build before the live output is touched. What a rebuild
/// redoes follows from what each page recorded reading last time
/// (`PageRecord`), so a fast rebuild is the same path doing little work.
public struct BuildPipeline: Sendable {
    /// What to build.
    public let options: BuildOptions

    /// A pipeline for the given options.
    public init(options: BuildOptions) { self.options = options }

    /// Checks the whole site without writing anything: the diagnostics `build` would report.
    public func check() -> [Diagnostic] {
        let output = OutputFolder(path: options.output.path)
        switch LoadStage(options: options).load(cache: BuildState.stored(for: output).sources)
            .flatMap({ ModelStage(options: options).model($0) })
        {
        case .success(let modeled): return modeled.warnings
        case .failure(let failure): return failure.diagnostics
        }
    }

    /// Builds the site into the output folder.
    public func build(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildFailure)
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
        var timer = PhaseTimer()
        let output = OutputFolder(path: options.output.path)
        // A rebuild takes the lock at once when it is free, and looks at its staging tree
        // on another core while it loads and models the site (nobody else writes it meanwhile).
        let early = remembered == nil ? BuildLock.ifFree(for: output) : nil
        // A rebuild looks at the content folder on another core while it reads the state: neither needs the other.
        let siteRoot = options.siteRoot.path
        let content = early == nil ? nil : InBackground { ContentSurvey(siteRoot: siteRoot) }
        // The staging tree is looked at on another core as soon as its record is read.
        let surveys = early != nil && !output.swapWasInterrupted
        let surveying = Mutex<InBackground<StagingSurvey?>?>(nil)
        var state =
            remembered
            ?? BuildState.stored(for: output) { staging in
                guard surveys, let staging else { return }
                // A failure here is met again when the stage looks at the tree itself.
                surveying.withLock { $0 = InBackground { try? StagingSurvey(output.stagingPath, record: staging) } }
            }
        let survey = surveying.withLock { $0 }
        timer.lap("read state")
        var loaded = try LoadStage(options: options).load(
            cache: state.sources, survey: content?.value, last: remembered?.loaded, changed: changed
        ).get()
        timer.lap("load")
        let imageCache = ImageCache(statePath: output.statePath)
        let modeled = try ModelStage(options: options, imageCache: imageCache).model(
            loaded.handingOnSources(), memo: state.model, remembers: !storesState
        ).get()
        timer.lap("model")
        if let problem = OutputSafety.problem(with: output, siteRoot: options.siteRoot, keep: modeled.keep) {
            throw BuildFailure(diagnostics: modeled.warnings + [problem])
        }
        let lock: BuildLock
        if let early {
            lock = early
        } else {
            lock = try self.lock(output, warnings: modeled.warnings, progress: progress)
        }
        defer { withExtendedLifetime(lock) {} }  // Held until the build has written its last byte.
        if lock.waited { state = BuildState.stored(for: output) }  // The other build left a newer one.
        let plan = PlanStage.plan(
            modeled, previous: state.pages, recordsOfLastModel: !lock.waited, imageCache: imageCache)
        timer.lap("plan (\(plan.changed) of \(Plural.count(plan.outputs.count, "file")) changed)")
        var warnings = modeled.warnings
        let written: [RenderStage.Written]
        let next: BuildState
        let trash = output.trash
        trash.emptyLeftovers()
        defer {
            var waited = PhaseTimer()
            trash.waitBeforeReturning()
            waited.lap("trash: waited for removals")
        }
        do {
            let staged = try StagingStage.prepare(
                plan, output: output, state: state, owned: !storesState, survey: survey?.value ?? nil, trash: trash)
            trash.empty()  // While the pages are rendered.
            timer.lap("stage (\(Plural.count(staged.pending.count, "file")) to write)")
            written = try RenderStage(
                model: modeled.model, theme: modeled.theme, staging: output.stagingPath,
                siteRoot: options.siteRoot.path, startsEmpty: staged.done.isEmpty, rewritable: staged.rewritable,
                liveFiles: state.live?.files ?? [:], progress: progress
            )
            .run(staged.pending)
            timer.lap("render and write")
            let problems = modeled.markdown.problems
            if !problems.isEmpty { throw BuildFailure(diagnostics: warnings + problems) }
            let committed = try CommitStage(
                output: output, storesState: storesState, previousPages: state.pages,
                base: state.base, landing: landing
            ).commit(
                staged, written: written, plan: plan, modeled: modeled, loaded: loaded)
            if let warning = committed.warning { warnings.append(warning) }
            next = committed.state
            timer.lap("commit")
            modeled.markdown.storeMath()
        } catch {
            output.discardStaging()
            throw Self.failure(error, warnings: warnings, output: output)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let report = BuildReport(
            filesWritten: written.count, pages: modeled.pages.count { $0.isHTML },
            pagesRendered: written.count(where: \.isHTML), warnings: warnings, seconds: seconds,
            model: (modeled, plan, state, loaded, next), nextPublication: loaded.content.nextPublication)
        return (report, next)
    }

    /// Takes the lock of the output's builds, waiting for another build (and saying so) unless told not to.
    private func lock(
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
