import Foundation

/// The rules `check` applies to one item across the site, for an edit of it:
/// its pages and aliases planned among the site's pages (two at one address,
/// an alias onto a page or onto its own), and its body's links and images
/// looked up in what the site has. The site is loaded as `check` loads it
/// (unchanged files from the build state's source cache, without reading them)
/// and planned, but nothing else is rendered: only the edited body, and the
/// bodies its `#fragment` links name when the cache does not know their `id`s.
/// An item's `layout:` is looked up in the theme (loaded only for an item with one).
/// An item without aliases whose body links nowhere in the site needs none of
/// that: only its body is rendered. Problems the edit causes at other files
/// (a heading another file links to, renamed) are left to `check`.
struct EditSiteCheck {
    /// The site folder.
    let siteRoot: String

    /// What `check` would report at the edited file once it holds `document`: errors refuse the
    /// edit. A site that does not load (another file's error) is left to `check`: nothing is reported.
    func problems(with document: ContentDocument, at target: EditTarget) -> [Diagnostic] {
        let path = target.sitePath
        let key = SourcePath(path)
        let options = BuildOptions(siteRoot: URL(fileURLWithPath: siteRoot))
        var ignored: [Diagnostic] = []
        var settingsHash: UInt64 = 0
        guard let settings = SiteLoader(siteRoot: options.siteRoot).loadSettings(&ignored, settingsHash: &settingsHash),
            let item = SiteLoader.item(
                of: document, kind: target.kind, slug: target.slug, collections: settings.collections
            ).item
        else { return [] }
        let layoutProblems = layoutProblems(of: item, at: path, siteRoot: options.siteRoot)
        // The body's links first: an item without aliases whose body links nowhere in the site
        // can meet no rule of the site's, and the site need not be loaded (most edits: a title, a price).
        let markdown = MarkdownStage(settings: options.published(settings), siteRoot: siteRoot)
        let body = MarkdownStage.Body(
            source: path, text: document.body, sourceHash: StableHash.of(document.bytes),
            firstLine: document.bodyFirstLine)
        let limit = target.kind == .post ? MarkdownStage.postExcerptLength : MarkdownStage.menuExcerptLength
        guard let taken = markdown.excerpts(of: [(body, limit)])[path] else { return layoutProblems }
        if taken.links.isEmpty && item.aliases.isEmpty { return layoutProblems }

        let output = OutputFolder(path: options.output.path)
        guard
            case .success(let loaded) = LoadStage(options: options).load(
                cache: BuildState.stored(for: output, sourcesOnly: true).sources)
        else { return [] }
        var content = loaded.content
        content.remove(source: path)
        content.add(item, publishing: options.publishing)
        content.sort()
        content.sourceHashes[key] = body.sourceHash
        content.unloadedBodies.remove(key)
        content.bodyLines[key] = document.bodyFirstLine

        let assets = Array(loaded.theme.assets.keys)
        let keep = ModelStage.kept(content)
        let lists = ListPagination(library: loaded.theme.library, paginate: content.settings.paginate)
        let templates = CollectionTemplates(library: loaded.theme.library, collections: content.settings.collections)
        let (planned, planProblems) = ModelStage.plan(
            content, key: 0, assets: assets, keep: keep, lists: lists, templates: templates)
        var problems = planProblems.filter { $0.location.path == path } + layoutProblems
        guard content.body(of: path) != nil else { return problems }  // Not shown (a draft): links unchecked.
        let check = LinkCheck(
            pages: planned.pages, assets: assets, files: content.files, kept: keep, loaded: content.sourceHashes,
            checksFragments: content.settings.markdownExtensions.contains(.headingAnchors),
            severity: content.settings.warnsOfBrokenLinks ? .warning : .error)
        let anchors = self.anchors(
            namedBy: taken.links, from: path, own: taken.anchors, pages: planned.pages, content: content,
            cache: loaded.sources, markdown: markdown)
        problems += check.problems(of: [path], links: [path: taken.links], anchors: anchors).diagnostics
        return problems.sorted()
    }

    /// The error at the item's `layout:` when the site's theme has no such template. A theme that
    /// does not load (a template's error) is left to `check`.
    private func layoutProblems(of item: SiteLoader.Item, at path: String, siteRoot: URL) -> [Diagnostic] {
        guard let layout = item.layout, let theme = Theme.load(siteRoot: siteRoot).theme,
            let problem = layout.problem(source: path, library: theme.library)
        else { return [] }
        return [problem]
    }

    /// The `id`s of each file whose page a `#fragment` link of `links` may name: from the source
    /// cache when it holds them for the file's bytes, else from rendering its body.
    private func anchors(
        namedBy links: [MarkdownLink], from path: String, own: [String], pages: [PlannedPage], content: SiteContent,
        cache: SourceCache, markdown: MarkdownStage
    ) -> [SourcePath: [String]] {
        var anchors: [SourcePath: [String]] = [SourcePath(path): own]
        let withFragments = links.filter { $0.fragment != nil }
        guard !withFragments.isEmpty else { return anchors }
        var sourceOf: [String: String] = [:]
        for page in pages { if let source = page.source { sourceOf[page.output] = sourceOf[page.output] ?? source } }
        var targets: Set<String> = []
        for link in withFragments {
            switch link.target {
            case .page(let source): targets.insert(source)
            case .address(let address):
                let outputs =
                    address.isEmpty || address.hasSuffix("/")
                    ? [address + "index.html"] : [address, address + "/index.html"]
                if let source = outputs.lazy.compactMap({ sourceOf[$0] }).first { targets.insert(source) }
            default: continue
            }
        }
        var missing: [(body: MarkdownStage.Body, limit: Int)] = []
        for source in targets.sorted() where source != path {
            let key = SourcePath(source)
            guard let hash = content.sourceHashes[key] else { continue }
            if let entry = cache.entries[key], entry.hash == hash, entry.excerpt != nil {
                anchors[key] = entry.anchors
            } else if let (body, limit) = content.body(of: source) {
                let text = content.unloadedBodies.contains(key) ? nil : body
                missing.append(
                    (
                        MarkdownStage.Body(
                            source: source, text: text, sourceHash: hash, firstLine: content.bodyLines[key] ?? 1), limit
                    ))
            }
        }
        for (source, taken) in markdown.excerpts(of: missing) { anchors[SourcePath(source)] = taken.anchors }
        return anchors
    }
}

extension SiteLoader.Item {
    /// The item's `aliases:`.
    fileprivate var aliases: [String] {
        switch self {
        case .post(let post): return post.aliases
        case .menuItem(let item): return item.aliases
        case .profile(let profile): return profile.aliases
        case .page(let page): return page.aliases
        case .item(let item): return item.aliases
        case .primes: return []
        }
    }
}

extension SiteContent {
    /// Takes the item read from `source` out of its collection.
    fileprivate mutating func remove(source: String) {
        posts.removeAll { $0.sourcePath == source }
        menu.removeAll { $0.sourcePath == source }
        profiles.removeAll { $0.sourcePath == source }
        pages.removeAll { $0.sourcePath == source }
        for name in items.keys { items[name]?.removeAll { $0.sourcePath == source } }
        if source == PrimesPage.sourcePath { primes = nil }
    }
}
