/// The site as templates see it, built once per build and shared by every
/// page: the `site` value, each item and each page's `page` value as a lazy
/// value, and the identity of every lazy value by key. A rebuild checks a
/// page's recorded reads against these identities without computing a value.
struct SiteModel: Sendable {
    /// The content it was built from.
    let content: SiteContent
    /// Where pages live.
    let paths: SitePaths
    /// A hash of what every value depends on: sitegen's version, `site.yml`, the build options.
    let global: UInt64
    /// The `site` value every template sees.
    let site: TemplateValue
    /// Each page's `page` value, by output path.
    let pages: [String: LazyValue]
    /// The identity of each item's lazy value and of its rendered Markdown's, by source path.
    private let itemIdentities: [Substring: UInt64]
    private let contentIdentities: [Substring: UInt64]

    /// The identity of the lazy value with this key (`LazyValue.key`), if the model has one.
    func identity(ofKey key: String) -> UInt64? {
        // By bytes, and looked up by a substring: this runs for every lazy value every unchanged page computed.
        guard let colon = key.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let kind = key.utf8[..<colon]
        let name = Substring(key.utf8[key.utf8.index(after: colon)...])
        if kind.elementsEqual("item".utf8) { return itemIdentities[name] }
        if kind.elementsEqual("content".utf8) { return contentIdentities[name] }
        if kind.elementsEqual("toc".utf8) { return contentIdentities[name].map(Self.tocIdentity) }
        if kind.elementsEqual("page".utf8) { return pages[String(name)]?.identity }
        return nil
    }

    /// The model of `content`, whose posts' and menu items' `excerpts` are known
    /// (by source path); bodies are rendered by `markdown` when a page shows them.
    /// `editing` gives templates `site.editing` (it is in `global` too).
    init(
        content: SiteContent, plan: [PlannedPage], sections: SiteSections, groups: PostGroups, global: UInt64,
        editing: Bool = false, excerpts: [String: String], markdown: MarkdownStage, imageDigests: [String: UInt64] = [:]
    ) {
        self.content = content
        self.global = global
        let paths = SitePaths(settings: content.settings)
        self.paths = paths
        let settings = content.settings
        let strings = sections.strings
        /// An item's lazy value and its rendered Markdown's identity.
        struct Made: Sendable {
            let value: LazyValue
            let html: UInt64
        }

        /// An item's HTML, rendered when read, and the item's value around it.
        @Sendable func item(
            _ source: String, body: String, excerpt: String, make: @escaping @Sendable (TemplateValue) -> TemplateValue
        ) -> Made {
            let sourceHash = content.sourceHashes[source] ?? 0
            let text = content.unloadedBodies.contains(source) ? nil : body
            let markdownBody = MarkdownStage.Body(source: source, text: text, sourceHash: sourceHash)
            // A body's HTML is made of its file and of the sizes of the images it shows.
            var bodyHash = sourceHash
            if let images = imageDigests[source] {
                var combined = StableHash()
                combined.combine(sourceHash)
                combined.combine(images)
                bodyHash = combined.value
            }
            let html = LazyValue(
                kind: "content", name: source, identity: Self.identity(global, "content", source, bodyHash),
                memoizes: false
            ) { .string(markdown.html(of: markdownBody)) }
            let toc = LazyValue(kind: "toc", name: source, identity: Self.tocIdentity(html.identity)) {
                TableOfContents.value(markdown.headings(of: markdownBody))
            }
            let value = LazyValue(
                kind: "item", name: source,
                identity: Self.identity(global, "item", source, content.modelHashes[source] ?? 0, excerpt: excerpt)
            ) {
                guard case .object(var fields) = make(.lazy(html)) else { return .null }
                fields["toc"] = .lazy(toc)
                return .object(fields)
            }
            return Made(value: value, html: html.identity)
        }

        var timer = PhaseTimer()
        // Made on all cores: one item's value is a few allocations and hashes, and there are thousands.
        let madePosts = content.posts.parallelMap { post in
            let excerpt = excerpts[post.sourcePath] ?? ""
            return item(post.sourcePath, body: post.body, excerpt: excerpt) { html in
                SiteValues.post(
                    post, html: html, excerpt: excerpt, paths: paths, settings: settings, strings: strings,
                    groups: groups)
            }
        }
        let madeMenu = content.menu.parallelMap { entry in
            let excerpt = excerpts[entry.sourcePath] ?? ""
            return item(entry.sourcePath, body: entry.body, excerpt: excerpt) { html in
                SiteValues.menuItem(entry, html: html, excerpt: excerpt, paths: paths)
            }
        }
        let madeProfiles = content.profiles.map { profile in
            item(profile.sourcePath, body: profile.body, excerpt: "") {
                SiteValues.profile(profile, html: $0, paths: paths)
            }
        }
        let madePages = content.pages.map { page in
            item(page.sourcePath, body: page.body, excerpt: "") { SiteValues.page(page, html: $0, paths: paths) }
        }
        let madePrimes = content.primes.map { primes in
            item(PrimesPage.sourcePath, body: primes.body, excerpt: "") {
                SiteValues.primes(primes, html: $0, paths: paths, strings: strings)
            }
        }
        var itemIdentities: [Substring: UInt64] = [:]
        var contentIdentities: [Substring: UInt64] = [:]
        let items = madePosts.count + madeMenu.count + madeProfiles.count + madePages.count + 1
        itemIdentities.reserveCapacity(items)
        contentIdentities.reserveCapacity(items)
        for made in [madePosts, madeMenu, madeProfiles, madePages, madePrimes.map { [$0] } ?? []].joined() {
            itemIdentities[Substring(made.value.name)] = made.value.identity
            contentIdentities[Substring(made.value.name)] = made.html
        }
        let posts = madePosts.map { TemplateValue.lazy($0.value) }
        let menu = madeMenu.map { TemplateValue.lazy($0.value) }
        let profiles = madeProfiles.map { TemplateValue.lazy($0.value) }
        let plainPages = madePages.map { TemplateValue.lazy($0.value) }
        let primes = madePrimes.map { TemplateValue.lazy($0.value) }
        // A post dated later than now (shown with --future) never makes the site look updated.
        let updated =
            content.posts.compactMap(\.date).filter { $0.secondsSince1970 <= content.now }.max()?.rfc3339
            ?? "1970-01-01T00:00:00Z"
        timer.lap("values: items")
        site = SiteValues.site(
            settings: settings, editing: editing, paths: paths, strings: strings, sections: sections, posts: posts,
            updated: updated,
            menu: menu, profiles: profiles, pages: plainPages, primes: primes,
            tags: groups.tags.map { PageExtras.tagValue($0, paths: paths, strings: strings) })
        let extrasContext = PageExtras.Context(
            content: content, groups: groups, posts: posts, profiles: profiles, paths: paths, strings: strings)

        timer.lap("values: site")
        let sitemap = Self.sitemapDigest(plan, content: content)
        timer.lap("values: sitemap digest")
        let nav = sections.nav
        let values = plan.parallelMap { page -> LazyValue in
            let item: TemplateValue? =
                switch page.item {
                case .post(let index): posts[index]
                case .menuItem(let index): menu[index]
                case .profile(let index): profiles[index]
                case .page(let index): plainPages[index]
                case .primes: primes
                case .list, nil: nil
                }
            var identity = StableHash()
            identity.combine(global)
            identity.combine(page.output)
            identity.combine(page.template)
            identity.combine(page.title)
            identity.combine(page.kind)
            identity.combine(page.url)
            identity.combine(page.redirect ?? "")
            if case .lazy(let lazy)? = item { identity.combine(lazy.identity) }
            let isSitemap = page.kind == "sitemap"
            if isSitemap { identity.combine(sitemap) }
            let extras = PageExtras.of(page, in: extrasContext)
            identity.combine(extras?.identity ?? 0)
            return LazyValue(kind: "page", name: page.output, identity: identity.value) {
                let value = PagePlanner.value(of: page, item: item?.resolved, nav: nav, paths: paths)
                guard isSitemap || extras != nil, case .object(var fields) = value else { return value }
                if isSitemap { fields["entries"] = Self.sitemapEntries(plan, content: content, paths: paths) }
                if let extras { fields.merge(extras.fields()) { _, extra in extra } }
                return .object(fields)
            }
        }
        var pages: [String: LazyValue] = [:]
        pages.reserveCapacity(plan.count)
        for value in values { pages[value.name] = value }
        timer.lap("values: pages")
        self.pages = pages
        self.itemIdentities = itemIdentities
        self.contentIdentities = contentIdentities
    }

    /// Computes every item's value on all cores, for a build about to render
    /// pages that list many of them (each page renders on one core).
    func computeItems() {
        guard case .object(let fields) = site else { return }
        let lists = ["posts", "menu", "profiles", "pages"].compactMap { fields[$0]?.listValue }
        let items = lists.flatMap { $0 }.compactMap { item -> LazyValue? in
            if case .lazy(let lazy) = item { return lazy }
            return nil
        }
        _ = items.parallelMap { $0.value.isTruthy }
    }

    /// The context stack a page renders with: `{site, page}` under the page itself.
    func stack(for page: LazyValue) -> [TemplateValue] {
        [.object(["site": site, "page": .lazy(page)]), .lazy(page)]
    }

    /// The pages the sitemap lists: every HTML page but the 404 page and redirects.
    private static func inSitemap(_ page: PlannedPage) -> Bool {
        page.isHTML && page.output != "404.html" && page.redirect == nil
    }

    /// The sitemap's entries: each listed page's absolute URL, with its post's date.
    private static func sitemapEntries(_ plan: [PlannedPage], content: SiteContent, paths: SitePaths) -> TemplateValue {
        .list(
            plan.filter(inSitemap).map { page in
                var lastModified: TemplateValue = .null
                if case .post(let index) = page.item, let date = content.posts[index].date {
                    lastModified = .string(date.rfc3339)
                }
                return .object(["loc": .string(paths.absolute(page.url)), "lastmod": lastModified])
            })
    }

    /// A hash of what `sitemapEntries` is made of (besides the settings, in `global`).
    private static func sitemapDigest(_ plan: [PlannedPage], content: SiteContent) -> UInt64 {
        var digest = StableHash()
        for page in plan where inSitemap(page) {
            digest.combine(page.url)
            if case .post(let index) = page.item, let date = content.posts[index].date {
                digest.combine(UInt64(bitPattern: date.secondsSince1970))
                digest.combine(date.hasTime ? 1 : 0)
                digest.combine(UInt64(bitPattern: Int64(date.offset)))
            } else {
                digest.combine(0)
            }
        }
        return digest.value
    }

    /// A table of contents is made of its body's rendering, as the body's HTML is.
    private static func tocIdentity(_ contentIdentity: UInt64) -> UInt64 {
        var identity = StableHash()
        identity.combine(contentIdentity)
        identity.combine("toc")
        return identity.value
    }

    /// The identity of a lazy value from the inputs it is made of.
    private static func identity(
        _ global: UInt64, _ kind: String, _ source: String, _ hash: UInt64, excerpt: String = ""
    )
        -> UInt64
    {
        var identity = StableHash()
        identity.combine(global)
        identity.combine(kind)
        identity.combine(source)
        identity.combine(hash)
        identity.combine(excerpt)
        return identity.value
    }
}
