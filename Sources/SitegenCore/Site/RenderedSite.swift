/// Which Markdown bodies a build renders; the others are left empty and their
/// excerpts taken from the source cache.
public struct MarkdownSelection: Sendable {
    /// Render every body (a clean build).
    public static let all = MarkdownSelection(renderAll: true)

    /// Whether every body is rendered.
    public var renderAll: Bool
    /// Source paths whose bodies are rendered.
    public var sources: Set<String> = []
    /// Known excerpts by `RenderedSite.excerptKey`.
    public var cachedExcerpts: [UInt64: String] = [:]
    /// Bodies already rendered, by source path.
    public var rendered: [String: RenderedMarkdown] = [:]
    /// Collections whose every item's value is built (the pages being made list
    /// them); of the others only the selected items get values, the rest `null`.
    public var listed: Set<SiteDependencies.Collection> = Set(SiteDependencies.Collection.allCases)
}

/// A Markdown body rendered: its HTML and its excerpt.
public struct RenderedMarkdown: Sendable {
    public var html: String
    public var excerpt: String
}

/// A site's content with its Markdown rendered to HTML (all of it, or what a
/// rebuild needs), and the template values built once and shared by every page.
public struct RenderedSite: Sendable {
    /// The content it came from.
    public let content: SiteContent
    /// Where pages live.
    public let paths: SitePaths
    /// The `site` value every template sees.
    public let siteValue: TemplateValue
    /// Each post's value, in `content.posts` order.
    public let posts: [TemplateValue]
    /// Each menu item's value, in `content.menu` order.
    public let menu: [TemplateValue]
    /// Each profile's value, in `content.profiles` order.
    public let profiles: [TemplateValue]
    /// Each plain page's value, in `content.pages` order.
    public let pages: [TemplateValue]
    /// The primes page's value, if the site has one.
    public let primes: TemplateValue?

    /// Renders the selected bodies (in parallel) and builds the values.
    public init(content: SiteContent, markdown selection: MarkdownSelection = .all) {
        self.content = content
        let paths = SitePaths(settings: content.settings)
        self.paths = paths
        let renderer = Self.markdownRenderer(for: content.settings)
        let settings = content.settings
        let hashes = content.sourceHashes

        /// The HTML and excerpt of a body, rendering only when selected or not cached.
        @Sendable func text(_ body: String, source: String, excerptLimit: Int) -> (html: String, excerpt: String) {
            if let done = selection.rendered[source] { return (done.html, done.excerpt) }
            let selected = selection.renderAll || selection.sources.contains(source)
            if !selected && excerptLimit == 0 { return ("", "") }
            let key = Self.excerptKey(hashes[source] ?? 0, limit: excerptLimit)
            if !selected, let excerpt = selection.cachedExcerpts[key] { return ("", excerpt) }
            let html = renderer.html(from: body)
            return (html, HTMLText.excerpt(fromHTML: html, limit: excerptLimit))
        }

        let renderedPosts = content.posts.parallelMap { post in
            (post, text(post.body, source: post.sourcePath, excerptLimit: Self.postExcerptLength))
        }
        /// Whether an item's value is built: every item of a listed collection, else only selected ones.
        func builds(_ collection: SiteDependencies.Collection, _ source: String) -> Bool {
            selection.renderAll || selection.listed.contains(collection) || selection.sources.contains(source)
        }
        posts = renderedPosts.map { post, text in
            guard builds(.posts, post.sourcePath) else { return .null }
            return SiteValues.post(post, html: text.html, excerpt: text.excerpt, paths: paths, settings: settings)
        }
        let renderedMenu = content.menu.parallelMap { item in
            (item, text(item.body, source: item.sourcePath, excerptLimit: Self.menuExcerptLength))
        }
        menu = renderedMenu.map { SiteValues.menuItem($0.0, html: $0.1.html, excerpt: $0.1.excerpt, paths: paths) }
        profiles = content.profiles.parallelMap { profile in
            SiteValues.profile(profile, html: text(profile.body, source: profile.sourcePath, excerptLimit: 0).html, paths: paths)
        }
        pages = content.pages.parallelMap { page in
            SiteValues.page(page, html: text(page.body, source: page.sourcePath, excerptLimit: 0).html, paths: paths)
        }
        primes = content.primes.map {
            SiteValues.primes($0, html: text($0.body, source: PrimesPage.sourcePath, excerptLimit: 0).html, paths: paths)
        }
        siteValue = SiteValues.site(
            settings: content.settings, paths: paths, posts: posts, menu: menu, profiles: profiles, pages: pages,
            primes: primes)
    }

    /// The Markdown renderer a site's settings ask for.
    static func markdownRenderer(for settings: SiteSettings) -> MarkdownRenderer {
        MarkdownRenderer(options: settings.allowsUnsafeHTML ? [.allowUnsafeHTML] : [])
    }

    /// How many characters a post's excerpt has.
    public static let postExcerptLength = 160
    /// How many characters a menu item's excerpt has.
    public static let menuExcerptLength = 80

    /// The cache key of an excerpt: the source's hash and the excerpt's length.
    public static func excerptKey(_ sourceHash: UInt64, limit: Int) -> UInt64 {
        var hash = StableHash()
        hash.combine(sourceHash)
        hash.combine(UInt64(limit))
        return hash.value
    }
}
