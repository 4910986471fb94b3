/// One page of the site: which template renders it, to which output file, from
/// which item. Its template value is built only when the page is rendered.
///
/// A value whose fields sit behind one reference, copied when changed while
/// shared: the plan's twelve thousand pages (at 10k posts) are copied by every
/// stage that sorts, filters or hands them to another core, and copying a page
/// then retains one reference, not each of its texts.
package struct PlannedPage: Sendable {
    /// The item whose value a page shows.
    package enum Item: Sendable {
        case post(Int)
        case menuItem(Int)
        case profile(Int)
        case page(Int)
        case primes
        /// One page of a list of posts, or of a collection's items.
        case list(PostList)
        /// An item of a declared collection: the collection's place in `site.yml`, the item's in its sorted list.
        case entry(collection: Int, index: Int)
        /// The terms of a collection's taxonomy field (`/<collection>/<field>/`): the collection's place
        /// in `site.yml`, the field's name.
        case terms(collection: Int, field: String)
    }

    private struct Fields {
        var output: String
        var template: String
        var source: String?
        var title: String
        var kind: String
        var url: String
        var item: Item?
        var redirect: String?
        var layout: PageLayout?
    }

    private var storage: CopyOnWrite<Fields>

    private var fields: Fields {
        _read { yield storage.fields }
        _modify { yield &storage.fields }
    }

    package init(
        output: String, template: String, source: String?, title: String, kind: String, url: String, item: Item?,
        redirect: String? = nil, layout: PageLayout? = nil
    ) {
        storage = CopyOnWrite(
            Fields(
                output: output, template: PageLayout.template(layout, otherwise: template), source: source,
                title: title, kind: kind, url: url, item: item, redirect: redirect, layout: layout))
    }

    /// The output file relative to the output folder: `posts/hello/index.html`.
    package var output: String {
        get { fields.output }
        set { fields.output = newValue }
    }
    /// The template to render: its kind's, or its item's `layout:`.
    package var template: String {
        get { fields.template }
        set { fields.template = newValue }
    }
    /// The content file the page shows, if any (for messages and fingerprints).
    package var source: String? {
        get { fields.source }
        set { fields.source = newValue }
    }
    /// The page's title, for `<title>`.
    package var title: String {
        get { fields.title }
        set { fields.title = newValue }
    }
    /// The section it belongs to (`posts`, `menu`, … `home`, `404`).
    package var kind: String {
        get { fields.kind }
        set { fields.kind = newValue }
    }
    /// Its link, e.g. `/posts/hello/`.
    package var url: String {
        get { fields.url }
        set { fields.url = newValue }
    }
    /// The item it shows, by index into the site's sorted collections.
    package var item: Item? {
        get { fields.item }
        set { fields.item = newValue }
    }
    /// For a redirect page (an alias), the link of the page it sends visitors to.
    package var redirect: String? {
        get { fields.redirect }
        set { fields.redirect = newValue }
    }

    /// The item's `layout:`, which names `template`, if it has one.
    package var layout: PageLayout? {
        get { fields.layout }
        set { fields.layout = newValue }
    }

    /// Whether it is an HTML page (not the feed or the sitemap).
    package var isHTML: Bool { output.endsWithBytes(".html") }
}

/// Decides every page of a site and where it goes; two pages at one address are an error.
package enum PagePlanner {
    /// The pages of a site, sorted by output path, and the address collisions found.
    /// Needs only the content, not rendered Markdown.
    package static func plan(_ content: SiteContent) -> (pages: [PlannedPage], diagnostics: [Diagnostic]) {
        let plan = plan(
            content, sections: SiteSections(content: content), groups: PostGroups(content: content),
            lists: .everyList, templates: .builtIn)
        return (plan.pages, plan.diagnostics)
    }

    /// The pages of a site with the sections it has and its posts' tags and
    /// authors (which the model shows too), sorted by output path; `lists` says
    /// which lists are cut into pages.
    static func plan(
        _ content: SiteContent, sections: SiteSections, groups: PostGroups, lists: ListPagination,
        templates: CollectionTemplates
    ) -> (pages: [PlannedPage], diagnostics: [Diagnostic]) {
        let paths = SitePaths(settings: content.settings)
        let strings = sections.strings
        var pages: [PlannedPage] = []
        func add(
            _ output: String, _ template: String, _ title: String, _ kind: String, _ url: String,
            _ source: String? = nil, _ item: PlannedPage.Item? = nil, layout: PageLayout? = nil
        ) {
            pages.append(
                PlannedPage(
                    output: output, template: template, source: source, title: title, kind: kind, url: url, item: item,
                    layout: layout))
        }
        func section(_ name: String) -> String {
            sections.title(of: name, strings: strings)
        }
        let home = content.pages.firstIndex { $0.slug == "index" }
        add(
            "index.html", "home", content.settings.title, "home", paths.link([]),
            home.map { content.pages[$0].sourcePath }, home.map { .page($0) },
            layout: home.flatMap { content.pages[$0].layout })
        /// The pages of a list of `count` posts under `segments`: the first at `segments`, the others at `…/page/N/`.
        func addList(
            _ segments: [String], _ template: String, _ title: String, _ kind: String, _ owner: PostList.Owner,
            _ count: Int
        ) {
            let perPage = lists.perPage(template, paginate: content.settings.paginate)
            for list in PostList.pages(of: owner, count: count, perPage: perPage) {
                let folder = segments + list.folder
                let pageTitle =
                    list.number == 1
                    ? title : strings.format("page_title_n", ["title": title, "n": String(list.number)])
                add(
                    folder.joined(separator: "/") + "/index.html", template, pageTitle, kind, paths.link(folder), nil,
                    .list(list))
            }
        }
        addList(["posts"], "posts", section("posts"), "posts", .all, content.posts.count)
        if !groups.tags.isEmpty { add("tags/index.html", "tags", strings["tags"], "tags", paths.link(["tags"])) }
        for (index, tag) in groups.tags.enumerated() {
            let title = strings.format("tag_title", ["tag": tag.name])
            addList(["tags", tag.segment], "tag", title, "tags", .tag(index), tag.posts.count)
        }
        for (index, author) in groups.authors.enumerated() {
            addList(["users", author.segment], "user", author.name, "users", .author(index), author.posts.count)
        }
        // A page per post, made on all cores: thousands of paths and links, each a few allocations.
        pages += Array(content.posts.indices).parallelMap { index in
            let post = content.posts[index]
            return PlannedPage(
                output: "posts/\(post.slug)/index.html", template: "post", source: post.sourcePath,
                title: post.displayTitle, kind: "posts", url: paths.link(["posts", post.slug]), item: .post(index),
                layout: post.layout)
        }
        if !content.menu.isEmpty { add("menu/index.html", "menu", section("menu"), "menu", paths.link(["menu"])) }
        for (index, item) in content.menu.enumerated() {
            add(
                "menu/\(item.slug)/index.html", "menu-item", item.name, "menu", paths.link(["menu", item.slug]),
                item.sourcePath, .menuItem(index), layout: item.layout)
        }
        if !content.profiles.isEmpty {
            add("profiles/index.html", "profiles", section("profiles"), "profiles", paths.link(["profiles"]))
        }
        for (index, profile) in content.profiles.enumerated() {
            add(
                "profiles/\(profile.slug)/index.html", "profile", profile.name, "profiles",
                paths.link(["profiles", profile.slug]), profile.sourcePath, .profile(index), layout: profile.layout)
        }
        if content.primes != nil {
            add(
                "counter/index.html", "counter", section("counter"), "counter", paths.link(["counter"]),
                PrimesPage.sourcePath, .primes)
            add(
                "primes/index.html", "primes", section("primes"), "primes", paths.link(["primes"]),
                PrimesPage.sourcePath, .primes)
        }
        pages += collectionPages(content, templates: templates, paths: paths, strings: strings)
        for (index, plain) in content.pages.enumerated() where plain.slug != "index" {
            let segments = plain.slug.split(separator: "/").map(String.init)
            add(
                "\(plain.slug)/index.html", "page", plain.title ?? segments.last ?? plain.slug, "page",
                paths.link(segments), plain.sourcePath, .page(index), layout: plain.layout)
        }
        let (aliases, aliasProblems) = AliasPages.plan(content, pages: pages, paths: paths)
        pages += aliases
        add("404.html", "404", strings["not_found_title"], "404", paths.link(file: "404.html"))
        add("feed.xml", "feed", content.settings.title, "feed", paths.link(file: "feed.xml"))
        add("sitemap.xml", "sitemap", content.settings.title, "sitemap", paths.link(file: "sitemap.xml"))
        let planned = pages
        // By the paths' UTF-8 bytes: the order of their code points, cheaper to find than String order.
        pages.sortByBytes(of: \.output)
        // Collisions are named in the order the pages were planned, and looked for only when the sorted
        // paths do not rule them out.
        let problems = aliasProblems + (hasNoCollisions(sorted: pages) ? [] : collisions(in: planned))
        return (pages, problems)
    }

    /// The `page` value of a page showing `item` (the item's own value).
    static func value(of page: PlannedPage, item: TemplateValue?, nav: [SiteSettings.NavLink], paths: SitePaths)
        -> TemplateValue
    {
        var value = item?.objectValue ?? [:]
        value["page_title"] = .string(page.title)
        value["kind"] = .string(page.kind)
        value[TemplateKey("is_\(page.kind.replacingAll("-", with: "_"))")] = .bool(true)
        value["url"] = .string(page.url)
        if let redirect = page.redirect {
            value["redirect_url"] = .string(redirect)
            value["absolute_redirect_url"] = .string(paths.absolute(redirect))
        }
        value["nav"] = .list(
            nav.map { link in
                let target = paths.resolve(link.url)
                let current = target == page.url || (target != paths.root && page.url.hasPrefix(target))
                return .object(["title": .string(link.title), "url": .string(target), "current": .bool(current)])
            })
        return .object(value)
    }

    /// Whether pages sorted by output path surely have no two at one address: no path is
    /// changed by `OutputCollisions.key` and no two side by side are the same.
    private static func hasNoCollisions(sorted pages: [PlannedPage]) -> Bool {
        pages.indices.allSatisfy { index in
            let output = pages[index].output
            return OutputCollisions.key(output) == output && (index == 0 || pages[index - 1].output != output)
        }
    }

    private static func collisions(in pages: [PlannedPage]) -> [Diagnostic] {
        var owners: [String: Int] = [:]
        owners.reserveCapacity(pages.count)
        var diagnostics: [Diagnostic] = []
        for (index, page) in pages.enumerated() {
            let key = OutputCollisions.key(page.output)
            if let owner = owners[key].map({ pages[$0] }) {
                let (culprit, other) = page.source != nil ? (page, owner) : (owner, page)
                let otherName = other.source ?? "sitegen's own page"
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(path: culprit.source ?? "content"),
                        "two pages would be written to \(page.output): this file and \(otherName); rename one of them"))
            } else {
                owners[key] = index
            }
        }
        return diagnostics
    }
}
