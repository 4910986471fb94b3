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
        /// Warnings met on the way, sorted.
        var warnings: [Diagnostic]
        /// What the next build may take from this one without reading files again.
        var sources: SourceCache
    }

    func load(cache: SourceCache?) -> Result<Loaded, BuildFailure> {
        let loaded = SiteLoader(siteRoot: options.siteRoot, includeDrafts: options.includeDrafts).load(cache: cache)
        let themed = Theme.load(siteRoot: options.siteRoot)
        let diagnostics = (loaded.diagnostics + themed.diagnostics).sorted()
        guard var content = loaded.content, let theme = themed.theme, !diagnostics.contains(where: { $0.severity == .error })
        else { return .failure(BuildFailure(diagnostics: diagnostics)) }
        content.settings = options.published(content.settings)
        return .success(Loaded(content: content, theme: theme, warnings: diagnostics, sources: loaded.cache))
    }
}
