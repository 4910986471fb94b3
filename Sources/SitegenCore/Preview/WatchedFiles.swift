/// What the preview watches, as `stat` sees it: `site.yml` and every file under
/// `content/`, `templates/`, `static/` and `data/` (editors' temporary files left out,
/// as the build leaves them out). Two scans differ exactly when a file was
/// added, removed, replaced (a new inode: write-temp-and-rename) or written.
struct WatchedFiles: Equatable, Sendable {
    /// Each file's status, by path relative to the site.
    var files: [String: FileStatus] = [:]
    /// The watched folders that exist, relative to the site (not compared: a folder matters by its files).
    var folders: [String] = []

    static func == (left: WatchedFiles, right: WatchedFiles) -> Bool { left.files == right.files }

    /// The folders watched besides `site.yml`.
    static let folders = ["content", "templates", "static", "data"]

    /// Scans the site at `siteRoot` now.
    static func scan(_ siteRoot: String) -> WatchedFiles {
        var scan = WatchedFiles()
        if let status = FileStatus(path: siteRoot + "/site.yml") { scan.files["site.yml"] = status }
        for folder in folders { scan.walk(siteRoot, folder, depth: 0) }
        return scan
    }

    /// Looks again at the given paths (relative to the site) and only at them:
    /// each one's file is stated again, or, for a folder, its whole tree walked
    /// again; one that is gone takes whatever was under it along. Paths outside
    /// what is watched are passed over. Returns the folders walked, to be watched.
    @discardableResult
    mutating func refresh(_ paths: Set<String>, siteRoot: String) -> [String] {
        var walked: [String] = []
        for path in paths.sorted() where Self.isWatched(path) {
            files[path] = nil
            if folders.contains(path) {
                let inside = path + "/"
                files = files.filter { !$0.key.hasPrefix(inside) }
                folders.removeAll { $0 == path || $0.hasPrefix(inside) }
            }
            switch DirectoryListing.linkKind(of: siteRoot + "/" + path) {
            case .folder? where path != "site.yml":
                let start = folders.count
                walk(siteRoot, path, depth: path.split(separator: "/").count - 1)
                walked += folders[start...]
            case .file?, .symlink?:
                let name = String(path.split(separator: "/").last ?? "")
                if path == "site.yml" {
                    files[path] = FileStatus(path: siteRoot + "/" + path)  // As `scan` sees it.
                } else if !ContentScanner.isTemporary(name) {
                    files[path] = Self.status(siteRoot + "/" + path)
                }
            default: continue
            }
        }
        return walked
    }

    /// The paths added, removed or changed between these files and `later`.
    func changedPaths(to later: WatchedFiles) -> Set<String> {
        var changed: Set<String> = []
        var kept = 0  // Paths in both: when all of these are, none is gone.
        for (path, status) in later.files {
            guard let old = files[path] else {
                changed.insert(path)
                continue
            }
            kept += 1
            if old != status { changed.insert(path) }
        }
        if kept < files.count { changed.formUnion(files.keys.filter { later.files[$0] == nil }) }
        return changed
    }

    /// A file's status; a link to nothing has one that no file has.
    private static func status(_ path: String) -> FileStatus {
        FileStatus(path: path) ?? FileStatus(size: -1, modified: 0, changed: 0, inode: 0)
    }

    /// Whether a path relative to the site is `site.yml` or in a watched folder.
    private static func isWatched(_ path: String) -> Bool {
        path == "site.yml" || folders.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Adds the files under one folder; links are followed to files, never into folders.
    private mutating func walk(_ siteRoot: String, _ relative: String, depth: Int) {
        guard depth < 32, let entries = try? DirectoryListing.entries(of: siteRoot + "/" + relative) else { return }
        folders.append(relative)
        for entry in entries where !ContentScanner.isTemporary(entry.name) {
            let path = relative + "/" + entry.name
            switch entry.kind {
            case .folder: walk(siteRoot, path, depth: depth + 1)
            case .file, .symlink:
                files[path] = Self.status(siteRoot + "/" + path)
            case .other: continue
            }
        }
    }
}
