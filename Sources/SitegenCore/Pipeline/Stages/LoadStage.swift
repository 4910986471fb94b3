/// Load: `site.yml`, every content file (unchanged ones from the state's
/// source cache, without reading them) and the theme, checked. Fails with
/// every problem found.
struct LoadStage {
    let options: BuildOptions

    /// What the site's files say.
    struct Loaded: Sendable {
        /// The content, sorted, with `site.yml` as this build publishes it.
        var content: SiteContent
        var theme: Theme
        /// Warnings met on the way, sorted, and the errors of content files that did not load
        /// (the model stage reports them with its own and fails).
        var warnings: [Diagnostic]
        /// What the next build may take from this one without reading files again.
        var sources: SourceCache
        /// Which posts it holds: the options' drafts and future posts, and the now.
        var publishing: Publishing

        /// This load, for the model stage, which adds the build's excerpts to its source cache;
        /// this one keeps an empty cache. A cache held by two values is copied whole (thousands
        /// of entries) when one of them changes an entry.
        mutating func handingOnSources() -> Loaded {
            defer { sources = SourceCache() }
            return self
        }
    }

    /// Loads the site. `last` is the last load in this process, and `changed` the paths
    /// (relative to the site) written since, when known: then only those are read
    /// again (`LoadPatch`), if that can be done.
    /// `survey` is a look at the content folder taken earlier in this build.
    func load(
        cache: SourceCache?, survey: ContentSurvey? = nil, last: Loaded? = nil, changed: Set<String>? = nil
    ) -> Result<Loaded, BuildFailure> {
        if let last, let changed {
            switch LoadPatch(options: options).patch(last, changed: changed) {
            case .success(var loaded):
                PhaseTimer.note(
                    "load: \(Plural.count(changed.count, "file")) read again, the rest as the last build loaded it")
                let warnings = loaded.content.takeLastModifiedDates(siteRoot: options.siteRoot.path)
                if !warnings.isEmpty { loaded.warnings = (loaded.warnings + warnings).sorted() }
                return .success(loaded)
            case .failure(let declined): PhaseTimer.note("load: \(declined.reason); every file is looked at")
            }
        }
        let loaded = SiteLoader(siteRoot: options.siteRoot, publishing: options.publishing).load(
            cache: cache, survey: survey
        ) {
            MarkdownStage.renderKey(of: options.published($0))
        }
        var timer = PhaseTimer()
        let themed = Theme.load(siteRoot: options.siteRoot)
        timer.lap("load: theme")
        var diagnostics = (loaded.diagnostics + themed.diagnostics).sorted()
        // Errors in content files go on to the model, which checks the rest (links, addresses) and then fails.
        guard var content = loaded.content, let theme = themed.theme else {
            return .failure(BuildFailure(diagnostics: diagnostics))
        }
        content.settings = options.published(content.settings)
        diagnostics += content.takeLastModifiedDates(siteRoot: options.siteRoot.path)
        if !content.settings.baseURL.isAbsolute {
            diagnostics.append(Self.relativeBaseURL(content.settings, given: options.baseURL != nil))
        }
        diagnostics.sort()
        return .success(
            Loaded(
                content: content, theme: theme, warnings: diagnostics, sources: loaded.cache,
                publishing: options.publishing))
    }

    /// Feeds, sitemaps, canonical links and link previews carry absolute URLs only: a relative base
    /// URL makes the first two invalid, and pages are written without the others (`PageHead`).
    private static func relativeBaseURL(_ settings: SiteSettings, given: Bool) -> Diagnostic {
        let example = "an absolute base_url such as https://example.org/"
        let needs = "feed.xml and sitemap.xml need \(example)"
        let leftOut = "pages are written without canonical links and link previews (OpenGraph, Twitter cards)"
        if given {
            return Diagnostic(
                .warning, at: SourceLocation(path: "--base-url"),
                "\(needs), got \(settings.baseURL.text); \(leftOut)")
        }
        return Diagnostic(.warning, at: settings.baseURLLocation, "\(needs); \(leftOut)")
    }
}
