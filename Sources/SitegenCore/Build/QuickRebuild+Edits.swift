#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension QuickRebuild {
    /// A content file whose bytes changed since the last build, but not its
    /// fields or excerpt: only its own pages (and the feed, if it carries it) show the change.
    struct Edit: Sendable {
        /// Its index in `RebuildIndex.sources`.
        var source: Int
        var item: SiteLoader.Item
        var hash: UInt64
        /// Its body rendered, when list pages show its excerpt (so it was rendered to compare).
        var rendered: RenderedMarkdown?
    }

    /// What the content folder holds now, next to what the last build read.
    struct Changes {
        /// Every content file's status now, in `RebuildIndex.sources` order.
        var statuses: [FileStatus]
        /// The files read again (their status moved, or is too recent to trust), with their warnings.
        var reread: [Int: [Diagnostic]]
        /// The files whose bytes changed.
        var edits: [Edit]
        /// The content folders as listed now, and the listing's warnings.
        var folders: [RebuildIndex.Folder] = []
        var scanWarnings: [RebuildIndex.Warning] = []
    }

    /// One file read again.
    private enum Reread: Sendable {
        case unchanged(warnings: [Diagnostic])
        case edited(Edit, warnings: [Diagnostic])
        /// Its fields, excerpt or validity changed, or it cannot be read: a case for the full way.
        case beyondReach
    }

    /// The content changes since the last build, or `nil` when the short way cannot
    /// take them: files added or removed, or an edit that changed more than a body.
    func changes(since index: RebuildIndex, files: [ContentFile], settings: SiteSettings) -> Changes? {
        guard files.count == index.sources.count, zip(files, index.sources).allSatisfy({ $0.path == $1.path }) else {
            return nil
        }
        let root = options.siteRoot.path
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        let found = index.sources.parallelMap { FileStatus(path: $0.path, in: folder) }
        var statuses: [FileStatus] = []
        statuses.reserveCapacity(found.count)
        var candidates: [Int] = []
        let trusted = index.written - SourceCache.racyWindow
        for (source, status) in zip(index.sources, found) {
            guard let status else { return nil }
            if status != source.status || status.modified >= trusted { candidates.append(statuses.count) }
            statuses.append(status)
        }
        guard candidates.count <= Self.changeLimit else { return nil }

        let renderer = RenderedSite.markdownRenderer(for: settings)
        let maxFileSize = settings.maxFileSize
        let results = candidates.parallelMap { number -> Reread in
            let before = index.sources[number]
            let loaded = SiteLoader.loadItem(files[number], siteRoot: root, maxFileSize: maxFileSize)
            guard let item = loaded.item, !loaded.diagnostics.contains(where: { $0.severity == .error }) else {
                return .beyondReach
            }
            if loaded.hash == before.hash { return .unchanged(warnings: loaded.diagnostics) }
            guard SourceCache.modelHash(of: item) == before.modelHash else { return .beyondReach }
            var edit = Edit(source: number, item: item, hash: loaded.hash)
            if before.excerptLimit > 0 {
                let html = renderer.html(from: item.body)
                let excerpt = HTMLText.excerpt(fromHTML: html, limit: before.excerptLimit)
                guard StableHash.of(excerpt) == before.excerptHash else { return .beyondReach }
                edit.rendered = RenderedMarkdown(html: html, excerpt: excerpt)
            }
            return .edited(edit, warnings: loaded.diagnostics)
        }
        var changes = Changes(statuses: statuses, reread: [:], edits: [])
        for (number, result) in zip(candidates, results) {
            switch result {
            case .beyondReach: return nil
            case .unchanged(let warnings): changes.reread[number] = warnings
            case .edited(let edit, let warnings):
                changes.reread[number] = warnings
                changes.edits.append(edit)
            }
        }
        return changes
    }

    /// The unchanged posts the feed carries, read whole (the feed shows their
    /// full text), or `nil` if one of them cannot be read as it was.
    func feedPosts(in index: RebuildIndex, besides edits: [Edit], files: [ContentFile], settings: SiteSettings) -> [Edit]? {
        let edited = Set(edits.map(\.source))
        let wanted = index.sources.indices.filter { index.sources[$0].inFeed && !edited.contains($0) }
        let root = options.siteRoot.path
        let maxFileSize = settings.maxFileSize
        let loaded = wanted.parallelMap { number -> Edit? in
            let loaded = SiteLoader.loadItem(files[number], siteRoot: root, maxFileSize: maxFileSize)
            guard let item = loaded.item, loaded.hash == index.sources[number].hash else { return nil }
            return Edit(source: number, item: item, hash: loaded.hash)
        }
        let posts = loaded.compactMap { $0 }
        return posts.count == wanted.count ? posts : nil
    }
}

extension SiteLoader.Item {
    /// The Markdown body of the item.
    var body: String {
        switch self {
        case .post(let post): post.body
        case .menuItem(let item): item.body
        case .profile(let profile): profile.body
        case .primes(let primes): primes.body
        case .page(let page): page.body
        }
    }

    /// The collection of the `site` value the item belongs to.
    var collection: SiteDependencies.Collection {
        switch self {
        case .post: .posts
        case .menuItem: .menu
        case .profile: .profiles
        case .primes: .primes
        case .page: .pages
        }
    }
}
