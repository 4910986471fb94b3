/// Fingerprints of every output file: a hash of all the inputs that can change
/// its bytes, so a rebuild redoes exactly the files whose inputs changed.
///
/// A page's inputs are the build-wide ones (sitegen's version, `site.yml`, the
/// theme, the build options), its own source file, and the collections of the
/// `site` value its template can reach (found by `TemplateReads`). A template
/// that shows items' rendered Markdown depends on their whole source files; one
/// that shows only their other fields and excerpts depends on just those, so
/// editing a post's body past its excerpt redoes no list page.
struct PageFingerprints {
    /// The build-wide part of every fingerprint.
    let global: UInt64
    /// A hash of each collection's items (identity, order and source bytes).
    let collections: [SiteDependencies.Collection: UInt64]
    /// A hash of each collection's items as a list shows them (identity, order,
    /// fields other than the body, and excerpt).
    let summaries: [SiteDependencies.Collection: UInt64]
    /// What each template reads.
    let dependencies: [String: SiteDependencies]
    private let sourceHashes: [String: UInt64]
    private let content: SiteContent

    /// `excerpts`: every post's and menu item's excerpt, by source path.
    init(content: SiteContent, theme: Theme, options: BuildOptions, excerpts: [String: String]) {
        global = Self.global(settingsHash: content.sourceHashes["site.yml"] ?? 0, theme: theme, options: options)
        sourceHashes = content.sourceHashes
        self.content = content

        func hash(_ paths: [String]) -> UInt64 {
            var hash = StableHash()
            for path in paths {
                hash.combine(path)
                hash.combine(content.sourceHashes[path] ?? 0)
            }
            return hash.value
        }
        func summary(_ paths: [String]) -> UInt64 {
            var hash = StableHash()
            for path in paths {
                hash.combine(path)
                hash.combine(content.modelHashes[path] ?? 0)
                hash.combine(excerpts[path] ?? "")
            }
            return hash.value
        }
        var collections: [SiteDependencies.Collection: UInt64] = [:]
        var summaries: [SiteDependencies.Collection: UInt64] = [:]
        for collection in SiteDependencies.Collection.allCases {
            let paths = content.sourcePaths(of: collection)
            collections[collection] = hash(paths)
            summaries[collection] = summary(paths)
        }
        self.collections = collections
        self.summaries = summaries
        dependencies = Self.dependencies(of: theme)
    }

    /// What each of a theme's templates reads of the `site` value.
    static func dependencies(of theme: Theme) -> [String: SiteDependencies] {
        var dependencies: [String: SiteDependencies] = [:]
        for name in theme.library.names {
            dependencies[name] = SiteDependencies(theme.library.reads(of: name, stack: [[], ["page"]]))
        }
        return dependencies
    }

    /// The build-wide part of every fingerprint: sitegen's version, `site.yml`, the theme, the options.
    static func global(settingsHash: UInt64, theme: Theme, options: BuildOptions) -> UInt64 {
        var global = StableHash()
        global.combine(SitegenVersion.current)
        global.combine(settingsHash)
        global.combine(theme.fingerprint)
        global.combine(options.includeDrafts ? 1 : 0)
        global.combine(options.baseURL ?? "")
        return global.value
    }

    /// The fingerprint of a page.
    func page(_ page: PlannedPage) -> UInt64 {
        let reads = dependencies[page.template] ?? .everything
        let shown = reads.collections.sorted().map { collection in
            (reads.collectionsHTML.contains(collection) ? collections[collection] : summaries[collection]) ?? 0
        }
        return Self.page(page, sourceHash: page.source.flatMap { sourceHashes[$0] } ?? 0, collections: shown, global: global)
    }

    /// The fingerprint of a page from its parts: `collections` holds the hash of
    /// each collection its template reads (whole or summarized), in `Collection` order.
    static func page(_ page: PlannedPage, sourceHash: UInt64, collections: [UInt64], global: UInt64) -> UInt64 {
        var hash = StableHash()
        hash.combine(global)
        hash.combine(page.output)
        hash.combine(page.template)
        hash.combine(sourceHash)
        for collection in collections { hash.combine(collection) }
        return hash.value
    }

    /// The fingerprint of the feed: the newest posts whole, and the newest date of all.
    func feed() -> UInt64 {
        Self.feed(of: content, global: global)
    }

    /// The feed's fingerprint for content holding at least the feed's posts (the newest ones).
    static func feed(of content: SiteContent, global: UInt64) -> UInt64 {
        var hash = StableHash()
        hash.combine(global)
        hash.combine("feed.xml")
        hash.combine(UInt64(bitPattern: content.posts.compactMap(\.date).max()?.secondsSince1970 ?? 0))
        for post in content.posts.prefix(FeedWriter.entryLimit) {
            hash.combine(post.sourcePath)
            hash.combine(content.sourceHashes[post.sourcePath] ?? 0)
        }
        return hash.value
    }

    /// The fingerprint of the sitemap: every page's address, and the posts' dates.
    func sitemap(pages: [PlannedPage]) -> UInt64 {
        var hash = StableHash()
        hash.combine(global)
        hash.combine("sitemap.xml")
        for page in pages { hash.combine(page.output) }
        for post in content.posts {
            hash.combine(post.slug)
            hash.combine(UInt64(bitPattern: post.date?.secondsSince1970 ?? -1))
        }
        return hash.value
    }

    /// The fingerprint of a theme asset (the theme is part of `global`).
    func asset(_ path: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(global)
        hash.combine(path)
        return hash.value
    }
}
