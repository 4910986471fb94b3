/// One page to render: which template, with which page value, to which output file.
public struct PlannedPage: Sendable {
    /// The output file relative to the output folder: `posts/hello/index.html`.
    public var output: String
    /// The template to render.
    public var template: String
    /// The `page` value the template sees (also pushed on the context stack).
    public var page: TemplateValue
    /// The content file the page shows, if any (for messages and the manifest).
    public var source: String?
}

/// Decides every page of a site and where it goes; two pages at one address are an error.
public enum PagePlanner {
    /// The pages of a site, sorted by output path, or the address collisions found.
    public static func plan(_ site: RenderedSite) -> (pages: [PlannedPage], diagnostics: [Diagnostic]) {
        var pages: [PlannedPage] = []
        let content = site.content
        let paths = site.paths
        let home = zip(content.pages, site.pages).first { $0.0.slug == "index" }
        pages.append(
            page("index.html", "home", title: content.settings.title, kind: "home", url: paths.link([]), site: site,
                 extra: home.map { $0.1 }, source: home.map { _ in "content/index.md" }))
        pages.append(page("posts/index.html", "posts", title: sectionTitle(site, "posts", "Forum"), kind: "posts", url: paths.link(["posts"]), site: site))
        for (post, value) in zip(content.posts, site.posts) {
            pages.append(
                page("posts/\(post.slug)/index.html", "post", title: post.displayTitle, kind: "posts",
                     url: paths.link(["posts", post.slug]), site: site, extra: value, source: "content/posts/\(post.slug).md"))
        }
        pages.append(page("menu/index.html", "menu", title: sectionTitle(site, "menu", "Menu"), kind: "menu", url: paths.link(["menu"]), site: site))
        for (item, value) in zip(content.menu, site.menu) {
            pages.append(
                page("menu/\(item.slug)/index.html", "menu-item", title: item.name, kind: "menu",
                     url: paths.link(["menu", item.slug]), site: site, extra: value, source: "content/menu/\(item.slug).md"))
        }
        pages.append(
            page("profiles/index.html", "profiles", title: sectionTitle(site, "profiles", "Profiles"), kind: "profiles", url: paths.link(["profiles"]),
                 site: site))
        for (profile, value) in zip(content.profiles, site.profiles) {
            pages.append(
                page("profiles/\(profile.slug)/index.html", "profile", title: profile.name, kind: "profiles",
                     url: paths.link(["profiles", profile.slug]), site: site, extra: value,
                     source: "content/profiles/\(profile.slug).md"))
        }
        if let primes = site.primes {
            pages.append(
                page("counter/index.html", "counter", title: sectionTitle(site, "counter", "Counter"), kind: "counter", url: paths.link(["counter"]),
                     site: site, extra: primes, source: "content/primes.md"))
            pages.append(
                page("primes/index.html", "primes", title: sectionTitle(site, "primes", "Favorite primes"), kind: "primes", url: paths.link(["primes"]),
                     site: site, extra: primes, source: "content/primes.md"))
        }
        for (plain, value) in zip(content.pages, site.pages) where plain.slug != "index" {
            let title = value.objectValue?["title"]?.stringValue ?? plain.slug
            pages.append(
                page("\(plain.slug)/index.html", "page", title: title, kind: "page", url: paths.link(plain.slug.split(separator: "/").map(String.init)),
                     site: site, extra: value, source: "content/\(plain.slug).md"))
        }
        pages.append(page("404.html", "404", title: "Page not found", kind: "404", url: paths.link(file: "404.html"), site: site))
        return (pages.sorted { $0.output < $1.output }, collisions(in: pages))
    }

    /// A section's title: the nav link's text for it, or a default.
    private static func sectionTitle(_ site: RenderedSite, _ section: String, _ fallback: String) -> String {
        let target = site.paths.link([section])
        return site.content.settings.nav.first { site.paths.resolve($0.url) == target }?.title ?? fallback
    }

    private static func page(
        _ output: String, _ template: String, title: String, kind: String, url: String, site: RenderedSite,
        extra: TemplateValue? = nil, source: String? = nil
    ) -> PlannedPage {
        var value = extra?.objectValue ?? [:]
        value["page_title"] = .string(title)
        value["kind"] = .string(kind)
        value["is_\(kind.replacingAll("-", with: "_"))"] = .bool(true)
        value["url"] = .string(url)
        value["nav"] = .list(
            site.content.settings.nav.map { link in
                let target = site.paths.resolve(link.url)
                let current = target == url || (target != site.paths.root && url.hasPrefix(target))
                return .object(["title": .string(link.title), "url": .string(target), "current": .bool(current)])
            })
        return PlannedPage(output: output, template: template, page: .object(value), source: source)
    }

    private static func collisions(in pages: [PlannedPage]) -> [Diagnostic] {
        var owners: [String: PlannedPage] = [:]
        var diagnostics: [Diagnostic] = []
        for page in pages {
            let key = page.output.lowercased()
            if let owner = owners[key] {
                let (culprit, other) = page.source != nil ? (page, owner) : (owner, page)
                let otherName = other.source ?? "sitegen's own page"
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(path: culprit.source ?? "content"),
                        "two pages would be written to \(page.output): this file and \(otherName); rename one of them"))
            } else {
                owners[key] = page
            }
        }
        return diagnostics
    }
}
