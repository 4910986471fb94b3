/// The model stage's excerpts: found in the source cache (or the last build's values) for
/// unchanged files, rendered for the others.
extension ModelStage {
    /// What `excerpts(of:sources:last:)` found.
    struct Excerpted {
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
    static func excerpts(
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

    /// Renders the bodies `excerpted` misses for their excerpts, taking each one's excerpt, links,
    /// `id`s and warnings into `excerpted` and `sources`; returns the links and the warnings.
    static func renderExcerpts(
        _ excerpted: inout Excerpted, markdown: MarkdownStage, into sources: inout SourceCache
    ) -> (links: [String: [MarkdownLink]], warnings: [Diagnostic]) {
        var rendered: [String: [MarkdownLink]] = [:]  // The links of the bodies rendered here.
        var warnings: [Diagnostic] = []
        for (source, taken) in markdown.excerpts(of: excerpted.missing) {
            let key = SourcePath(source)
            excerpted.excerpts[key] = taken.excerpt
            rendered[source] = taken.links
            excerpted.anchors[key] = taken.anchors
            sources.entries[key]?.excerpt = taken.excerpt
            sources.entries[key]?.links = taken.links
            sources.entries[key]?.anchors = taken.anchors
            sources.entries[key]?.warnings += taken.warnings
            warnings += taken.warnings
        }
        return (rendered, warnings)
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
