import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Markdown file found under `content/`.
public struct ContentFile: Sendable, Hashable {
    /// Path relative to the site folder, with `/` separators: `content/posts/hello.md`.
    public var path: String
    /// Path under `content/` without `.md`: `posts/hello`.
    public var name: String

    /// The file at a path under `content/` ending in `.md`.
    public init(path: String) {
        self.path = path
        name = String(path.dropFirst("content/".count).dropLast(3))
    }
}

/// What a scan of `content/` found.
public struct ContentScan: Sendable {
    /// Every Markdown file, sorted by path.
    public var files: [ContentFile] = []
    /// The problems met on the way.
    public var diagnostics: [Diagnostic] = []
}

/// Lists the Markdown files of a site's `content/` folder, skipping editor and
/// sitegen temp files, warning about other files, and refusing symlinks that
/// lead out of the site.
public struct ContentScanner {
    /// The site folder.
    public let siteRoot: URL

    /// A scanner for the site at `siteRoot`.
    public init(siteRoot: URL) { self.siteRoot = siteRoot.standardizedFileURL }

    /// Every Markdown file in `content/`, sorted by path, with the problems met on the way.
    public func scan() -> ContentScan {
        var scan = ContentScan()
        let realRoot = DirectoryListing.realPath(siteRoot.path) ?? siteRoot.path
        walk("content", into: &scan, realRoot: realRoot, depth: 0)
        scan.files.sort { $0.path < $1.path }
        return scan
    }

    /// Whether a file name is an editor's or sitegen's temporary file, skipped silently.
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swo")
            || (name.hasPrefix("#") && name.hasSuffix("#"))
    }

    private func walk(_ relative: String, into scan: inout ContentScan, realRoot: String, depth: Int) {
        let folder = siteRoot.path + "/" + relative
        let entries: [DirectoryEntry]
        do {
            entries = try DirectoryListing.entries(of: folder)
        } catch {
            if relative != "content" || error.code != ENOENT {
                scan.diagnostics.append(Diagnostic(at: SourceLocation(path: relative), "cannot read folder: \(error.reason)"))
            }
            return
        }
        for entry in entries where !Self.isTemporary(entry.name) {
            let path = "\(relative)/\(entry.name)"
            var isFolder = entry.kind == .folder
            if entry.kind == .symlink {
                guard let real = DirectoryListing.realPath(siteRoot.path + "/" + path) else {
                    scan.diagnostics.append(Diagnostic(at: SourceLocation(path: path), "broken symbolic link"))
                    continue
                }
                guard real == realRoot || real.hasPrefix(realRoot + "/") else {
                    scan.diagnostics.append(
                        Diagnostic(at: SourceLocation(path: path), "symbolic link leads outside the site folder (to \(real))"))
                    continue
                }
                isFolder = DirectoryListing.isFolder(real)
            } else if entry.kind == .other {
                scan.diagnostics.append(Diagnostic(.warning, at: SourceLocation(path: path), "not a regular file; ignored"))
                continue
            }
            if isFolder {
                guard depth < 32 else {
                    scan.diagnostics.append(Diagnostic(at: SourceLocation(path: path), "folders are nested too deeply"))
                    continue
                }
                walk(path, into: &scan, realRoot: realRoot, depth: depth + 1)
            } else if entry.name.hasSuffix(".md") {
                scan.files.append(ContentFile(path: path))
            } else {
                scan.diagnostics.append(
                    Diagnostic(.warning, at: SourceLocation(path: path), "not a Markdown (.md) file; ignored"))
            }
        }
    }
}
