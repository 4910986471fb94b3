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
    /// Each page's `page` value, in the plan's order: sorted by the bytes of the output paths they are named by.
    let pages: [LazyValue]

    /// The `page` value of the page with this output path, found by halving `pages` (a table of them
    /// by output path cost every build twelve thousand inserts, for the few pages it renders).
    func page(_ output: String) -> LazyValue? {
        let index = pages.partitionIndex { $0.name.precedesByBytes(output) }
        return index < pages.count && pages[index].name == output ? pages[index] : nil
    }
    /// The identity of every lazy value, by `keyHash` of its key: items', their Markdown's and
    /// tables of contents' (by source path), pages' (by output path).
    private let identities: [DigestKey: UInt64]

    /// The identity of the lazy value whose key has this `LazyValue.keyHash`, if the model has one.
    func identity(ofKeyHash keyHash: UInt64) -> UInt64? { identities[DigestKey(keyHash)] }

    /// For a model patched from the last build's (`init(patching:…)`): the key hashes of the lazy
    /// values whose identity differs from that model's. `nil` for a model made in full.
    let changedKeys: Set<UInt64>?

    private static func keyHash(_ kind: String, _ name: String) -> UInt64 { LazyValue.keyHash(kind: kind, name: name) }

    /// Each post's link, in `content.posts` order: its page's, as planned (made only for a post without one).
    private static func postLinks(_ plan: [PlannedPage], posts: [Post], paths: SitePaths) -> [String] {
        var links: [String?] = Array(repeating: nil, count: posts.count)
        for page in plan { if case .post(let index)? = page.item { links[index] = page.url } }
        return zip(links, posts).map { planned, post in planned ?? paths.link(["posts", post.slug]) }
    }

    /// The model of `content`, whose posts' and menu items' `excerpts` are known
    /// (by source path); bodies are rendered by `markdown` when a page shows them.
    /// `editing` gives templates `site.editing` (it is in `global` too).
    init(
        content: SiteContent, plan: [PlannedPage], sections: SiteSections, groups: PostGroups, global: UInt64,
        editing: Bool = false, excerpts: [SourcePath: String], markdown: MarkdownStage,
        imageDigests: [SourcePath: UInt64] = [:], bodyImages: [SourcePath: BodyImage] = [:]
    ) {
        self.init(
            content: content, plan: plan, sections: sections, groups: groups, global: global, editing: editing,
            excerpts: excerpts, markdown: markdown, imageDigests: imageDigests, bodyImages: bodyImages, reusing: nil)
    }

    /// What a model can hand the next one (`SiteModel.init(patching:…)`): its items' lazy values and
    /// what its pages' were made from.
    struct Reusable: Sendable {
        fileprivate let items: Items
        fileprivate let pages: [LazyValue]
        fileprivate let identities: [DigestKey: UInt64]
        fileprivate let tags: [TemplateValue]
        fileprivate let sitemap: UInt64
    }

    /// What this model can hand the next one.
    var reusable: Reusable {
        Reusable(
            items: items, pages: pages, identities: identities, tags: tags, sitemap: sitemap)
    }

    /// The model of `content` where it differs from `previous` only in the bodies of the files
    /// `changed` names (and so their excerpts): the same plan, models, settings, options, image
    /// sizes and `markdown` stage as the model `previous` came from. Every other item's lazy value,
    /// and every page value that holds none of the changed items, is taken as it is (their
    /// identities are the same by construction); the rest is made as `init` makes it.
    init(
        patching previous: Reusable, changed: Set<String>, content: SiteContent, plan: [PlannedPage],
        sections: SiteSections, groups: PostGroups, global: UInt64, editing: Bool, excerpts: [SourcePath: String],
        markdown: MarkdownStage, imageDigests: [SourcePath: UInt64], bodyImages: [SourcePath: BodyImage]
    ) {
        self.init(
            content: content, plan: plan, sections: sections, groups: groups, global: global, editing: editing,
            excerpts: excerpts, markdown: markdown, imageDigests: imageDigests, bodyImages: bodyImages,
            reusing: (previous, changed))
    }

    /// An item's lazy value and its identities by key hash: its value's, its Markdown's, its
    /// table of contents'. The keys' hashes are worked out where the value is made, on all
    /// cores: the model then only enters them in its table.
    fileprivate struct Made: Sendable {
        let value: LazyValue
        private let keys: (item: UInt64, content: UInt64, toc: UInt64)
        private let html: UInt64
        /// Made by this model, not taken from the last one.
        var isNew = true

        init(value: LazyValue, html: UInt64) {
            self.value = value
            self.html = html
            keys = (value.keyHash, keyHash("content", value.name), keyHash("toc", value.name))
        }

        /// Calls `body` with each identity and its key's hash.
        func forEachIdentity(_ body: (_ key: UInt64, _ identity: UInt64) -> Void) {
            body(keys.item, value.identity)
            body(keys.content, html)
            body(keys.toc, tocIdentity(html))
        }
    }

    /// Every item's lazy value, in the content's order.
    fileprivate struct Items: Sendable {
        var posts: [Made]
        var menu: [Made]
        var profiles: [Made]
        var pages: [Made]
        var primes: Made?
        /// Each declared collection's items, in `site.yml`'s order.
        var collections: [[Made]] = []

        var all: some Sequence<Made> {
            ([posts, menu, profiles, pages, primes.map { [$0] } ?? []] + collections).joined()
        }
    }

    private let items: Items
    private let tags: [TemplateValue]
    private let sitemap: UInt64

    private init(
        content: SiteContent, plan: [PlannedPage], sections: SiteSections, groups: PostGroups, global: UInt64,
        editing: Bool, excerpts: [SourcePath: String], markdown: MarkdownStage, imageDigests: [SourcePath: UInt64],
        bodyImages: [SourcePath: BodyImage], reusing: (previous: Reusable, changed: Set<String>)?
    ) {
        assert(zip(plan, plan.dropFirst()).allSatisfy { $0.output.precedesByBytes($1.output) }, "plan not sorted")
        self.content = content
        self.global = global
        let paths = SitePaths(settings: content.settings)
        self.paths = paths
        let settings = content.settings
        let strings = sections.strings
        let head = SiteValues.HeadContext(paths: paths, strings: strings, sizes: markdown.images)

        /// An item's HTML, rendered when read, and the item's value around it.
        /// `extra` hashes what the value is made of besides the item's fields and excerpt (its images' sizes).
        @Sendable func item(
            _ key: SourcePath, body: String, excerpt: String, extra: UInt64 = 0,
            make: @escaping @Sendable (TemplateValue) -> TemplateValue
        ) -> Made {
            let source = key.text
            let sourceHash = content.sourceHashes[key] ?? 0
            let text = content.unloadedBodies.contains(key) ? nil : body
            let markdownBody = MarkdownStage.Body(source: source, text: text, sourceHash: sourceHash)
            // A body's HTML is made of its file and of the sizes of the images it shows.
            var bodyHash = sourceHash
            if let images = imageDigests[key] {
                var combined = StableHash()
                combined.combine(sourceHash)
                combined.combine(images)
                bodyHash = combined.value
            }
            let htmlIdentity = Self.identity(global, "content", source, bodyHash)
            var modelHash = content.modelHashes[key] ?? 0
            // Its head's picture may be the first image its body shows.
            let bodyImage = bodyImages[key]
            if extra != 0 || bodyImage != nil {
                var combined = StableHash()
                combined.combine(modelHash)
                combined.combine(extra)
                if let bodyImage {
                    combined.combine(bodyImage.output)
                    combined.combine(UInt64(bodyImage.size.width))
                    combined.combine(UInt64(bodyImage.size.height))
                }
                modelHash = combined.value
            }
            let value = LazyValue(
                kind: "item", name: source, identity: Self.identity(global, "item", source, modelHash, excerpt: excerpt)
            ) {
                // Its HTML and table of contents are lazy values of their own, made only when
                // the item's value is: most builds compute few of thousands of items.
                let html = LazyValue(kind: "content", name: source, identity: htmlIdentity, memoizes: false) {
                    .string(markdown.html(of: markdownBody))
                }
                let toc = LazyValue(kind: "toc", name: source, identity: Self.tocIdentity(htmlIdentity)) {
                    TableOfContents.value(markdown.headings(of: markdownBody))
                }
                guard case .object(var fields) = make(.lazy(html)) else { return .null }
                fields["toc"] = .lazy(toc)
                return .object(fields)
            }
            return Made(value: value, html: htmlIdentity)
        }

        /// The last model's value for the item at `index` of a list, when its file did not change.
        // Taken out of `reusing` once: closures run thousands of times on both cores, and copying
        // it in each retained the same few objects from both.
        let changedFiles = reusing?.changed ?? []
        @Sendable func kept(_ old: [Made]?, _ index: Int, _ source: String) -> Made? {
            guard let old, old.indices.contains(index), !changedFiles.contains(source), old[index].value.name == source
            else { return nil }
            var made = old[index]
            made.isNew = false
            return made
        }

        var timer = PhaseTimer()
        // Made on all cores: one item's value is a few allocations and hashes, and there are thousands.
        // The closures capture `inputs` (one reference) and an index, not the models and settings
        // themselves: copying those into each of thousands of closures retained every field of each.
        let inputs = Inputs(
            content: content, paths: paths, strings: strings, groups: groups, plan: plan, nav: sections.nav)
        var items = Items(posts: [], menu: [], profiles: [], pages: [], primes: nil)
        let fieldContext = SiteValues.FieldContext(
            paths: paths, strings: strings, markdown: markdown, editing: editing)
        /// The fields `site.yml` adds to a built-in kind, if it adds any.
        func added(_ name: String) -> SiteValues.AddedFields? {
            guard let schema = settings.collections.schema(named: name), !schema.declaredFields.isEmpty else {
                return nil
            }
            return SiteValues.AddedFields(schema: schema, context: fieldContext)
        }
        let (addedToPosts, addedToMenu, addedToProfiles) = (added("posts"), added("menu"), added("profiles"))
        /// What a value shows of the images of `values` (read from `source`).
        @Sendable func imageDigest(_ values: [String: FieldValue], _ source: String) -> UInt64 {
            values.isEmpty
                ? 0 : CollectionImages.digest(values, source: source, root: paths.root, sizes: markdown.images)
        }
        let (oldPosts, oldMenu, oldProfiles, oldPages) = (
            reusing?.previous.items.posts, reusing?.previous.items.menu, reusing?.previous.items.profiles,
            reusing?.previous.items.pages
        )
        items.posts = Array(content.posts.indices).parallelMap { index in
            if let kept = kept(oldPosts, index, inputs.content.posts[index].sourcePath) { return kept }
            let post = inputs.content.posts[index]
            let key = SourcePath(post.sourcePath)
            let excerpt = excerpts[key] ?? ""
            return item(key, body: post.body, excerpt: excerpt, extra: imageDigest(post.fieldValues, post.sourcePath)) {
                html in
                SiteValues.post(
                    inputs.content.posts[index], url: inputs.postLinks[index], html: html, excerpt: excerpt,
                    paths: inputs.paths,
                    settings: inputs.content.settings, strings: inputs.strings, names: inputs.names,
                    added: addedToPosts, head: head, body: bodyImages[key])
            }
        }
        items.menu = Array(content.menu.indices).parallelMap { index in
            if let kept = kept(oldMenu, index, inputs.content.menu[index].sourcePath) { return kept }
            let entry = inputs.content.menu[index]
            let key = SourcePath(entry.sourcePath)
            let excerpt = excerpts[key] ?? ""
            return item(
                key, body: entry.body, excerpt: excerpt, extra: imageDigest(entry.fieldValues, entry.sourcePath)
            ) {
                html in
                SiteValues.menuItem(
                    inputs.content.menu[index], html: html, excerpt: excerpt, paths: inputs.paths, added: addedToMenu,
                    head: head, body: bodyImages[key])
            }
        }
        items.profiles = content.profiles.enumerated().map { index, profile in
            let key = SourcePath(profile.sourcePath)
            let excerpt = excerpts[key] ?? ""
            return kept(oldProfiles, index, profile.sourcePath)
                ?? item(key, body: profile.body, excerpt: excerpt, extra: imageDigest(profile.fieldValues, key.text)) {
                    SiteValues.profile(
                        profile, html: $0, excerpt: excerpt, paths: paths, added: addedToProfiles, head: head,
                        body: bodyImages[key])
                }
        }
        items.pages = content.pages.enumerated().map { index, page in
            let key = SourcePath(page.sourcePath)
            let excerpt = excerpts[key] ?? ""
            return kept(oldPages, index, page.sourcePath)
                ?? item(key, body: page.body, excerpt: excerpt) {
                    SiteValues.page(
                        page, html: $0, excerpt: excerpt, paths: paths, head: head, body: bodyImages[key])
                }
        }
        items.primes = content.primes.map { primes in
            if let reusing, !reusing.changed.contains(PrimesPage.sourcePath), var old = reusing.previous.items.primes {
                old.isNew = false
                return old
            }
            return item(SourcePath(PrimesPage.sourcePath), body: primes.body, excerpt: "") {
                SiteValues.primes(primes, html: $0, paths: paths, strings: strings)
            }
        }
        let declared = content.settings.collections.declared
        let oldCollections = reusing?.previous.items.collections ?? []
        items.collections = declared.enumerated().map { collection, schema in
            let entries = content.items[schema.name] ?? []
            let old = oldCollections.indices.contains(collection) ? oldCollections[collection] : nil
            return entries.enumerated().map { index, entry in
                if let kept = kept(old, index, entry.sourcePath) { return kept }
                let key = SourcePath(entry.sourcePath)
                let excerpt = excerpts[key] ?? ""
                let images = CollectionImages.digest(
                    entry.values, source: entry.sourcePath, root: paths.root, sizes: markdown.images)
                return item(key, body: entry.body, excerpt: excerpt, extra: images) { html in
                    SiteValues.collectionItem(
                        entry, schema: schema, html: html, excerpt: excerpt, context: fieldContext,
                        feedAuthor: settings.title, head: head, body: bodyImages[key])
                }
            }
        }
        var identities: [DigestKey: UInt64]
        var changedKeys: Set<UInt64> = []
        if let reusing {
            identities = reusing.previous.identities
            for made in items.all where made.isNew {
                made.forEachIdentity { key, identity in
                    guard identities[DigestKey(key)] != identity else { return }
                    changedKeys.insert(key)
                    identities[DigestKey(key)] = identity
                }
            }
        } else {
            identities = [:]
            identities.reserveCapacity(
                (items.posts.count + items.menu.count + items.profiles.count + items.pages.count + 1) * 3 + plan.count)
            for made in items.all {
                made.forEachIdentity { key, identity in identities[DigestKey(key)] = identity }
            }
        }
        let posts = items.posts.map { TemplateValue.lazy($0.value) }
        let menu = items.menu.map { TemplateValue.lazy($0.value) }
        let profiles = items.profiles.map { TemplateValue.lazy($0.value) }
        let plainPages = items.pages.map { TemplateValue.lazy($0.value) }
        let primes = items.primes.map { TemplateValue.lazy($0.value) }
        let collectionValues = items.collections.map { $0.map { TemplateValue.lazy($0.value) } }
        let feed = CollectionFeed(content: content, posts: posts, items: collectionValues)
        // A post dated later than now (shown with --future) never makes the site look updated.
        let updated =
            feed.dates.filter { $0.secondsSince1970 <= content.now }.max()?.rfc3339 ?? "1970-01-01T00:00:00Z"
        timer.lap("values: items")
        let tags = reusing?.previous.tags ?? groups.tags.map { PageExtras.tagValue($0, paths: paths, strings: strings) }
        let data = DataValues(content.data, global: global)
        site = data.adding(
            to: SiteValues.site(
                settings: settings, editing: editing, paths: paths, strings: strings, sections: sections,
                posts: posts, updated: updated, menu: menu, profiles: profiles, pages: plainPages, primes: primes,
                tags: tags, feedPosts: feed.entries,
                collections: SiteValues.collections(declared, items: collectionValues, paths: paths, strings: strings)))
        // A data file's values are made anew by every model (they are few); in a patched one, a changed
        // file's keys are among the changed. Pages find them by their path under `site` (no other
        // lazy value holds them), so one whose file is gone is found missing there.
        for (key, identity) in data.identities {
            if reusing != nil && identities[DigestKey(key)] != identity { changedKeys.insert(key) }
            identities[DigestKey(key)] = identity
        }
        var extras = PageExtras.Context(
            content: content, groups: groups, posts: posts, profiles: profiles, paths: paths, strings: strings,
            postLinks: inputs.postLinks)
        if !declared.isEmpty {
            extras.collections = collectionValues
            extras.terms = CollectionTerms(content: content)
        }
        let extrasContext = extras
        let pageHead = PageHead(settings: settings, paths: paths, sizes: markdown.images)
        timer.lap("values: site")
        let sitemap = reusing?.previous.sitemap ?? SitemapValues.digest(plan, content: content)
        timer.lap("values: sitemap digest")

        /// The last model's value of the page at `index` of the plan, when it shows none of the changed items.
        let changedPosts = Set(items.posts.indices.filter { items.posts[$0].isNew })
        let changedMenu = Set(items.menu.indices.filter { items.menu[$0].isNew })
        let changedPages = Set(items.pages.indices.filter { items.pages[$0].isNew })
        let primesChanged = items.primes?.isNew ?? false
        let changedEntries = items.collections.map { made in Set(made.indices.filter { made[$0].isNew }) }
        let oldPageValues = reusing?.previous.pages ?? []
        @Sendable func kept(at index: Int) -> LazyValue? {
            // The plan's fields read in place: a copy of the page would retain each of them.
            guard oldPageValues.indices.contains(index), inputs.plan[index].kind != "sitemap" else { return nil }
            let changed: Bool
            switch inputs.plan[index].item {
            case .post(let index): changed = changedPosts.contains(index)
            case .menuItem(let index): changed = changedMenu.contains(index)
            case .page(let index): changed = changedPages.contains(index)
            case .primes: changed = primesChanged
            case .entry(let collection, let index): changed = changedEntries[collection].contains(index)
            case nil: changed = false
            case .list, .profile, .terms: return nil  // Their extras list posts or items.
            }
            let old = oldPageValues[index]
            return changed || old.name != inputs.plan[index].output ? nil : old
        }

        // Each made with its key's hash (`nil` for one kept from the last model).
        let values = Array(plan.indices).parallelMap { index -> (value: LazyValue, key: UInt64?) in
            if let kept = kept(at: index) { return (kept, nil) }
            let page = inputs.plan[index]
            let item: TemplateValue? =
                switch page.item {
                case .post(let index): posts[index]
                case .menuItem(let index): menu[index]
                case .profile(let index): profiles[index]
                case .page(let index): plainPages[index]
                case .primes: primes
                case .entry(let collection, let index): collectionValues[collection][index]
                case .list, .terms, nil: nil
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
            identity.combine(pageHead.identity)
            let extras = PageExtras.of(page, in: extrasContext)
            identity.combine(extras?.identity ?? 0)
            let value = LazyValue(kind: "page", name: page.output, identity: identity.value) {
                let page = inputs.plan[index]
                let value = PagePlanner.value(of: page, item: item?.resolved, nav: inputs.nav, paths: inputs.paths)
                guard case .object(var fields) = value else { return value }
                fields["head"] = pageHead.value(of: page, fields: fields)
                if isSitemap {
                    fields["entries"] = SitemapValues.entries(inputs.plan, content: inputs.content, paths: inputs.paths)
                }
                if let extras { fields.merge(extras.fields()) { _, extra in extra } }
                return .object(fields)
            }
            return (value, Self.keyHash("page", page.output))
        }
        for case (let value, let key?) in values {
            if reusing != nil && identities[DigestKey(key)] != value.identity { changedKeys.insert(key) }
            identities[DigestKey(key)] = value.identity
        }
        self.changedKeys = reusing == nil ? nil : changedKeys
        self.pages = values.map(\.value)
        timer.lap("values: pages")
        self.identities = identities
        self.items = items
        self.tags = tags
        self.sitemap = sitemap
    }

    /// What the closures of lazy values read when they compute, behind one reference.
    private final class Inputs: Sendable {
        let content: SiteContent
        let paths: SitePaths
        let strings: ThemeStrings
        let names: PostNames
        let plan: [PlannedPage]
        let nav: [SiteSettings.NavLink]
        /// Each post's link, in `content.posts` order: its page's, as planned.
        let postLinks: [String]

        init(
            content: SiteContent, paths: SitePaths, strings: ThemeStrings, groups: PostGroups, plan: [PlannedPage],
            nav: [SiteSettings.NavLink]
        ) {
            self.content = content
            self.paths = paths
            self.strings = strings
            names = PostNames(paths: paths, groups: groups)
            self.plan = plan
            self.nav = nav
            postLinks = SiteModel.postLinks(plan, posts: content.posts, paths: paths)
        }
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
