/// The sections a site actually has, in the order the theme shows them: the
/// posts always, the menu and the profiles when they have items, the counter
/// and favorite primes when `content/primes.md` exists (after the collections
/// `site.yml` declares, each always: its list page is always made), then the top-level
/// pages. They make the default navigation bar and the home page's tiles, so
/// neither links a page the site does not build.
struct SiteSections: Sendable {
    /// One section.
    struct Section: Sendable {
        /// The section's key (`posts`, `menu` … or a page's slug).
        var key: String
        /// Its name: its link's text in `site.yml`'s `nav`, else the theme's word for it or the page's title.
        var title: String
        /// Its link.
        var url: String
        /// A few words about what it holds ("3 posts"), for the home page's tiles.
        var summary: String?
    }

    /// The theme's words the sections are named in.
    let strings: ThemeStrings
    /// The sections, in order.
    let all: [Section]
    /// The navigation bar: `site.yml`'s `nav`, or home and every section.
    let nav: [SiteSettings.NavLink]

    /// The sections of `content`, named in its language's words.
    init(content: SiteContent) {
        self.init(
            content: content,
            strings: ThemeStrings(language: content.settings.language, overrides: content.settings.strings),
            paths: SitePaths(settings: content.settings))
    }

    init(content: SiteContent, strings: ThemeStrings, paths: SitePaths) {
        var sections: [Section] = []
        let written = content.settings.nav ?? []
        func add(_ key: String, _ segments: [String], _ summary: String?, title name: String? = nil) {
            let url = paths.link(segments)
            let title = written.first { paths.resolve($0.url) == url }?.title ?? name ?? strings[key]
            sections.append(Section(key: key, title: title, url: url, summary: summary))
        }
        add("posts", ["posts"], strings.count(content.posts.count, "post_count"))
        if !content.menu.isEmpty { add("menu", ["menu"], strings.count(content.menu.count, "menu_count")) }
        if !content.profiles.isEmpty {
            add("profiles", ["profiles"], strings.count(content.profiles.count, "profile_count"))
        }
        for schema in content.settings.collections.declared {
            let count = content.items[schema.name]?.count ?? 0
            add(schema.name, [schema.name], strings.count(count, "item_count"), title: schema.title)
        }
        if let primes = content.primes {
            let verdict = Primes.isPrime(primes.count) ? "is_prime" : "is_not_prime"
            add("counter", ["counter"], strings.format(verdict, ["n": String(primes.count)]))
            add("primes", ["primes"], nil)
        }
        for page in content.pages where page.slug != "index" && !page.slug.contains("/") {
            sections.append(
                Section(key: page.slug, title: page.title ?? page.slug, url: paths.link([page.slug]), summary: nil))
        }
        all = sections
        self.strings = strings
        nav =
            content.settings.nav
            ?? [SiteSettings.NavLink(title: strings["home"], url: "/")]
            + sections.map { SiteSettings.NavLink(title: $0.title, url: "/" + $0.url.dropFirst(paths.root.count)) }
    }

    /// The title of a section's list page: its link's text in `site.yml`'s `nav`, else the theme's word for it.
    func title(of key: String, strings: ThemeStrings) -> String {
        all.first { $0.key == key }?.title ?? strings[key]
    }
}
