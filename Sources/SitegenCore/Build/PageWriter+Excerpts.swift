extension PageWriter {
    /// What the excerpt pass found and did.
    struct Excerpts {
        /// Every post's and menu item's excerpt, by source path.
        var bySource: [String: String]
        /// Every excerpt known, by `RenderedSite.excerptKey`.
        var byKey: [UInt64: String]
        /// The bodies rendered, by source path. Posts whose page was already
        /// written keep only their excerpt (and their HTML if the feed shows them).
        var rendered: [String: RenderedMarkdown]
        /// Pages written on the way (post pages of a build with nothing to reuse), with their sizes.
        var written: [String: Int]
    }

    /// Every post's and menu item's excerpt (list pages show them, so their
    /// fingerprints need them): from the source cache, or by rendering the
    /// bodies whose excerpt is not known. Those renderings are kept for the pages.
    ///
    /// With a `counter` (a build with nothing to reuse, where every page is
    /// redone), each post page whose template reads nothing of the site's
    /// collections is written as soon as its post is rendered, so the HTML of
    /// thousands of posts is not held in memory until the end.
    func excerpts(_ prepared: inout BuildPipeline.Prepared, loader: SiteLoader, counter: PageCounter?) throws -> Excerpts {
        var found = Excerpts(bySource: [:], byKey: [:], rendered: [:], written: [:])
        let shown =
            prepared.content.posts.map { ($0.sourcePath, RenderedSite.postExcerptLength) }
            + prepared.content.menu.map { ($0.sourcePath, RenderedSite.menuExcerptLength) }
        found.bySource.reserveCapacity(shown.count)
        let hashes = prepared.content.sourceHashes
        for (source, limit) in shown {
            guard let entry = prepared.sourceCache.entries[source], entry.hash == hashes[source], let excerpt = entry.excerpt
            else { continue }
            found.bySource[source] = excerpt
            found.byKey[RenderedSite.excerptKey(entry.hash, limit: limit)] = excerpt
        }
        let missing = Set(shown.map(\.0).filter { found.bySource[$0] == nil })
        try loader.loadBodies(missing, into: &prepared.content)

        let content = prepared.content
        let bodies =
            content.posts.filter { missing.contains($0.sourcePath) }.map { Body(source: $0.sourcePath, text: $0.body, post: $0) }
            + content.menu.filter { missing.contains($0.sourcePath) }.map { Body(source: $0.sourcePath, text: $0.body, post: nil) }
        let early = counter.flatMap { earlyPages(prepared, counter: $0) }
        let renderer = RenderedSite.markdownRenderer(for: content.settings)
        let results = bodies.parallelMap { body -> Swift.Result<(RenderedMarkdown, Int?), any Error> in
            Swift.Result {
                let html = renderer.html(from: body.text)
                let limit = body.post == nil ? RenderedSite.menuExcerptLength : RenderedSite.postExcerptLength
                let markdown = RenderedMarkdown(html: html, excerpt: HTMLText.excerpt(fromHTML: html, limit: limit))
                guard let early, let post = body.post, let page = early.pages[body.source] else { return (markdown, nil) }
                let size = try early.write(page, post: post, markdown: markdown, writer: self)
                return (RenderedMarkdown(html: early.feed.contains(body.source) ? html : "", excerpt: markdown.excerpt), size)
            }
        }

        for (body, result) in zip(bodies, results) {
            let (markdown, size) = try result.get()
            found.bySource[body.source] = markdown.excerpt
            found.rendered[body.source] = found.rendered[body.source] ?? markdown
            if let size, let page = early?.pages[body.source] { found.written[page.output] = size }
        }
        return found
    }

    /// A body to render, and its post (for a post page written on the way).
    private struct Body: Sendable {
        var source: String
        var text: String
        var post: Post?
    }

    /// Post pages that can be written before the rest of the site is known: those
    /// whose template reads none of the site's collections, when no template reads
    /// the posts' full text (the HTML would then be needed again).
    private struct EarlyPages: Sendable {
        /// The pages, by their post's source path.
        var pages: [String: PlannedPage]
        /// The posts the feed carries, whose HTML is kept for it.
        var feed: Set<String>
        /// The `site` value without collections: all those templates can read of it.
        var site: TemplateValue
        var settings: SiteSettings
        var paths: SitePaths
        var library: TemplateLibrary
        var counter: PageCounter

        func write(_ page: PlannedPage, post: Post, markdown: RenderedMarkdown, writer: PageWriter) throws -> Int {
            let item = SiteValues.post(post, html: markdown.html, excerpt: markdown.excerpt, paths: paths, settings: settings)
            let value = PagePlanner.value(of: page, item: item, settings: settings, paths: paths)
            let size = try writer.writePage(page, value: value, site: site, library: library)
            counter.finished()
            return size
        }
    }

    private func earlyPages(_ prepared: BuildPipeline.Prepared, counter: PageCounter) -> EarlyPages? {
        let dependencies = PageFingerprints.dependencies(of: prepared.theme)
        guard !dependencies.values.contains(where: { $0.collectionsHTML.contains(.posts) }) else { return nil }
        let content = prepared.content
        var pages: [String: PlannedPage] = [:]
        for page in prepared.pages {
            guard case .post = page.item, let source = page.source, dependencies[page.template]?.collections.isEmpty == true
            else { continue }
            pages[source] = page
        }
        let paths = SitePaths(settings: content.settings)
        let site = SiteValues.site(
            settings: content.settings, paths: paths, posts: [], menu: [], profiles: [], pages: [], primes: nil)
        return EarlyPages(
            pages: pages, feed: Set(content.posts.prefix(FeedWriter.entryLimit).map(\.sourcePath)), site: site,
            settings: content.settings, paths: paths, library: prepared.theme.library, counter: counter)
    }
}
