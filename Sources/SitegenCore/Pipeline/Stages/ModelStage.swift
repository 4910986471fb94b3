/// Model: the pages of the site and the values templates see. Excerpts (and
/// each body's links into the site) are taken from the state for unchanged
/// files and rendered (in the one `MarkdownStage`) for the others; they go into
/// the source cache for the next build. Links are checked against the whole
/// site; while nothing they can point at changed (`LinkCheckMemo`), only the
/// links of files rendered again, and of files whose links failed, are.
struct ModelStage {
    let options: BuildOptions
    /// Where the resized copies of photos are kept; `nil` (`sitegen check`): photos are checked, none is resized.
    var imageCache: ImageCache? = nil

    /// The site as templates see it, and what it is made of.
    struct Modeled: Sendable {
        var model: SiteModel
        /// Every page, sorted by output path.
        var pages: [PlannedPage]
        var theme: Theme
        var markdown: MarkdownStage
        var warnings: [Diagnostic]
        /// The source cache, with this build's excerpts.
        var sources: SourceCache
        /// Output entries sitegen never deletes.
        var keep: [String]
        /// The plan, for the next build in this process.
        var memo: ModelMemo?
        /// Whether the values were the last build's, with those of the files changed since made again.
        var patched = false
        /// The photos published with resized copies, by output path.
        var photos: [String: ResponsiveImage] = [:]
    }

    /// The model of what was loaded; `memo` is what the last build in this process left, if any,
    /// and `remembers` says whether this one's is wanted (by a process that builds again).
    /// The source cache is taken out of `loaded` and becomes `Modeled.sources` with this build's
    /// excerpts added: in place when the caller holds it no longer (`Loaded.handingOnSources()`).
    func model(_ loaded: consuming LoadStage.Loaded, memo: ModelMemo? = nil, remembers: Bool = false) -> Result<
        Modeled, BuildFailure
    > {
        let content = loaded.content
        var timer = PhaseTimer()
        let assets = Array(loaded.theme.assets.keys)
        let global = global(content)
        // A list whose template never reads a page's share of its posts is one page (`ListPagination`).
        let lists = ListPagination(library: loaded.theme.library, paginate: content.settings.paginate)
        let templates = CollectionTemplates(library: loaded.theme.library, collections: content.settings.collections)
        let key =
            memo != nil || remembers
            ? ModelMemo.key(of: content, assets: assets, global: global, lists: lists, templates: templates) : 0
        let keep = Self.kept(content)
        // Without a last model to patch (only a process that builds again keeps one), the excerpts
        // are looked up in the source cache on another core while the pages are planned.
        let lookedUp =
            memo == nil
            ? InBackground { [sources = loaded.sources] in Self.excerpts(of: content, sources: sources, last: nil) }
            : nil
        let planned: ModelMemo
        var problems: [Diagnostic] = []
        if let memo, memo.key == key {
            planned = memo
            timer.lap("model: plan pages (as the last build's)")
        } else {
            if memo != nil { PhaseTimer.note("model: models, files or settings changed; the pages are planned again") }
            (planned, problems) = Self.plan(
                content, key: key, assets: assets, keep: keep, lists: lists, templates: templates)
            timer.lap("model: plan pages")
        }
        let used = Set(
            ["posts"] + (planned.groups.tags.isEmpty ? [] : ["tag"]) + (planned.groups.authors.isEmpty ? [] : ["user"]))
        let onePage = lists.warnings(library: loaded.theme.library, paginate: content.settings.paginate, used: used)
        // Checked on every build, the plan being the last one's or not: a template may have gone since.
        let layouts = PageLayout.problems(pages: planned.pages, library: loaded.theme.library)
        var warnings = (loaded.warnings + problems + onePage + layouts).sorted()
        // After an error, the links are still checked (every problem in one run), but no values are made.
        let failing = warnings.contains { $0.severity == .error }
        var handedOn = remembers && !failing ? planned : nil  // For the next build.
        let sections = planned.sections
        let groups = planned.groups
        let pages = planned.pages

        var images = ImageSizes.measure(content.files, siteRoot: options.siteRoot.path)
        let photos = ResponsiveImages.prepare(
            // An image whose header sitegen cannot read itself is published as it is, with its warning.
            content.files.filter { images.sizes[$0.output] != nil && !images.damaged.contains($0.output) },
            sizes: images.sizes, settings: content.settings.images,
            siteRoot: options.siteRoot.path, cache: imageCache, published: Set(content.files.map(\.output)))
        images.take(photos)
        warnings = (warnings + images.warnings + Self.missingImages(content)).sorted()
        timer.lap(
            "model: image sizes read; photos: \(photos.images.count) published, \(photos.read) read, \(photos.made) resized"
        )
        // After a build in this process with the same plan, only the files whose bytes changed since
        // need their excerpts, links and values made again (`ModelMemo.Values`).
        let last = planned.values.flatMap { $0.patchable(for: content, images: images.sizes) }
        if planned.values != nil && last == nil {
            PhaseTimer.note("model: files or image sizes changed; every value is made again")
        }
        let markdown =
            last?.values.markdown
            ?? MarkdownStage(
                settings: content.settings, siteRoot: options.siteRoot.path, images: images.sizes,
                math: MathRenderer.shared(stateFolder: OutputFolder(path: options.output.path).statePath))
        markdown.forgetProblems()
        var sources = SourceCache()
        swap(&sources, &loaded.sources)
        let (shown, excerpted) = lookedUp?.value ?? Self.excerpts(of: content, sources: sources, last: last)
        var excerpts = excerpted.excerpts
        var anchors = excerpted.anchors
        timer.lap("model: excerpts known")
        var rendered: [String: [MarkdownLink]] = [:]  // The links of the bodies rendered here.
        for (source, taken) in markdown.excerpts(of: excerpted.missing) {
            let key = SourcePath(source)
            excerpts[key] = taken.excerpt
            rendered[source] = taken.links
            anchors[key] = taken.anchors
            sources.entries[key]?.excerpt = taken.excerpt
            sources.entries[key]?.links = taken.links
            sources.entries[key]?.anchors = taken.anchors
            sources.entries[key]?.warnings += taken.warnings
            warnings += taken.warnings
        }
        timer.lap("model: excerpts rendered (\(excerpted.missing.count))")
        if !images.damaged.isEmpty {
            warnings += Self.usesOfDamagedImages(
                shown, fresh: rendered, cached: sources, damaged: images.damaged, oversized: images.oversized)
        }
        let check = LinkCheck(
            pages: pages, assets: assets, files: content.files, kept: keep,
            loaded: content.sourceHashes, failed: content.failed,
            checksFragments: content.settings.markdownExtensions.contains(.headingAnchors),
            severity: content.settings.warnsOfBrokenLinks ? .warning : .error)
        // Links written as they are in the templates' text, on the pages rendered with them.
        warnings += loaded.theme.links.problems(
            pages: pages, library: loaded.theme.library, root: SitePaths(settings: content.settings).root, check: check)
        // The whole site's index only for a process that builds again; else what the links checked need.
        let linkIndex = last?.values.linkIndex ?? (handedOn != nil ? check.index : nil)
        // The cache is lent, not kept: the arrivals are then set in the only copy of it.
        let (linksChecked, imageDigests, bodyImages) = Self.checkLinks(
            check, of: shown, cached: sources, fresh: rendered, anchors: anchors, content: content,
            last: last, linkIndex: linkIndex, images: images.sizes)
        // A build that rendered most bodies checks every file's links: waited for before the values
        // are made, so that the two never hold their memory at once (at 50k posts, 300 MiB of the peak).
        if excerpted.missing.count * 2 >= shown.count { _ = linksChecked.value }
        if failing {
            let diagnostics = MermaidDiagrams.sayingOnce(warnings + linksChecked.value.broken)
            return .failure(BuildFailure(diagnostics: diagnostics))
        }
        let model =
            if let last {
                SiteModel(
                    patching: last.values.model, changed: last.changed, content: content, plan: pages,
                    sections: sections, groups: groups, global: global, editing: options.editControls,
                    excerpts: excerpts, markdown: markdown, imageDigests: imageDigests, bodyImages: bodyImages)
            } else {
                SiteModel(
                    content: content, plan: pages, sections: sections, groups: groups, global: global,
                    editing: options.editControls, excerpts: excerpts, markdown: markdown, imageDigests: imageDigests,
                    bodyImages: bodyImages)
            }
        timer.lap("model: values")
        let (reach, broken, arrivals) = linksChecked.value
        for (source, bits) in arrivals { sources.entries[SourcePath(source)]?.arrivals = bits }
        sources.linkCheck = LinkCheckMemo(reach: reach, problems: broken)
        warnings += broken
        warnings = MermaidDiagrams.sayingOnce(warnings)
        warnings.sort()
        timer.lap("model: links checked, waited for")
        if warnings.contains(where: { $0.severity == .error }) { return .failure(BuildFailure(diagnostics: warnings)) }
        handedOn?.values = ModelMemo.Values(
            sourceHashes: content.sourceHashes, images: images.sizes, markdown: markdown, shown: shown,
            excerpts: excerpts, anchors: anchors, linkReach: reach, linkIndex: linkIndex,
            imageDigests: imageDigests, bodyImages: bodyImages,
            model: model.reusable)
        return .success(
            Modeled(
                model: model, pages: pages, theme: loaded.theme, markdown: markdown, warnings: warnings,
                sources: sources, keep: keep, memo: handedOn, patched: last != nil, photos: photos.images))
    }

    /// What the link check found: where links can arrive, the broken ones, and where each checked file's arrived.
    private typealias CheckedLinks = (reach: LinkReach, broken: [Diagnostic], arrivals: [String: [UInt64]])

    /// Starts checking the links of `shown` on another core (the values are made meanwhile: neither
    /// needs the other), and works out what image sizes each body's HTML is made of. Links from the
    /// source cache are decoded only for the files checked (or for image sizes).
    private static func checkLinks(
        _ check: LinkCheck, of shown: [String], cached: SourceCache, fresh: [String: [MarkdownLink]],
        anchors: [SourcePath: [String]], content: SiteContent, last: ModelMemo.Patchable?,
        linkIndex: LinkCheck.Index?, images: [String: ImageSize]
    ) -> (checked: InBackground<CheckedLinks>, imageDigests: [SourcePath: UInt64], bodyImages: [SourcePath: BodyImage])
    {
        @Sendable func links(of sources: [String]) -> [String: [MarkdownLink]] {
            Dictionary(
                uniqueKeysWithValues: sources.map { ($0, fresh[$0] ?? cached.entries[SourcePath($0)]?.links ?? []) })
        }
        let checked = InBackground { () -> CheckedLinks in
            var timer = PhaseTimer()
            // Where links can arrive is the last build's when only bodies changed and their `id`s did not.
            let reach =
                last.flatMap { last in
                    last.changed.allSatisfy { anchors[SourcePath($0)] == last.values.anchors[SourcePath($0)] }
                        ? last.values.linkReach : nil
                }
                ?? check.reach(sources: shown, anchors: anchors, settingsHash: content.sourceHashes["site.yml"] ?? 0)
            let (toCheck, checksNav) =
                cached.linkCheck?.toCheck(shown, fresh: Set(fresh.keys), reach: reach) { source, gone in
                    cached.entries[SourcePath(source)]?.arrived(atAnyOf: gone) ?? true
                } ?? (shown, true)
            timer.lap("model: where links can arrive, on another core")
            let (broken, arrivals) = check.problems(
                of: toCheck, links: links(of: toCheck), anchors: anchors,
                nav: checksNav ? content.settings.nav ?? [] : [], index: linkIndex)
            timer.lap("model: links checked (\(toCheck.count) files) on another core")
            return (reach: reach, broken: broken, arrivals: arrivals)
        }
        var imageDigests: [SourcePath: UInt64] = [:]
        var bodyImages: [SourcePath: BodyImage] = [:]
        if !images.isEmpty {
            if let last {
                let changed = links(of: Array(last.changed))
                imageDigests = last.values.imageDigests.filter { !last.changed.contains($0.key.text) }
                imageDigests.merge(Self.imageDigests(changed, sizes: images)) { $1 }
                bodyImages = last.values.bodyImages.filter { !last.changed.contains($0.key.text) }
                bodyImages.merge(Self.bodyImages(changed, sizes: images)) { $1 }
            } else {
                let all = links(of: shown)
                imageDigests = Self.imageDigests(all, sizes: images)
                bodyImages = Self.bodyImages(all, sizes: images)
            }
        }
        return (checked, imageDigests, bodyImages)
    }

    /// What `excerpts(of:sources:last:)` found.
    private struct Excerpted {
        var excerpts: [SourcePath: String]
        /// The `id`s of each body's page, by source path.
        var anchors: [SourcePath: [String]]
        /// The bodies to render for their excerpts, with the excerpt's length.
        var missing: [(body: MarkdownStage.Body, limit: Int)]
    }

    /// The source of every item with a body, in the content's order, and each one's excerpt and
    /// `id`s where the source cache (or, for files unchanged since, the last build) knows them.
    /// Every body is rendered once when its file changes: for its excerpt (posts and menu items
    /// show one on list pages) and for what its Markdown says wrong, both kept in the source cache.
    private static func excerpts(
        of content: SiteContent, sources: SourceCache, last: ModelMemo.Patchable?
    ) -> (shown: [String], Excerpted) {
        var result = Excerpted(excerpts: [:], anchors: [:], missing: [])
        /// The source's cache entry, when it holds the excerpt of the file's bytes.
        @Sendable func cached(_ key: SourcePath) -> SourceCache.Entry? {
            guard let entry = sources.entries[key], entry.hash == content.sourceHashes[key] ?? 0, entry.excerpt != nil
            else { return nil }
            return entry
        }
        func take(_ key: SourcePath, _ body: String, _ limit: Int, from entry: SourceCache.Entry?) {
            if let entry, let excerpt = entry.excerpt {
                result.excerpts[key] = excerpt
                result.anchors[key] = entry.anchors
            } else {
                let text = content.unloadedBodies.contains(key) ? nil : body
                let body = MarkdownStage.Body(
                    source: key.text, text: text, sourceHash: content.sourceHashes[key] ?? 0,
                    firstLine: content.bodyLines[key] ?? 1)
                result.missing.append((body, limit))
            }
        }
        if let last {
            result.excerpts = last.values.excerpts
            result.anchors = last.values.anchors
            for source in last.changed {
                guard let (body, limit) = content.body(of: source) else { continue }
                let key = SourcePath(source)
                take(key, body, limit, from: cached(key))
            }
            return (last.values.shown, result)
        }
        let shown =
            content.posts.map { ($0.sourcePath, $0.body, MarkdownStage.postExcerptLength) }
            + content.menu.map { ($0.sourcePath, $0.body, MarkdownStage.menuExcerptLength) }
            + content.profiles.map { ($0.sourcePath, $0.body, MarkdownStage.postExcerptLength) }
            + content.pages.map { ($0.sourcePath, $0.body, MarkdownStage.postExcerptLength) }
            + (content.primes.map { [(PrimesPage.sourcePath, $0.body, 0)] } ?? [])
            + content.settings.collections.declared.flatMap { schema in
                (content.items[schema.name] ?? []).map { ($0.sourcePath, $0.body, MarkdownStage.postExcerptLength) }
            }
        // The cache looked up on all cores (each path hashed once); the tables are then filled in one pass.
        let entries = shown.parallelMap { source, _, _ in
            let key = SourcePath(source)
            return (key, cached(key))
        }
        result.excerpts.reserveCapacity(shown.count)
        result.anchors.reserveCapacity(shown.count)
        for ((_, body, limit), (key, entry)) in zip(shown, entries) { take(key, body, limit, from: entry) }
        return (shown.map(\.0), result)
    }

    /// The pages of `content`, with the groups and sections they were planned from, and the
    /// problems found: two pages (or a page and a file) at one address, profiles claiming one username.
    static func plan(
        _ content: SiteContent, key: UInt64, assets: [String], keep: [String], lists: ListPagination,
        templates: CollectionTemplates
    ) -> (ModelMemo, [Diagnostic]) {
        let sections = SiteSections(content: content)
        let groups = PostGroups(content: content)
        let plan = PagePlanner.plan(content, sections: sections, groups: groups, lists: lists, templates: templates)
        let collisions =
            OutputCollisions.problems(files: content.files, pages: plan.pages, assets: assets, kept: keep)
            + OutputCollisions.pageProblems(pages: plan.pages, assets: assets)
        return (
            ModelMemo(key: key, sections: sections, groups: groups, pages: plan.pages),
            plan.diagnostics + collisions + groups.problems + PostGroups.profileProblems(content.profiles)
        )
    }

    /// An error at each image field naming a local image the site does not publish.
    private static func missingImages(_ content: SiteContent) -> [Diagnostic] {
        let collections = content.settings.collections
        let declaresImages = (collections.builtIn + collections.declared).contains { schema in
            schema.fields.contains { $0.type == .image }
        }
        let siteImage = content.settings.image.map { ["image": FieldValue.image($0)] }
        guard declaresImages || siteImage != nil else { return [] }
        let published = Set(content.files.map(\.output))
        let root = content.settings.rootPath
        let values =
            content.items.values.joined().map { ($0.values, $0.sourcePath) }
            + content.posts.map { ($0.fieldValues, $0.sourcePath) }
            + content.menu.map { ($0.fieldValues, $0.sourcePath) }
            + content.profiles.map { ($0.fieldValues, $0.sourcePath) }
        return (values + (siteImage.map { [($0, "site.yml")] } ?? [])).flatMap { values, source in
            CollectionImages.problems(values, source: source, root: root, published: published)
        }
    }

    /// The output entries a build leaves as they are: `.git`, `CNAME` and `keep:`, but
    /// not one the site publishes itself (`static/CNAME`).
    static func kept(_ content: SiteContent) -> [String] {
        let published = Set(content.files.map(\.output))
        return ([".git", "CNAME"] + content.settings.keep).filter { !published.contains($0) }
    }

    /// An error at each Markdown image of `sources` that shows a damaged image (reported at the file too).
    private static func usesOfDamagedImages(
        _ sources: [String], fresh: [String: [MarkdownLink]], cached: SourceCache, damaged: Set<String>,
        oversized: Set<String>
    ) -> [Diagnostic] {
        sources.flatMap { source -> [Diagnostic] in
            let links = fresh[source] ?? cached.entries[SourcePath(source)]?.links ?? []
            return links.compactMap { link -> Diagnostic? in
                guard link.isImage, let output = imageOutput(of: link), damaged.contains(output) else { return nil }
                return Diagnostic(
                    at: SourceLocation(path: source, line: link.line, column: link.column),
                    oversized.contains(output)
                        ? "image \(link.written) has more pixels than images.max_pixels allows"
                        : "image \(link.written) is cut short or damaged; publish the whole file")
            }
        }
    }

    /// The output path of a local image a link shows, if it names one.
    private static func imageOutput(of link: MarkdownLink) -> String? {
        switch link.target {
        case .file(let sitePath): String(sitePath.drop { $0 != "/" }.dropFirst())
        case .address(let address): address
        default: nil
        }
    }

    /// For each body showing local images, a hash of their sizes: its HTML (`width`, `height`) is made of them.
    private static func imageDigests(_ links: [String: [MarkdownLink]], sizes: [String: ImageSize])
        -> [SourcePath: UInt64]
    {
        var digests: [SourcePath: UInt64] = [:]
        for (source, found) in links {
            var digest = StableHash()
            var any = false
            for link in found where link.isImage {
                let output: String
                switch link.target {
                case .file(let sitePath): output = String(sitePath.drop { $0 != "/" }.dropFirst())
                case .address(let address): output = address
                default: continue
                }
                guard let size = sizes[output] else { continue }
                digest.combine(output)
                digest.combine(UInt64(size.width))
                digest.combine(UInt64(size.height))
                digest.combine(size.resizedDigest)
                any = true
            }
            if any { digests[SourcePath(source)] = digest.value }
        }
        return digests
    }

    /// For each body showing a local image of a known size, the first: its page's link previews show it
    /// when its item names no image of its own.
    private static func bodyImages(_ links: [String: [MarkdownLink]], sizes: [String: ImageSize])
        -> [SourcePath: BodyImage]
    {
        var found: [SourcePath: BodyImage] = [:]
        for (source, links) in links {
            for link in links where link.isImage {
                guard let output = imageOutput(of: link), let size = sizes[output] else { continue }
                found[SourcePath(source)] = BodyImage(output: output, size: size)
                break
            }
        }
        return found
    }

    /// What every value depends on: sitegen's version, `site.yml`, the build options, and the math
    /// converter's version (the MathML of unchanged math changes with it).
    private func global(_ content: SiteContent) -> UInt64 {
        var global = StableHash()
        global.combine(SitegenVersion.build)
        global.combine(MathConverter.installedVersion)
        global.combine(content.sourceHashes["site.yml"] ?? 0)
        global.combine(options.includeDrafts ? 1 : 0)
        global.combine(options.includeFuture ? 1 : 0)
        global.combine(options.baseURL?.text ?? "")
        global.combine(options.editControls ? 1 : 0)
        return global.value
    }
}

extension SiteContent {
    /// The body of the item read from `source`, and the length of the excerpt list pages show of it.
    func body(of source: String) -> (String, Int)? {
        // By index: `first(where:)` copied every model it passed.
        if let index = posts.indices.first(where: { posts[$0].sourcePath == source }) {
            return (posts[index].body, MarkdownStage.postExcerptLength)
        }
        if let index = menu.indices.first(where: { menu[$0].sourcePath == source }) {
            return (menu[index].body, MarkdownStage.menuExcerptLength)
        }
        if let index = profiles.indices.first(where: { profiles[$0].sourcePath == source }) {
            return (profiles[index].body, MarkdownStage.postExcerptLength)
        }
        if let index = pages.indices.first(where: { pages[$0].sourcePath == source }) {
            return (pages[index].body, MarkdownStage.postExcerptLength)
        }
        if let primes, source == PrimesPage.sourcePath { return (primes.body, 0) }
        for items in items.values {
            if let index = items.indices.first(where: { items[$0].sourcePath == source }) {
                return (items[index].body, MarkdownStage.postExcerptLength)
            }
        }
        return nil
    }
}
