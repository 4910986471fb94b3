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
        var timer = PhaseTimer()
        // Made on all cores: one item's value is a few allocations and hashes, and there are thousands.
        let inputs = Inputs(
            content: content, paths: paths, strings: strings, groups: groups, plan: plan, nav: sections.nav)
        let maker = ItemMaker(
            content: content, global: global, markdown: markdown, imageDigests: imageDigests, bodyImages: bodyImages,
            paths: paths, changedFiles: reusing?.changed ?? [])
        let items = Self.items(
            maker, inputs: inputs, excerpts: excerpts,
            head: SiteValues.HeadContext(paths: paths, strings: strings, sizes: markdown.images),
            fieldContext: SiteValues.FieldContext(paths: paths, strings: strings, markdown: markdown, editing: editing),
            previous: reusing?.previous.items)
        var identities = IdentityTable(items: items, previous: reusing?.previous.identities, pages: plan.count)
        let values = ItemValues(items)
        let feed = CollectionFeed(content: content, posts: values.posts, items: values.collections)
        // A post dated later than now (shown with --future) never makes the site look updated.
        let updated =
            feed.dates.filter { $0.secondsSince1970 <= content.now }.max()?.rfc3339 ?? "1970-01-01T00:00:00Z"
        timer.lap("values: items")

        let tags = reusing?.previous.tags ?? groups.tags.map { PageExtras.tagValue($0, paths: paths, strings: strings) }
        let declared = content.settings.collections.declared
        let data = DataValues(content.data, global: global)
        site = data.adding(
            to: SiteValues.site(
                settings: settings, editing: editing, paths: paths, strings: strings, sections: sections,
                posts: values.posts, updated: updated, menu: values.menu, profiles: values.profiles,
                pages: values.pages, primes: values.primes, tags: tags, feedPosts: feed.entries,
                collections: SiteValues.collections(
                    Self.listings(declared, values, sections: sections), paths: paths, strings: strings)))
        // A data file's values are made anew by every model (they are few); in a patched one, a changed
        // file's keys are among the changed. Pages find them by their path under `site` (no other
        // lazy value holds them), so one whose file is gone is found missing there.
        for (key, identity) in data.identities { identities.enter(key, identity) }
        var extras = PageExtras.Context(
            content: content, groups: groups, posts: values.posts, profiles: values.profiles, paths: paths,
            strings: strings, postLinks: inputs.postLinks)
        if !declared.isEmpty {
            extras.collections = values.collections
            extras.terms = CollectionTerms(content: content)
        }
        let pageHead = PageHead(settings: settings, paths: paths, sizes: markdown.images)
        timer.lap("values: site")
        let sitemap = reusing?.previous.sitemap ?? SitemapValues.digest(plan, content: content)
        timer.lap("values: sitemap digest")

        let pages = Self.pages(
            plan, inputs: inputs, items: items, values: values, previous: reusing?.previous.pages ?? [],
            global: global, sitemap: sitemap, head: pageHead, extras: extras)
        for case (let value, let key?) in pages { identities.enter(key, value.identity) }
        self.changedKeys = identities.changedKeys
        self.pages = pages.map(\.value)
        timer.lap("values: pages")
        self.identities = identities.identities
        self.items = items
        self.tags = tags
        self.sitemap = sitemap
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
}
