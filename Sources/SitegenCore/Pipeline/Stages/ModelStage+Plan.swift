/// The model stage's first step: the pages, planned from the content and the theme, or the
/// last build's plan in this process when nothing it was made from changed.
extension ModelStage {
    /// What the pages are planned from besides the content, and the key of a plan made of them.
    struct PlanInputs {
        /// The theme's assets, by output path.
        let assets: [String]
        /// What every value depends on (`global(_:)`).
        let global: UInt64
        /// A list whose template never reads a page's share of its posts is one page (`ListPagination`).
        let lists: ListPagination
        let templates: CollectionTemplates
        /// `ModelMemo.key` of these inputs, or 0 when no plan is kept (`keyed` false).
        let key: UInt64
        /// The output entries the build leaves as they are (`kept(_:)`).
        let keep: [String]

        init(_ content: SiteContent, library: TemplateLibrary, assets: [String], global: UInt64, keyed: Bool) {
            self.assets = assets
            self.global = global
            lists = ListPagination(library: library, paginate: content.settings.paginate)
            templates = CollectionTemplates(library: library, collections: content.settings.collections)
            key =
                keyed
                ? ModelMemo.key(of: content, assets: assets, global: global, lists: lists, templates: templates) : 0
            keep = ModelStage.kept(content)
        }
    }

    /// The pages of `content` with the problems found planning them: the last build's plan when
    /// `memo` was made of the same inputs, else a new one.
    static func planPages(_ content: SiteContent, inputs: PlanInputs, memo: ModelMemo?, timer: inout PhaseTimer)
        -> (ModelMemo, [Diagnostic])
    {
        if let memo, memo.key == inputs.key {
            timer.lap("model: plan pages (as the last build's)")
            return (memo, [])
        }
        if memo != nil { PhaseTimer.note("model: models, files or settings changed; the pages are planned again") }
        let planned = Self.plan(
            content, key: inputs.key, assets: inputs.assets, keep: inputs.keep, lists: inputs.lists,
            templates: inputs.templates)
        timer.lap("model: plan pages")
        return planned
    }

    /// What the templates say of the plan: lists shown on one page whose template could page them,
    /// and `layout:`s naming no template.
    static func templateProblems(
        _ planned: ModelMemo, inputs: PlanInputs, library: TemplateLibrary, content: SiteContent
    ) -> [Diagnostic] {
        let used = Set(
            ["posts"] + (planned.groups.tags.isEmpty ? [] : ["tag"]) + (planned.groups.authors.isEmpty ? [] : ["user"]))
        let onePage = inputs.lists.warnings(library: library, paginate: content.settings.paginate, used: used)
        // Checked on every build, the plan being the last one's or not: a template may have gone since.
        let layouts = PageLayout.problems(pages: planned.pages, library: library)
        return onePage + layouts
    }

    /// The pages of `content`, with the groups and sections they were planned from, and the
    /// problems found: two pages (or a page and a file) at one address, profiles claiming one username.
    static func plan(
        _ content: SiteContent, key: UInt64, assets: [String], keep: [String], lists: ListPagination,
        templates: CollectionTemplates
    ) -> (ModelMemo, [Diagnostic]) {
        let sections = SiteSections(content: content)
        let groups = PostGroups(content: content)
        let plan = PagePlanner.plan(content, sections: sections, groups: groups, lists: lists, templates: templates)
        let collisions =
            OutputCollisions.problems(files: content.files, pages: plan.pages, assets: assets, kept: keep)
            + OutputCollisions.pageProblems(pages: plan.pages, assets: assets)
        return (
            ModelMemo(key: key, sections: sections, groups: groups, pages: plan.pages),
            plan.diagnostics + collisions + groups.problems + PostGroups.profileProblems(content.profiles)
        )
    }

    /// The output entries a build leaves as they are: `.git`, `CNAME` and `keep:`, but
    /// not one the site publishes itself (`static/CNAME`).
    static func kept(_ content: SiteContent) -> [String] {
        let published = Set(content.files.map(\.output))
        return ([".git", "CNAME"] + content.settings.keep).filter { !published.contains($0) }
    }
}
