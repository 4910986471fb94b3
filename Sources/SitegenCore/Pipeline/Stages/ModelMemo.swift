/// What the model stage of one build leaves for the next one in the same
/// process (the preview server, which keeps its state in memory): the page
/// plan and what it was made from, named by a digest of everything the planner
/// reads. Bodies are not among it, so after an edit of a post's text the next
/// build takes the plan as it is instead of planning 10,000 posts again; any
/// change to a model, a file's place, `site.yml`, the options, sitegen or the
/// theme's assets makes another digest. A plan that came with diagnostics is
/// not kept (their places come from the files, not from the models). Never
/// stored: a build from the stored state plans afresh.
struct ModelMemo: Sendable {
    /// The digest of the planner's inputs.
    let key: UInt64
    let sections: SiteSections
    let groups: PostGroups
    let pages: [PlannedPage]
    /// What the model stage made from this plan last time, for the next build's values.
    var values: Values? = nil

    /// A build's excerpts, links and values, and what they were made from besides the plan: so a
    /// build with the same plan makes again only what the files changed since are part of.
    struct Values: Sendable {
        /// Every loaded file's hash (`SiteContent.sourceHashes`).
        let sourceHashes: [SourcePath: UInt64]
        /// The published images' sizes.
        let images: [String: ImageSize]
        /// The stage whose rendering the values ask for (it hands out a body only for the bytes it was made of).
        let markdown: MarkdownStage
        /// The source of every item with a body, in the content's order.
        let shown: [String]
        let excerpts: [SourcePath: String]
        let anchors: [SourcePath: [String]]
        /// Where links could arrive (`LinkCheck.reach`), and the link check's lookup tables.
        let linkReach: LinkReach
        let linkIndex: LinkCheck.Index?
        let imageDigests: [SourcePath: UInt64]
        /// Each body's first image (`SiteValues.BodyImage`), for its page's link previews.
        let bodyImages: [SourcePath: BodyImage]
        let model: SiteModel.Reusable

        /// These values and the files changed since, when a build of `content` may start from
        /// them: the same files loaded and the same image sizes (the plan being the same, only
        /// bodies can differ).
        func patchable(for content: SiteContent, images: [String: ImageSize]) -> Patchable? {
            guard images == self.images, content.sourceHashes.count == sourceHashes.count else { return nil }
            var changed: Set<String> = []
            for (path, hash) in content.sourceHashes {
                guard let old = sourceHashes[path] else { return nil }
                if old != hash { changed.insert(path.text) }
            }
            return Patchable(values: self, changed: changed)
        }
    }

    /// The last build's values and the files whose bytes changed since.
    struct Patchable {
        let values: Values
        let changed: Set<String>
    }

    /// The digest of what `PagePlanner`, `SiteSections`, `PostGroups` and the
    /// collision checks read: every item's model (`SourceCache.modelHash`) and
    /// place, the published files and theme assets, and `global`.
    static func key(
        of content: SiteContent, assets: [String], global: UInt64, lists: ListPagination,
        templates: CollectionTemplates
    ) -> UInt64 {
        var digest = StableHash()
        digest.combine(global)
        for template in lists.onePage { digest.combine(template) }
        for template in templates.names { digest.combine(template) }
        // In the content's order; a source path says whether its item is a page bundle. By index:
        // mapping the models to their paths copied every model.
        func combine(_ source: String) {
            digest.combine(source)
            digest.combine(content.modelHashes[SourcePath(source)] ?? 0)
        }
        let count =
            content.posts.count + content.menu.count + content.profiles.count + content.pages.count
            + (content.primes == nil ? 0 : 1)
        digest.combine(UInt64(count))
        for index in content.posts.indices { combine(content.posts[index].sourcePath) }
        for index in content.menu.indices { combine(content.menu[index].sourcePath) }
        for index in content.profiles.indices { combine(content.profiles[index].sourcePath) }
        for index in content.pages.indices { combine(content.pages[index].sourcePath) }
        if content.primes != nil { combine(PrimesPage.sourcePath) }
        for schema in content.settings.collections.declared {
            let items = content.items[schema.name] ?? []
            digest.combine(UInt64(items.count))
            for index in items.indices { combine(items[index].sourcePath) }
        }
        digest.combine(UInt64(content.files.count))
        for file in content.files {
            digest.combine(file.source)
            digest.combine(file.output)
        }
        for asset in assets.sorted() { digest.combine(asset) }
        return digest.value
    }
}
