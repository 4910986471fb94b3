/// Fingerprints of every output file: a hash of all the inputs that can change
/// its bytes, so a rebuild redoes exactly the files whose inputs changed.
///
/// A page's inputs are the build-wide ones (sitegen's version, `site.yml`, the
/// theme, the build options), its own source file, and the collections of the
/// `site` value its template can reach (found by `TemplateReads`).
struct PageFingerprints {
    /// The build-wide part of every fingerprint.
    let global: UInt64
    /// A hash of each collection's items (identity, order and source bytes).
    let collections: [SiteDependencies.Collection: UInt64]
    /// What each template reads.
    let dependencies: [String: SiteDependencies]
    private let sourceHashes: [String: UInt64]

    init(content: SiteContent, theme: Theme, options: BuildOptions) {
        var global = StableHash()
        global.combine(SitegenVersion.current)
        global.combine(content.sourceHashes["site.yml"] ?? 0)
        global.combine(theme.fingerprint)
        global.combine(options.includeDrafts ? 1 : 0)
        global.combine(options.baseURL ?? "")
        self.global = global.value
        sourceHashes = content.sourceHashes

        func hash(_ paths: [String]) -> UInt64 {
            var hash = StableHash()
            for path in paths {
                hash.combine(path)
                hash.combine(content.sourceHashes[path] ?? 0)
            }
            return hash.value
        }
        var collections: [SiteDependencies.Collection: UInt64] = [:]
        for collection in SiteDependencies.Collection.allCases {
            collections[collection] = hash(content.sourcePaths(of: collection))
        }
        self.collections = collections
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
        for collection in reads.collections.sorted() { hash.combine(collections[collection] ?? 0) }
        return hash.value
    }

    /// The fingerprint of a file made from the whole site's posts (feed) or page list (sitemap).
    func siteWide(_ name: String, pages: [PlannedPage]) -> UInt64 {
        var hash = StableHash()
        hash.combine(global)
        hash.combine(name)
        hash.combine(collections[.posts] ?? 0)
        for page in pages { hash.combine(page.output) }
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
