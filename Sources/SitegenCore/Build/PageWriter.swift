import Foundation
import Synchronization

/// Fills the staging tree: keeps every file whose fingerprint is unchanged,
/// renders the Markdown the other pages need, and renders and writes those
/// pages on all cores.
struct PageWriter {
    /// What was written.
    struct Result {
        var manifest: BuildManifest
        var filesWritten: Int
        var pagesRendered: Int
        /// The build-wide part of every fingerprint.
        var global: UInt64
        /// Every post's and menu item's excerpt, by source path.
        var excerpts: [String: String]
    }

    let options: BuildOptions
    let staging: String
    let progress: @Sendable (BuildProgress) -> Void

    /// How many of the newest posts the feed shows with their full text.
    private var feedPosts: Int { FeedWriter.entryLimit }

    func write(
        _ prepared: inout BuildPipeline.Prepared, loader: SiteLoader, previous: BuildManifest?, live: BuildManifest?
    ) throws -> Result {
        var timer = PhaseTimer()
        // With nothing to reuse every page is redone, so the count is known now.
        let earlyCounter = previous == nil ? PageCounter(total: prepared.pages.count, report: progress) : nil
        let known = try excerpts(&prepared, loader: loader, counter: earlyCounter)
        timer.lap("excerpts (\(known.rendered.count) bodies rendered, \(known.written.count) pages written)")
        let content = prepared.content
        let fingerprints = PageFingerprints(
            content: content, theme: prepared.theme, options: options, excerpts: known.bySource)
        var wanted: [String: UInt64] = [:]
        for page in prepared.pages { wanted[page.output] = fingerprints.page(page) }
        wanted["feed.xml"] = fingerprints.feed()
        wanted["sitemap.xml"] = fingerprints.sitemap(pages: prepared.pages)
        for path in prepared.theme.assets.keys { wanted[path] = fingerprints.asset(path) }
        timer.lap("fingerprints")

        let kept = try StagingSync.reconcile(staging, previous: previous, wanted: wanted)
        timer.lap("reconcile staging")
        let stale = prepared.pages.filter { !kept.contains($0.output) && known.written[$0.output] == nil }
        let writesFeed = !kept.contains("feed.xml")

        var selection = markdownSelection(for: stale, in: prepared, feed: writesFeed, fingerprints: fingerprints)
        selection.rendered = known.rendered
        selection.cachedExcerpts = known.byKey
        if previous != nil {
            selection.listed = Set(stale.flatMap { (fingerprints.dependencies[$0.template] ?? .everything).collections })
        }
        try loader.loadBodies(selection.sources.subtracting(known.rendered.keys), into: &prepared.content)
        timer.lap("load \(selection.sources.count) bodies")
        let site = RenderedSite(content: prepared.content, markdown: selection)
        timer.lap("render Markdown, build values")
        let pages = stale

        var sizes = known.written
        // Page folders are made by the workers that write them, so the kernel's
        // work of creating thousands of folders overlaps with rendering.
        try createFolders(for: prepared.theme.assets.keys.filter { !kept.contains($0) })
        let counter = earlyCounter ?? PageCounter(total: pages.count, report: progress)
        for (output, size) in try render(pages, site: site, library: prepared.theme.library, counter: counter) {
            sizes[output] = size
        }
        timer.lap("render \(pages.count) pages")
        if writesFeed { sizes["feed.xml"] = try write(FeedWriter.atom(site), to: "feed.xml") }
        if !kept.contains("sitemap.xml") {
            sizes["sitemap.xml"] = try write(FeedWriter.sitemap(site, pages: prepared.pages), to: "sitemap.xml")
        }
        for (path, bytes) in prepared.theme.assets.sorted(by: { $0.key < $1.key }) where !kept.contains(path) {
            try FileWriter.write(bytes, to: staging + "/" + path)
            sizes[path] = bytes.count
        }
        timer.lap("feed, sitemap, assets")

        var manifest = BuildManifest()
        for (path, fingerprint) in wanted {
            let size = sizes[path] ?? previous?.files[path]?.size ?? 0
            manifest.files[path] = BuildManifest.Entry(fingerprint: fingerprint, size: size)
        }
        timer.lap("manifest")
        return Result(
            manifest: manifest, filesWritten: sizes.count, pagesRendered: pages.count + known.written.count,
            global: fingerprints.global, excerpts: known.bySource)
    }

    /// The bodies to render: those of pages being redone, every item of a
    /// collection whose HTML a redone page reads, and the feed's posts.
    private func markdownSelection(
        for pages: [PlannedPage], in prepared: BuildPipeline.Prepared, feed: Bool, fingerprints: PageFingerprints
    ) -> MarkdownSelection {
        let content = prepared.content
        var selection = MarkdownSelection(renderAll: false)
        var collections: Set<SiteDependencies.Collection> = []
        for page in pages {
            if let source = page.source { selection.sources.insert(source) }
            collections.formUnion((fingerprints.dependencies[page.template] ?? .everything).collectionsHTML)
        }
        for collection in collections { selection.sources.formUnion(content.sourcePaths(of: collection)) }
        if feed { selection.sources.formUnion(content.posts.prefix(feedPosts).map(\.sourcePath)) }
        return selection
    }

    private func createFolders(for files: [String]) throws {
        let folders = Set(files.map { ($0 as NSString).deletingLastPathComponent }).filter { !$0.isEmpty }
        for folder in folders.sorted() { try FileWriter.createFolder(staging + "/" + folder) }
    }

    /// Renders and writes pages on all cores; returns each file's size.
    func render(
        _ pages: [PlannedPage], site: RenderedSite, library: TemplateLibrary, counter: PageCounter? = nil
    ) throws -> [(String, Int)] {
        let siteValue = site.siteValue
        let counter = counter ?? PageCounter(total: pages.count, report: progress)
        let results = pages.parallelMap { page -> Swift.Result<(String, Int), any Error> in
            Swift.Result {
                let size = try writePage(page, value: PagePlanner.value(of: page, in: site), site: siteValue, library: library)
                counter.finished()
                return (page.output, size)
            }
        }
        return try results.map { try $0.get() }
    }

    /// Renders one page into the staging tree, making its folder; returns its size.
    func writePage(_ page: PlannedPage, value: TemplateValue, site: TemplateValue, library: TemplateLibrary) throws -> Int {
        let context: [TemplateValue] = [.object(["site": site, "page": value]), value]
        let html = try library.render(name: page.template, context: context)
        if let slash = page.output.lastIndex(of: "/") {
            try FileWriter.createFolder(staging + "/" + page.output[..<slash])
        }
        try FileWriter.write(html, to: staging + "/" + page.output)
        return html.utf8.count
    }

    private func write(_ text: String, to path: String) throws -> Int {
        try FileWriter.write(text, to: staging + "/" + path)
        return text.utf8.count
    }
}

/// How many pages a build has written, reported every 250 pages and at the end.
final class PageCounter: Sendable {
    private let done = Atomic<Int>(0)
    private let total: Int
    private let report: @Sendable (BuildProgress) -> Void

    init(total: Int, report: @escaping @Sendable (BuildProgress) -> Void) {
        self.total = total
        self.report = report
    }

    /// Counts one more page written.
    func finished() {
        let finished = done.add(1, ordering: .relaxed).newValue
        if finished % 250 == 0 || finished == total { report(.writing(done: finished, total: total)) }
    }
}
