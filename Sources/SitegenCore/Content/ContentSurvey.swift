import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The content folder's files and each one's `stat`, taken before the build
/// state is read: neither needs the state, so a build takes them on another
/// core while it reads and decodes the state (`InBackground`), and `SiteLoader`
/// then only looks its entries up in the source cache.
package struct ContentSurvey: Sendable {
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
        // Relative to the site folder, opened once: no path is joined, and the kernel walks less of each.
        let root = open(siteRoot, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if root >= 0 { close(root) } }
        statuses = scan.files.map { file in
            root >= 0 ? FileStatus(path: file.path, in: root) : FileStatus(path: siteRoot + "/" + file.path)
        }
    }
}
