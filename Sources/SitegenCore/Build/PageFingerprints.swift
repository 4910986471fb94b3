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
        var global = StableHash()
        global.combine(SitegenVersion.current)
        global.combine(content.sourceHashes["site.yml"] ?? 0)
        global.combine(theme.fingerprint)
        global.combine(options.includeDrafts ? 1 : 0)
        global.combine(options.baseURL ?? "")
        self.global = global.value
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
        var dependencies: [String: SiteDependencies] = [:]
        for name in theme.library.names {
            dependencies[name] = SiteDependencies(theme.library.reads(of: name, stack: [[], ["page"]]))
        }
        self.dependencies = dependencies
    }

    /// The fingerprint of a page.
    func page(_ page: PlannedPage) -> UInt64 {
        var hash = StableHash()
        hash.combine(global)
        hash.combine(page.output)
        hash.combine(page.template)
        hash.combine(page.source.flatMap { sourceHashes[$0] } ?? 0)
        let reads = dependencies[page.template] ?? .everything
        for collection in reads.collections.sorted() {
            let whole = reads.collectionsHTML.contains(collection)
            hash.combine((whole ? collections[collection] : summaries[collection]) ?? 0)
        }
        return hash.value
    }

    /// The fingerprint of the feed: the newest posts whole, and the newest date of all.
    func feed() -> UInt64 {
        var hash = StableHash()
        hash.combine(global)
        hash.combine("feed.xml")
        hash.combine(UInt64(bitPattern: content.posts.compactMap(\.date).max()?.secondsSince1970 ?? 0))
        for post in content.posts.prefix(FeedWriter.entryLimit) {
            hash.combine(post.sourcePath)
            hash.combine(sourceHashes[post.sourcePath] ?? 0)
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
