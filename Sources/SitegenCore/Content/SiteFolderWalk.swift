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
        var walk = Walk(realRoot: DirectoryListing.realPath(siteRoot) ?? siteRoot, top: folder)
        if let identity = FileIdentity(path: siteRoot + "/" + folder) { walk.walked[identity] = folder }
        self.walk(folder, depth: 0, ancestors: [], &walk)
        walk.files.sort()
        return (walk.files, walk.diagnostics)
    }

    /// What a walk gathers on its way down.
    private struct Walk {
        let realRoot: String
        let top: String
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        /// Every folder walked, by identity, with the path it was walked as: a link to one
        /// of them is not followed, so links can neither loop nor make the walk grow without end.
        var walked: [FileIdentity: String] = [:]
    }

    private func walk(_ relative: String, depth: Int, ancestors: Set<FileIdentity>, _ walk: inout Walk) {
        let folder = siteRoot + "/" + relative
        let entries: [DirectoryEntry]
        do {
            entries = try DirectoryListing.entries(of: folder)
        } catch {
            if relative != walk.top || error.code != ENOENT {
                walk.diagnostics.append(
                    Diagnostic(at: SourceLocation(path: relative), "cannot read folder: \(error.reason)"))
            }
            return
        }
        var ancestors = ancestors
        if let identity = FileIdentity(path: folder) { ancestors.insert(identity) }
        for entry in entries where !skips(entry.name) {
            let path = "\(relative)/\(entry.name)"
            if let bytes = entry.invalidName {
                walk.diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(path: relative + "/" + DiagnosticText.escaped(bytes)),
                        "this name is not valid UTF-8; rename it"))
                continue
            }
            var isFolder = entry.kind == .folder
            if entry.kind == .symlink {
                guard let real = DirectoryListing.realPath(siteRoot + "/" + path) else {
                    walk.diagnostics.append(
                        Diagnostic(at: SourceLocation(path: path), "broken symbolic link"))
                    continue
                }
                guard real == walk.realRoot || real.hasPrefix(walk.realRoot + "/") else {
                    walk.diagnostics.append(
                        Diagnostic(
                            at: SourceLocation(path: path), "symbolic link leads outside the site folder (to \(real))"))
                    continue
                }
                isFolder = DirectoryListing.isFolder(real)
                if !isFolder && !DirectoryListing.isFile(real) {
                    walk.diagnostics.append(
                        Diagnostic(.warning, at: SourceLocation(path: path), "not a regular file; ignored"))
                    continue
                }
                if isFolder, let identity = FileIdentity(path: real), let seen = walk.walked[identity] {
                    let problem =
                        ancestors.contains(identity)
                        ? "symbolic link loop: this link leads back to \(seen), which holds it"
                        : "symbolic link leads to \(seen), which is read already; a folder is read once"
                    walk.diagnostics.append(Diagnostic(at: SourceLocation(path: path), problem))
                    continue
                }
            } else if entry.kind == .other {
                walk.diagnostics.append(
                    Diagnostic(.warning, at: SourceLocation(path: path), "not a regular file; ignored"))
                continue
            }
            if isFolder {
                guard depth < 32 else {
                    walk.diagnostics.append(Diagnostic(at: SourceLocation(path: path), "folders are nested too deeply"))
                    continue
                }
                if let identity = FileIdentity(path: siteRoot + "/" + path) { walk.walked[identity] = path }
                self.walk(path, depth: depth + 1, ancestors: ancestors, &walk)
            } else {
                walk.files.append(path)
            }
        }
    }
}
