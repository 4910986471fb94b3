import Dispatch
import Foundation
import Synchronization

/// `sitegen build`: load → model → plan → render and write → swap in.
/// Each stage hands a value to the next; any error stops the build before
/// the live output is touched.
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
    public func build(progress: @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildFailure) -> BuildReport {
        let started = DispatchTime.now()
        let prepared = try prepare().get()
        let output = OutputFolder(path: options.output.path)
        if let problem = OutputSafety.problem(with: output, siteRoot: options.siteRoot, keep: prepared.keep) {
            throw BuildFailure(diagnostics: prepared.warnings + [problem])
        }
        let written: Int
        do {
            let staging = try output.prepareStaging()
            written = try write(prepared, into: staging, progress: progress)
            try output.commit(keeping: prepared.keep)
        } catch let diagnostic as Diagnostic {
            output.discardStaging()
            throw BuildFailure(diagnostics: prepared.warnings + [diagnostic])
        } catch {
            output.discardStaging()
            let path = options.output.path
            throw BuildFailure(
                diagnostics: prepared.warnings + [
                    Diagnostic(at: SourceLocation(path: path), "cannot write the output: \(error); the previous output is unchanged")
                ])
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return BuildReport(
            filesWritten: written, pages: prepared.pages.count, warnings: prepared.warnings, seconds: seconds)
    }

    /// Everything decided before writing: the site model, the theme, the page plan.
    private struct Prepared {
        var site: RenderedSite
        var theme: Theme
        var pages: [PlannedPage]
        var warnings: [Diagnostic]
        var keep: [String]
    }

    private func prepare() -> Result<Prepared, BuildFailure> {
        let loaded = SiteLoader(siteRoot: options.siteRoot, includeDrafts: options.includeDrafts).load()
        let themed = Theme.load(siteRoot: options.siteRoot)
        var diagnostics = loaded.diagnostics + themed.diagnostics
        guard var content = loaded.content, let theme = themed.theme else {
            return .failure(BuildFailure(diagnostics: diagnostics.sorted()))
        }
        if let baseURL = options.baseURL {
            content.settings.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        }
        let site = RenderedSite(content: content)
        let plan = PagePlanner.plan(site)
        diagnostics += plan.diagnostics
        if diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(BuildFailure(diagnostics: diagnostics.sorted()))
        }
        let keep = [".git", "CNAME"] + content.settings.keep
        return .success(Prepared(site: site, theme: theme, pages: plan.pages, warnings: diagnostics.sorted(), keep: keep))
    }

    /// Renders every page on all cores, writing each as soon as it is rendered.
    private func write(_ prepared: Prepared, into staging: String, progress: (BuildProgress) -> Void) throws -> Int {
        let folders = Set(prepared.pages.map { ($0.output as NSString).deletingLastPathComponent })
            .union(prepared.theme.assets.keys.map { ($0 as NSString).deletingLastPathComponent })
        for folder in folders.sorted() where !folder.isEmpty { try FileWriter.createFolder(staging + "/" + folder) }

        let library = prepared.theme.library
        let siteValue = prepared.site.siteValue
        let done = Atomic<Int>(0)
        let total = prepared.pages.count
        let failures = prepared.pages.parallelMap { page -> (any Error)? in
            let context: [TemplateValue] = [.object(["site": siteValue, "page": page.page]), page.page]
            do {
                let html = try library.render(name: page.template, context: context)
                try FileWriter.write(html, to: staging + "/" + page.output)
            } catch {
                return error
            }
            done.add(1, ordering: .relaxed)
            return nil
        }
        progress(.writing(done: done.load(ordering: .relaxed), total: total))
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }

        try FileWriter.write(FeedWriter.atom(prepared.site), to: staging + "/feed.xml")
        try FileWriter.write(FeedWriter.sitemap(prepared.site, pages: prepared.pages), to: staging + "/sitemap.xml")
        for (path, bytes) in prepared.theme.assets.sorted(by: { $0.key < $1.key }) {
            try FileWriter.write(bytes, to: staging + "/" + path)
        }
        return total + 2 + prepared.theme.assets.count
    }
}
