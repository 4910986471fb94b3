/// What the preview watches, as `stat` sees it: `site.yml` and every file under
/// `content/`, `templates/` and `static/` (editors' temporary files left out,
/// as the build leaves them out). Two scans differ exactly when a file was
/// added, removed, replaced (a new inode: write-temp-and-rename) or written.
struct WatchedFiles: Equatable, Sendable {
    /// Each file's status, by path relative to the site.
    var files: [String: FileStatus] = [:]
    /// The watched folders that exist, relative to the site (not compared: a folder matters by its files).
    var folders: [String] = []

    static func == (left: WatchedFiles, right: WatchedFiles) -> Bool { left.files == right.files }

    /// The folders watched besides `site.yml`.
    static let folders = ["content", "templates", "static"]

    /// Scans the site at `siteRoot` now.
    static func scan(_ siteRoot: String) -> WatchedFiles {
        var scan = WatchedFiles()
        if let status = FileStatus(path: siteRoot + "/site.yml") { scan.files["site.yml"] = status }
        for folder in folders { scan.walk(siteRoot, folder, depth: 0) }
        return scan
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
                files[path] =
                    FileStatus(path: siteRoot + "/" + path) ?? FileStatus(size: -1, modified: 0, changed: 0, inode: 0)
            case .other: continue
            }
        }
    }
}
