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
/// The check is made right before the write, and the write then goes to the
/// real path found (no link left in it), whose folder is opened without
/// following a link at any part (`AtomicFile`): a folder replaced by a link
/// after the check (a branch checked out while the preview runs) is refused
/// then, not written through.
package enum SiteContainment {
    /// Where a path leaves the site: the part of it that is a link (relative to the site) and where it leads.
    package struct Exit: Error, Sendable, Hashable {
        /// The link, relative to the site folder: `content/profiles`.
        package var link: String
        /// Where it leads (its real path), or `nil` when it leads nowhere.
        package var target: String?
    }

    /// The first part of `sitePath` (relative to the site at `siteRoot`) that is a symbolic link out of the
    /// site or to nothing, or `nil` when every part that exists stays inside.
    package static func exit(of sitePath: String, siteRoot: String) -> Exit? {
        var prefix = ""
        for name in sitePath.split(separator: "/") {
            prefix += (prefix.isEmpty ? "" : "/") + name
            switch DirectoryListing.linkKind(of: siteRoot + "/" + prefix) {
            case nil: return nil  // What does not exist yet is made inside what does.
            case .symlink?:
                guard let real = DirectoryListing.realPath(siteRoot + "/" + prefix) else {
                    return Exit(link: prefix, target: nil)
                }
                guard isInside(real, siteRoot: siteRoot) else {
                    return Exit(link: prefix, target: real)
                }
            default: continue
            }
        }
        return nil
    }

    /// The path to write `sitePath` at: its folder's real path (every link resolved) and its name.
    /// The folder need not exist yet: then the site's path is kept as it is. Throws where the real
    /// folder is outside the site (a link put in place since `exit(of:siteRoot:)` looked).
    package static func writablePath(of sitePath: String, siteRoot: String) throws(Exit) -> String {
        guard let slash = sitePath.lastIndex(of: "/"),
            let realFolder = DirectoryListing.realPath(siteRoot + "/" + sitePath[..<slash])
        else { return siteRoot + "/" + sitePath }
        guard isInside(realFolder, siteRoot: siteRoot) else {
            throw Exit(link: String(sitePath[..<slash]), target: realFolder)
        }
        return realFolder + sitePath[slash...]
    }

    /// Whether the real path `realPath` is the site folder or inside it.
    package static func isInside(_ realPath: String, siteRoot: String) -> Bool {
        let realRoot = DirectoryListing.realPath(siteRoot) ?? siteRoot
        return realPath == realRoot || realPath.hasPrefix(realRoot + "/")
    }
}
