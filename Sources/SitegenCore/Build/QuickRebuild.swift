import Dispatch

/// The short way of a rebuild, for the most common change: the body of a few
/// content files edited below their excerpts. When the site has the same files
/// as last time, the settings, theme and options are the same, and every
/// edited file kept its fields and excerpt, then no list page changes: the
/// pages to redo are the edited files' own pages, and the feed if it carries
/// one of them. Those are rendered from the edited files alone; everything
/// else about the site is taken from the `RebuildIndex`, without loading it.
///
/// The output is the one the full way would make, written the same way: into
/// the staging tree (brought up to date by copying what the last build changed
/// in the live one), swapped in whole. Any doubt (an added file, a changed
/// title, a template showing items' full text, a tree touched by hand) returns
/// `nil` before anything is written, and the build takes the full way.
struct QuickRebuild {
    let options: BuildOptions

    /// How many content files may change, or output files need copying, before the full way is as quick.
    static let changeLimit = 256

    /// The settings and theme, checked against the index.
    struct Inputs {
        var settings: SiteSettings
        var settingsHash: UInt64
        var theme: Theme
        var keep: [String]
        var warnings: [Diagnostic]
    }

    /// What this build writes.
    struct Plan {
        var content: SiteContent
        var pages: [PlannedPage]
        var rendered: [String: RenderedMarkdown]
        /// New fingerprints of the files redone, by index in `RebuildIndex.files`.
        var fingerprints: [Int: UInt64]
        var feed: Int?
        /// Files the staging tree lacks in their current form, copied from the live tree.
        var copies: [Int]
    }

    /// Builds the site the short way; `nil` when it cannot (nothing was written then).
    func build(started: DispatchTime) -> BuildReport? {
        var timer = PhaseTimer()
        let output = OutputFolder(path: options.output.path)
        guard let index = storedIndex(of: output) else { return nil }
        timer.lap("quick: index")
        guard let inputs = inputs(matching: index, output: output) else { return nil }
        timer.lap("quick: settings, theme")
        let statusTime = FileStatus.now()
        let scan = scan(unlessUnchangedSince: index)
        timer.lap("quick: scan")
        guard !scan.diagnostics.contains(where: { $0.severity == .error }),
            var changes = changes(since: index, files: scan.files, settings: inputs.settings)
        else { return nil }
        changes.folders = scan.folders.map { RebuildIndex.Folder(path: $0.path, status: $0.status) }
        changes.scanWarnings = scan.diagnostics.map(RebuildIndex.Warning.init)
        timer.lap("quick: scan and stat \(index.sources.count) sources, \(changes.reread.count) read")
        guard var plan = plan(changes, index: index, inputs: inputs, files: scan.files) else { return nil }
        timer.lap("quick: plan")
        guard stagingLacks(&plan, index: index, output: output) else { return nil }
        timer.lap("quick: check trees")
        let entries: [BuildManifest.Entry]
        do {
            let sizes = try write(plan, index: index, inputs: inputs, output: output)
            timer.lap("quick: write \(sizes.count) files")
            entries = index.files.indices.map { number in
                let file = index.files[number]
                let fingerprint = plan.fingerprints[number] ?? file.live.fingerprint
                let kept = fingerprint == file.staging.fingerprint ? file.staging.size : file.live.size
                return BuildManifest.Entry(fingerprint: fingerprint, size: sizes[number] ?? kept)
            }
            let manifest = BuildManifest.encoded(files: zip(index.files, entries).map { ($0.path, $1) })
            try output.commit(manifest: manifest, keeping: inputs.keep)
            timer.lap("quick: commit")
        } catch {
            output.discardStaging()
            return nil
        }
        saveIndex(after: index, changes: changes, entries: entries, statusTime: statusTime, output: output)
        timer.lap("quick: save index")
        output.settle()
        timer.lap("quick: settle")

        var warnings = inputs.warnings + scan.diagnostics
        for (number, source) in index.sources.enumerated() {
            warnings += changes.reread[number] ?? source.warnings.map(\.diagnostic)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return BuildReport(
            filesWritten: plan.copies.count + plan.fingerprints.count, pages: index.pageCount, pagesRendered: plan.pages.count, warnings: warnings.sorted(),
            seconds: seconds)
    }

    /// The index of the last build into `output`, if both trees still hold the manifests it names.
    private func storedIndex(of output: OutputFolder) -> RebuildIndex? {
        guard let bytes = try? FileReader.read(output.rebuildIndexPath), let index = RebuildIndex(parsing: bytes),
            index.siteRoot == options.siteRoot.path, !output.hasInterruptedSwap,
            RebuildIndex.ManifestIdentity(path: output.manifestPath) == index.live,
            RebuildIndex.ManifestIdentity(path: output.stagingManifestPath) == index.staging
        else { return nil }
        return index
    }

    /// The content folder's listing: the last build's when no folder of it
    /// changed since (no file can have been added, removed or renamed), else a new scan.
    private func scan(unlessUnchangedSince index: RebuildIndex) -> ContentScan {
        let root = options.siteRoot.path
        let trusted = index.written - SourceCache.racyWindow
        let statuses = index.contentFolders.map { FileStatus(path: root + "/" + $0.path) }
        let unchanged = zip(index.contentFolders, statuses).allSatisfy { folder, status in
            status == folder.status && (status?.modified ?? 0) < trusted
        }
        guard unchanged else { return ContentScanner(siteRoot: options.siteRoot).scan() }
        var scan = ContentScan()
        scan.files = index.sources.map { ContentFile(path: $0.path) }
        scan.diagnostics = index.scanWarnings.map(\.diagnostic)
        scan.folders = zip(index.contentFolders, statuses).map { ($0.path, $1) }
        return scan
    }

    /// `site.yml` and the theme, if they are what the last build used.
    private func inputs(matching index: RebuildIndex, output: OutputFolder) -> Inputs? {
        var warnings: [Diagnostic] = []
        var settingsHash: UInt64 = 0
        let loader = SiteLoader(siteRoot: options.siteRoot, includeDrafts: options.includeDrafts)
        let themed = Theme.load(siteRoot: options.siteRoot)
        guard let settings = loader.loadSettings(&warnings, settingsHash: &settingsHash), let theme = themed.theme,
            PageFingerprints.global(settingsHash: settingsHash, theme: theme, options: options) == index.global
        else { return nil }
        warnings += themed.diagnostics
        let keep = [".git", "CNAME"] + settings.keep
        guard !warnings.contains(where: { $0.severity == .error }),
            OutputSafety.problem(with: output, siteRoot: options.siteRoot, keep: keep) == nil
        else { return nil }
        return Inputs(
            settings: options.published(settings), settingsHash: settingsHash, theme: theme, keep: keep, warnings: warnings)
    }

    /// The pages to redo and their new fingerprints, or `nil` if an edit shows beyond its own pages.
    private func plan(_ changes: Changes, index: RebuildIndex, inputs: Inputs, files: [ContentFile]) -> Plan? {
        let dependencies = PageFingerprints.dependencies(of: inputs.theme)
        for edit in changes.edits where dependencies.values.contains(where: { $0.collectionsHTML.contains(edit.item.collection) }) {
            return nil  // A list shows its items' full text.
        }
        let feedEdited = changes.edits.contains { index.sources[$0.source].inFeed }
        var loaded = changes.edits
        if feedEdited {
            guard let feedPosts = feedPosts(in: index, besides: changes.edits, files: files, settings: inputs.settings) else {
                return nil
            }
            loaded += feedPosts
        }
        var content = SiteContent(settings: inputs.settings, posts: [], menu: [], profiles: [], primes: nil, pages: [])
        content.sourceHashes["site.yml"] = inputs.settingsHash
        var rendered: [String: RenderedMarkdown] = [:]
        for item in loaded {
            let path = index.sources[item.source].path
            content.add(item.item, includeDrafts: options.includeDrafts)
            content.sourceHashes[path] = item.hash
            rendered[path] = item.rendered
        }
        content.sort()

        let edited = Dictionary(uniqueKeysWithValues: changes.edits.map { (index.sources[$0.source].path, $0.source) })
        let pages = PagePlanner.plan(content).pages.filter { $0.source.map { edited[$0] != nil } ?? false }
        var fingerprints: [Int: UInt64] = [:]
        for page in pages {
            guard let source = page.source.flatMap({ edited[$0] }), dependencies[page.template]?.collections.isEmpty == true,
                let file = index.sources[source].outputs.first(where: { index.files[$0].path == page.output })
            else { return nil }
            fingerprints[file] = PageFingerprints.page(
                page, sourceHash: content.sourceHashes[page.source!] ?? 0, collections: [], global: index.global)
        }
        guard fingerprints.count == changes.edits.reduce(0, { $0 + index.sources[$1.source].outputs.count }) else {
            return nil  // An edited file's pages are not the ones it had.
        }
        var feed: Int?
        if feedEdited {
            let carried = Set(index.sources.filter(\.inFeed).map(\.path))
            guard Set(content.posts.prefix(FeedWriter.entryLimit).map(\.sourcePath)) == carried,
                let file = index.files.firstIndex(where: { $0.path == "feed.xml" })
            else { return nil }
            fingerprints[file] = PageFingerprints.feed(of: content, global: index.global)
            feed = file
        }
        return Plan(content: content, pages: pages, rendered: rendered, fingerprints: fingerprints, feed: feed, copies: [])
    }
}
