import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Markdown file found under `content/`.
package struct ContentFile: Sendable, Hashable {
    /// Path relative to the site folder, with `/` separators: `content/posts/hello.md`.
    package var path: String
    /// Path under `content/` without `.md`: `posts/hello`.
    package var name: String

    /// The file at a path under `content/` ending in `.md`.
    package init(path: String) {
        self.path = path
        // By bytes (the prefix and the suffix are ASCII): cutting Characters walks the whole path.
        name = String(Substring(path.utf8.dropFirst("content/".utf8.count).dropLast(3)))
    }
}

/// What a scan of `content/` found.
package struct ContentScan: Sendable {
    /// Every Markdown file, sorted by path.
    package var files: [ContentFile] = []
    /// Every other file (a page bundle's images), by path relative to the site, sorted.
    package var otherFiles: [String] = []
    /// The problems met on the way.
    package var diagnostics: [Diagnostic] = []
}

/// Lists the files of a site's `content/` folder, skipping editor and sitegen
/// temp files and refusing symlinks that lead out of the site. An item's
/// page bundle (`content/posts/<slug>/index.md`) may not sit beside its plain
/// file (`content/posts/<slug>.md`).
package struct ContentScanner {
    /// The site folder.
    package let siteRoot: URL

    /// A scanner for the site at `siteRoot`.
    package init(siteRoot: URL) { self.siteRoot = siteRoot.standardizedFileURL }

    /// Every file in `content/`, sorted by path, with the problems met on the way.
    package func scan() -> ContentScan {
        var scan = ContentScan()
        let walked = SiteFolderWalk(siteRoot: siteRoot.path, skips: Self.isTemporary).files(under: "content")
        scan.diagnostics = walked.diagnostics
        var paths: Set<String>? = nil  // Made for the first page bundle: most sites have none.
        for path in walked.files {
            guard path.endsWithBytes(".md") else {
                scan.otherFiles.append(path)
                continue
            }
            if let plain = Self.plainFile(ofBundle: path) {
                let all = paths ?? Set(walked.files)
                paths = all
                if all.contains(plain) {
                    scan.diagnostics.append(
                        Diagnostic(
                            at: SourceLocation(path: path),
                            "this page bundle and \(plain) are the same item; keep one of them (move \(plain) here as index.md)"
                        ))
                    continue
                }
            }
            scan.files.append(ContentFile(path: path))
        }
        return scan
    }

    /// `content/posts/a.md` for the bundle `content/posts/a/index.md` (posts, menu items and profiles).
    static func plainFile(ofBundle path: String) -> String? {
        guard path.endsWithBytes("/index.md") else { return nil }  // Most paths: no need to split them.
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[3] == "index.md", ContentKind.bundleSections.contains(String(parts[1])) else {
            return nil
        }
        return "content/\(parts[1])/\(parts[2]).md"
    }

    /// Whether a file name is an editor's or sitegen's temporary file, skipped silently.
    @Sendable package static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") || name.endsWithBytes("~") || name.endsWithBytes(".swp") || name.endsWithBytes(".swo")
            || (name.hasPrefix("#") && name.endsWithBytes("#"))
    }
}
