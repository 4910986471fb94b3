#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one check every write into a site makes before it writes (`new`,
/// `edit`, `primes`, the preview's API): no part of the path may be a
/// symbolic link that leads out of the site folder. Links that stay inside
/// the site are followed, as the build follows them.
///
/// The check is made right before the write and the write then goes to the
/// real path found (no link left in it), so a folder replaced by a link
/// afterwards (a branch checked out while the preview runs) is written through
/// only if it is replaced in the instant between the two.
public enum SiteContainment {
    /// Where a path leaves the site: the part of it that is a link (relative to the site) and where it leads.
    public struct Exit: Sendable, Hashable {
        /// The link, relative to the site folder: `content/profiles`.
        public var link: String
        /// Where it leads (its real path), or `nil` when it leads nowhere.
        public var target: String?
    }

    /// The first part of `sitePath` (relative to the site at `siteRoot`) that is a symbolic link out of the
    /// site or to nothing, or `nil` when every part that exists stays inside.
    public static func exit(of sitePath: String, siteRoot: String) -> Exit? {
        let realRoot = DirectoryListing.realPath(siteRoot) ?? siteRoot
        var prefix = ""
        for name in sitePath.split(separator: "/") {
            prefix += (prefix.isEmpty ? "" : "/") + name
            switch DirectoryListing.linkKind(of: siteRoot + "/" + prefix) {
            case nil: return nil  // What does not exist yet is made inside what does.
            case .symlink?:
                guard let real = DirectoryListing.realPath(siteRoot + "/" + prefix) else {
                    return Exit(link: prefix, target: nil)
                }
                guard real == realRoot || real.hasPrefix(realRoot + "/") else {
                    return Exit(link: prefix, target: real)
                }
            default: continue
            }
        }
        return nil
    }

    /// The path to write `sitePath` at: its folder's real path (every link resolved) and its name.
    /// The folder need not exist yet: then the site's path is kept as it is.
    public static func writablePath(of sitePath: String, siteRoot: String) -> String {
        guard let slash = sitePath.lastIndex(of: "/"),
            let realFolder = DirectoryListing.realPath(siteRoot + "/" + sitePath[..<slash])
        else { return siteRoot + "/" + sitePath }
        return realFolder + sitePath[slash...]
    }
}
