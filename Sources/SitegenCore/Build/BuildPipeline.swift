import Dispatch
import Foundation

/// `sitegen build`: load → model → plan → render and write → swap in.
/// Each stage hands a value to the next; any error stops the build before
/// the live output is touched. Rebuilds redo only the files whose inputs changed.
public struct BuildPipeline: Sendable {
    /// What to build.
    public let options: BuildOptions

    /// A pipeline for the given options.
    public init(options: BuildOptions) { self.options = options }

    /// Checks the whole site without writing anything: the diagnostics `build` would report.
    public func check() -> [Diagnostic] {
        switch prepare() {
        case .success(let prepared): return prepared.warnings
        case .failure(let failure): return failure.diagnostics
        }
    }

    /// Builds the site into the output folder.
    public func build(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildFailure) -> BuildReport {
        let started = DispatchTime.now()
        if let report = QuickRebuild(options: options).build(started: started) { return report }
        var timer = PhaseTimer()
        let prepared = try prepare().get()
        timer.lap("prepare (load, plan)")
        let output = OutputFolder(path: options.output.path)
        if let problem = OutputSafety.problem(with: output, siteRoot: options.siteRoot, keep: prepared.keep) {
            throw BuildFailure(diagnostics: prepared.warnings + [problem])
        }
        let written: PageWriter.Result
        do {
            let staging = try output.prepareStaging()
            var prepared = prepared
            var previous = staging.previous
            var live = BuildManifest.stored(in: output.path)
            if previous == nil, let current = live, let seeded = try StagingSeed.seed(output, live: current) {
                (previous, live) = (seeded.staging, seeded.live)
                timer.lap("seed staging from the live tree")
            }
            let loader = SiteLoader(siteRoot: options.siteRoot, includeDrafts: options.includeDrafts)
            let writer = PageWriter(options: options, staging: staging.path, progress: progress)
            timer.lap("staging and manifests")
            written = try writer.write(&prepared, loader: loader, previous: previous, live: live)
            timer.lap("write pages")
            try output.commit(written.manifest, keeping: prepared.keep)
            timer.lap("commit")
            for (path, excerpt) in written.excerpts { prepared.sourceCache.entries[path]?.excerpt = excerpt }
            try FileWriter.writeReplacing(prepared.sourceCache.encoded, to: output.sourceCachePath)
            timer.lap("source cache")
            saveIndex(prepared, result: written, previous: live, output: output)
            timer.lap("rebuild index")
            output.settle()
        } catch let diagnostic as Diagnostic {
            output.discardStaging()
            throw BuildFailure(diagnostics: prepared.warnings + [diagnostic])
        } catch {
            output.discardStaging()
            throw BuildFailure(
                diagnostics: prepared.warnings + [
                    Diagnostic(
                        at: SourceLocation(path: options.output.path),
                        "cannot write the output: \(error); the previous output is unchanged")
                ])
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return BuildReport(
            filesWritten: written.filesWritten, pages: prepared.pages.count, pagesRendered: written.pagesRendered,
            warnings: prepared.warnings, seconds: seconds)
    }

    /// Leaves the next build what `QuickRebuild` needs, or removes a stale index.
    private func saveIndex(_ prepared: Prepared, result: PageWriter.Result, previous: BuildManifest?, output: OutputFolder) {
        let index = RebuildIndex.afterFullBuild(
            prepared, result: result, previous: previous, output: output, siteRoot: options.siteRoot.path)
        if let index, (try? FileWriter.write(index.encoded, to: output.rebuildIndexPath)) != nil { return }
        try? FileWriter.removeTree(output.rebuildIndexPath)
    }

    /// Everything decided before writing: the content, the theme, the page plan.
    struct Prepared {
        var content: SiteContent
        var theme: Theme
        /// Every page of the site.
        var pages: [PlannedPage]
        var warnings: [Diagnostic]
        var keep: [String]
        /// What the next build may take from this one without reading files again.
        var sourceCache: SourceCache
        /// The scan of `content/` the content came from.
        var scan: ContentScan
    }

    private func prepare() -> Result<Prepared, BuildFailure> {
        var timer = PhaseTimer()
        let cacheFile = OutputFolder(path: options.output.path).sourceCachePath
        let cache = (try? FileReader.read(cacheFile)).flatMap { SourceCache(parsing: $0) }
        timer.lap("read source cache")
        let loaded = SiteLoader(siteRoot: options.siteRoot, includeDrafts: options.includeDrafts).load(cache: cache)
        timer.lap("load content")
        let themed = Theme.load(siteRoot: options.siteRoot)
        timer.lap("load theme")
        var diagnostics = loaded.diagnostics + themed.diagnostics
        guard var content = loaded.content, let theme = themed.theme else {
            return .failure(BuildFailure(diagnostics: diagnostics.sorted()))
        }
        content.settings = options.published(content.settings)
        let plan = PagePlanner.plan(content)
        diagnostics += plan.diagnostics
        timer.lap("plan pages")
        if diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(BuildFailure(diagnostics: diagnostics.sorted()))
        }
        let keep = [".git", "CNAME"] + content.settings.keep
        return .success(
            Prepared(
                content: content, theme: theme, pages: plan.pages, warnings: diagnostics.sorted(), keep: keep,
                sourceCache: loaded.cache, scan: loaded.scan))
    }
}
