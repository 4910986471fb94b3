/// A site's content with every Markdown body rendered to HTML once, and the
/// template values built once and shared by every page.
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

    /// Renders every body (in parallel) and builds the values.
    public init(content: SiteContent) {
        self.content = content
        let paths = SitePaths(settings: content.settings)
        self.paths = paths
        let markdown = MarkdownRenderer(options: content.settings.allowsUnsafeHTML ? [.allowUnsafeHTML] : [])
        let settings = content.settings
        posts = content.posts.parallelMap { SiteValues.post($0, html: markdown.html(from: $0.body), paths: paths, settings: settings) }
        menu = content.menu.parallelMap { SiteValues.menuItem($0, html: markdown.html(from: $0.body), paths: paths) }
        profiles = content.profiles.parallelMap {
            SiteValues.profile($0, html: markdown.html(from: $0.body), paths: paths)
        }
        pages = content.pages.parallelMap { SiteValues.page($0, html: markdown.html(from: $0.body), paths: paths) }
        primes = content.primes.map { SiteValues.primes($0, html: markdown.html(from: $0.body), paths: paths) }
        siteValue = SiteValues.site(
            settings: content.settings, paths: paths, posts: posts, menu: menu, profiles: profiles, pages: pages,
            primes: primes)
    }
}
