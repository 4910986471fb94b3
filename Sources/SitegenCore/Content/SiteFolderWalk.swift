#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists the files under one folder of a site (`content/`, `static/`): every
/// regular file, by path relative to the site, editor and sitegen temp files
/// skipped, symbolic links followed only while they stay inside the site.
struct SiteFolderWalk {
    /// The site folder's path.
    let siteRoot: String
    /// Whether a name is passed over without a word (temp files, hidden files).
    let skips: @Sendable (String) -> Bool

    /// Every file under `folder` (relative to the site), sorted by path, and the problems met.
    /// A missing folder is no problem: a site need not have one.
    func files(under folder: String) -> (files: [String], diagnostics: [Diagnostic]) {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        let realRoot = DirectoryListing.realPath(siteRoot) ?? siteRoot
        walk(folder, top: folder, realRoot: realRoot, depth: 0, files: &files, diagnostics: &diagnostics)
        files.sort()
        return (files, diagnostics)
    }

    private func walk(
        _ relative: String, top: String, realRoot: String, depth: Int, files: inout [String],
        diagnostics: inout [Diagnostic]
    ) {
        let folder = siteRoot + "/" + relative
        let entries: [DirectoryEntry]
        do {
            entries = try DirectoryListing.entries(of: folder)
        } catch {
            if relative != top || error.code != ENOENT {
                diagnostics.append(
                    Diagnostic(at: SourceLocation(path: relative), "cannot read folder: \(error.reason)"))
            }
            return
        }
        for entry in entries where !skips(entry.name) {
            let path = "\(relative)/\(entry.name)"
            var isFolder = entry.kind == .folder
            if entry.kind == .symlink {
                guard let real = DirectoryListing.realPath(siteRoot + "/" + path) else {
                    diagnostics.append(Diagnostic(at: SourceLocation(path: path), "broken symbolic link"))
                    continue
                }
                guard real == realRoot || real.hasPrefix(realRoot + "/") else {
                    diagnostics.append(
                        Diagnostic(
                            at: SourceLocation(path: path), "symbolic link leads outside the site folder (to \(real))"))
                    continue
                }
                isFolder = DirectoryListing.isFolder(real)
                if !isFolder && !DirectoryListing.isFile(real) {
                    diagnostics.append(
                        Diagnostic(.warning, at: SourceLocation(path: path), "not a regular file; ignored"))
                    continue
                }
            } else if entry.kind == .other {
                diagnostics.append(Diagnostic(.warning, at: SourceLocation(path: path), "not a regular file; ignored"))
                continue
            }
            if isFolder {
                guard depth < 32 else {
                    diagnostics.append(Diagnostic(at: SourceLocation(path: path), "folders are nested too deeply"))
                    continue
                }
                walk(path, top: top, realRoot: realRoot, depth: depth + 1, files: &files, diagnostics: &diagnostics)
            } else {
                files.append(path)
            }
        }
    }
}
