import Foundation

/// The content folder's files and each one's `stat`, taken before the build
/// state is read: neither needs the state, so a build takes them on another
/// core while it reads and decodes the state (`InBackground`), and `SiteLoader`
/// then only looks its entries up in the source cache.
public struct ContentSurvey: Sendable {
    /// When the look began: the source cache is stamped with it, so a file changed
    /// while it was looked at is never trusted (`SourceCache.racyWindow`).
    let started: Int64
    let scan: ContentScan
    /// Each of `scan.files`' status, `nil` for one that was gone.
    let statuses: [FileStatus?]

    /// Looks at the content folder of the site at `siteRoot`.
    init(siteRoot: String) {
        started = FileStatus.now()
        scan = ContentScanner(siteRoot: URL(fileURLWithPath: siteRoot)).scan()
        statuses = scan.files.map { FileStatus(path: siteRoot + "/" + $0.path) }
    }
}
