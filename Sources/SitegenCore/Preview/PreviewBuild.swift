/// What one build of the preview did, for the line `serve` prints and the event it sends.
package enum PreviewBuild: Sendable {
    /// The preview was built: what changed.
    case built(PreviewChange)
    /// The build failed; the last good preview is still served.
    case failed([Diagnostic])
}

/// What a successful build of the preview changed.
package struct PreviewChange: Sendable {
    /// The URLs whose bytes changed (or that were removed), stylesheets left out: `/posts/x/`, `/feed.xml`.
    package var changed: [String]
    /// Whether a stylesheet changed.
    package var css: Bool
    /// HTML pages in the site.
    package var pages: Int
    /// Pages the build rendered (some may have come out the same).
    package var pagesRendered: Int
    /// Seconds the build took.
    package var seconds: Double
    /// Warnings met on the way.
    package var warnings: [Diagnostic]
    /// When the first post left out for being dated after now is due (seconds since 1970), if any.
    package var nextPublication: Int64? = nil
}
