import Foundation

/// What `sitegen build` and `sitegen check` are asked to do.
package struct BuildOptions: Sendable {
    /// The site folder (holding `site.yml`, `content/`, `templates/`).
    package var siteRoot: URL
    /// The output folder; `public/` in the site by default.
    package var output: URL
    /// Include posts marked `draft: true`.
    package var includeDrafts = false
    /// Include posts dated after `now`.
    package var includeFuture = false
    /// The build's "now", in seconds since 1970: posts dated later are not
    /// published (unless `includeFuture`). An input like any other, so the same
    /// site and the same now give the same bytes (`--now`, `SOURCE_DATE_EPOCH`).
    package var now: Int64 = Int64(Date().timeIntervalSince1970)
    /// Publish under this URL instead of `site.yml`'s `base_url`.
    package var baseURL: BaseURL?
    /// Give the pages the preview's editing controls (`sitegen serve` without `--read-only`);
    /// templates see `site.editing`. Never set by `build`.
    package var editControls = false
    /// Wait while another build of the same output runs (else fail at once).
    package var waitsForOtherBuilds = true

    /// Options for the site at `siteRoot`, writing to `output` (default `siteRoot/public`).
    package init(siteRoot: URL, output: URL? = nil) {
        self.siteRoot = siteRoot.standardizedFileURL
        self.output = (output ?? siteRoot.appendingPathComponent("public")).standardizedFileURL
    }

    /// Which posts this build publishes.
    var publishing: Publishing { Publishing(includeDrafts: includeDrafts, includeFuture: includeFuture, now: now) }

    /// `site.yml`'s settings as this build publishes them: `baseURL` replaces `base_url`.
    func published(_ settings: SiteSettings) -> SiteSettings {
        guard let baseURL else { return settings }
        var settings = settings
        settings.baseURL = baseURL
        return settings
    }
}

/// What a finished build did.
package struct BuildReport: Sendable {
    /// Files written to the output (pages, feed, sitemap, assets).
    package var filesWritten: Int
    /// HTML pages in the site.
    package var pages: Int
    /// Pages rendered by this build; the others were unchanged and kept.
    package var pagesRendered: Int
    /// Warnings met on the way.
    package var warnings: [Diagnostic]
    /// Wall-clock seconds the build took.
    package var seconds: Double
    /// Everything the build made of the site (tens of megabytes for a big
    /// one), held by the report: a process that exits right after the build can
    /// keep it to the end rather than spend time freeing it.
    package var model: (any Sendable)? = nil
    /// When the first post left out for being dated after now is due (seconds since 1970): a build
    /// then publishes it (the preview rebuilds by itself at that time).
    package var nextPublication: Int64? = nil
}

/// A build that stopped: every diagnostic found, errors and warnings. Nothing was written.
package struct BuildFailure: Error, Sendable {
    /// The diagnostics, sorted.
    package var diagnostics: [Diagnostic]
}

/// Where a build is, for progress display.
package enum BuildProgress: Sendable {
    /// Rendering and writing pages: how many are done out of how many.
    case writing(done: Int, total: Int)
    /// Waiting for another build of the same output to finish (its process id, if known).
    case waiting(holder: Int32?)
}
