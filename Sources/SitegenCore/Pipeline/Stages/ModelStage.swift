/// Model: the pages of the site and the values templates see. Excerpts (and
/// each body's links into the site) are taken from the state for unchanged
/// files and rendered (in the one `MarkdownStage`) for the others; they go into
/// the source cache for the next build. Links are checked against the whole
/// site; while nothing they can point at changed (`LinkCheckMemo`), only the
/// links of files rendered again, and of files whose links failed, are.
struct ModelStage {
    let options: BuildOptions
    /// Where the resized copies of photos are kept; `nil` (`sitegen check`): photos are checked, none is resized.
    var imageCache: ImageCache? = nil

    /// The site as templates see it, and what it is made of.
    struct Modeled: Sendable {
        var model: SiteModel
        /// Every page, sorted by output path.
        var pages: [PlannedPage]
        var theme: Theme
        var markdown: MarkdownStage
        var warnings: [Diagnostic]
        /// The source cache, with this build's excerpts.
        var sources: SourceCache
        /// Output entries sitegen never deletes.
        var keep: [String]
        /// The plan, for the next build in this process.
        var memo: ModelMemo?
        /// Whether the values were the last build's, with those of the files changed since made again.
        var patched = false
        /// The photos published with resized copies, by output path.
        var photos: [String: ResponsiveImage] = [:]
    }

    /// The model of what was loaded; `memo` is what the last build in this process left, if any,
    /// and `remembers` says whether this one's is wanted (by a process that builds again).
    /// The source cache is taken out of `loaded` and becomes `Modeled.sources` with this build's
    /// excerpts added: in place when the caller holds it no longer (`Loaded.handingOnSources()`).
    func model(_ loaded: consuming LoadStage.Loaded, memo: ModelMemo? = nil, remembers: Bool = false) -> Result<
        Modeled, BuildFailure
    > {
        let content = loaded.content
        var timer = PhaseTimer()
        let inputs = PlanInputs(
            content, library: loaded.theme.library, assets: Array(loaded.theme.assets.keys), global: global(content),
            keyed: memo != nil || remembers)
        // Without a last model to patch (only a process that builds again keeps one), the excerpts
        // are looked up in the source cache on another core while the pages are planned.
        let lookedUp =
            memo == nil
            ? InBackground { [sources = loaded.sources] in Self.excerpts(of: content, sources: sources, last: nil) }
            : nil
        let (planned, problems) = Self.planPages(content, inputs: inputs, memo: memo, timer: &timer)
        let templates = Self.templateProblems(planned, inputs: inputs, library: loaded.theme.library, content: content)
        var warnings = (loaded.warnings + problems + templates).sorted()
        // After an error, the links are still checked (every problem in one run), but no values are made.
        let failing = warnings.contains { $0.severity == .error }
        var handedOn = remembers && !failing ? planned : nil  // For the next build.

        let (images, photos) = publishImages(content)
        warnings = (warnings + images.warnings + Self.missingImages(content)).sorted()
        timer.lap(
            "model: image sizes read; photos: \(photos.images.count) published, \(photos.read) read, \(photos.made) resized"
        )
        let last = Self.patchable(planned, content: content, images: images)
        let markdown = last?.values.markdown ?? markdownStage(content, images: images)
        markdown.forgetProblems()
        var sources = SourceCache()
        swap(&sources, &loaded.sources)
        let (shown, found) = lookedUp?.value ?? Self.excerpts(of: content, sources: sources, last: last)
        var excerpted = found
        timer.lap("model: excerpts known")
        let rendered = Self.renderExcerpts(&excerpted, markdown: markdown, into: &sources)
        warnings += rendered.warnings
        timer.lap("model: excerpts rendered (\(excerpted.missing.count))")
        if !images.damaged.isEmpty {
            warnings += Self.usesOfDamagedImages(
                shown, fresh: rendered.links, cached: sources, damaged: images.damaged, oversized: images.oversized)
        }

        let check = Self.linkCheck(content, pages: planned.pages, inputs: inputs)
        // Links written as they are in the templates' text, on the pages rendered with them.
        warnings += loaded.theme.links.problems(
            pages: planned.pages, library: loaded.theme.library, root: SitePaths(settings: content.settings).root,
            check: check)
        // The whole site's index only for a process that builds again; else what the links checked need.
        let linkIndex = last?.values.linkIndex ?? (handedOn != nil ? check.index : nil)
        // The cache is lent, not kept: the arrivals are then set in the only copy of it.
        let (linksChecked, imageDigests, bodyImages) = Self.checkLinks(
            check, of: shown, cached: sources, fresh: rendered.links, anchors: excerpted.anchors, content: content,
            last: last, linkIndex: linkIndex, images: images.sizes)
        // A build that rendered most bodies checks every file's links: waited for before the values
        // are made, so that the two never hold their memory at once (at 50k posts, 300 MiB of the peak).
        if excerpted.missing.count * 2 >= shown.count { _ = linksChecked.value }
        if failing {
            let diagnostics = MermaidDiagrams.sayingOnce(warnings + linksChecked.value.broken)
            return .failure(BuildFailure(diagnostics: diagnostics))
        }

        let model = values(
            content, planned: planned, global: inputs.global, last: last, excerpts: excerpted.excerpts,
            markdown: markdown, imageDigests: imageDigests, bodyImages: bodyImages)
        timer.lap("model: values")
        let (reach, broken, arrivals) = linksChecked.value
        Self.record(arrivals, reach: reach, broken: broken, in: &sources)
        warnings += broken
        warnings = MermaidDiagrams.sayingOnce(warnings)
        warnings.sort()
        timer.lap("model: links checked, waited for")
        if warnings.contains(where: { $0.severity == .error }) { return .failure(BuildFailure(diagnostics: warnings)) }
        handedOn?.values = ModelMemo.Values(
            sourceHashes: content.sourceHashes, images: images.sizes, markdown: markdown, shown: shown,
            excerpts: excerpted.excerpts, anchors: excerpted.anchors, linkReach: reach, linkIndex: linkIndex,
            imageDigests: imageDigests, bodyImages: bodyImages,
            model: model.reusable)
        return .success(
            Modeled(
                model: model, pages: planned.pages, theme: loaded.theme, markdown: markdown, warnings: warnings,
                sources: sources, keep: inputs.keep, memo: handedOn, patched: last != nil, photos: photos.images))
    }

    /// The values templates see: the last build's model with the changed files' values made again
    /// (`last`), or a model made in full.
    private func values(
        _ content: SiteContent, planned: ModelMemo, global: UInt64, last: ModelMemo.Patchable?,
        excerpts: [SourcePath: String], markdown: MarkdownStage, imageDigests: [SourcePath: UInt64],
        bodyImages: [SourcePath: BodyImage]
    ) -> SiteModel {
        let (pages, sections, groups) = (planned.pages, planned.sections, planned.groups)
        return if let last {
            SiteModel(
                patching: last.values.model, changed: last.changed, content: content, plan: pages,
                sections: sections, groups: groups, global: global, editing: options.editControls,
                excerpts: excerpts, markdown: markdown, imageDigests: imageDigests, bodyImages: bodyImages)
        } else {
            SiteModel(
                content: content, plan: pages, sections: sections, groups: groups, global: global,
                editing: options.editControls, excerpts: excerpts, markdown: markdown, imageDigests: imageDigests,
                bodyImages: bodyImages)
        }
    }

    /// The last build's values in this process, when its plan was this one's: only the files whose
    /// bytes changed since need their excerpts, links and values made again (`ModelMemo.Values`).
    private static func patchable(_ planned: ModelMemo, content: SiteContent, images: ImageSizes)
        -> ModelMemo.Patchable?
    {
        let last = planned.values.flatMap { $0.patchable(for: content, images: images.sizes) }
        if planned.values != nil && last == nil {
            PhaseTimer.note("model: files or image sizes changed; every value is made again")
        }
        return last
    }

    /// The stage that renders every body of this build, for its excerpt and its page.
    private func markdownStage(_ content: SiteContent, images: ImageSizes) -> MarkdownStage {
        MarkdownStage(
            settings: content.settings, siteRoot: options.siteRoot.path, images: images.sizes,
            math: MathRenderer.shared(stateFolder: OutputFolder(path: options.output.path).statePath))
    }

    /// What every value depends on: sitegen's version, `site.yml`, the build options, and the math
    /// converter's version (the MathML of unchanged math changes with it).
    private func global(_ content: SiteContent) -> UInt64 {
        var global = StableHash()
        global.combine(SitegenVersion.build)
        global.combine(MathConverter.installedVersion)
        global.combine(content.sourceHashes["site.yml"] ?? 0)
        global.combine(options.includeDrafts ? 1 : 0)
        global.combine(options.includeFuture ? 1 : 0)
        global.combine(options.baseURL?.text ?? "")
        global.combine(options.editControls ? 1 : 0)
        return global.value
    }
}
