/// Finds the files a site publishes as they are: everything in `static/`,
/// and the files beside pages in `content/`. A file in an item's folder
/// (`content/posts/<slug>/…`) is published with its item, so a draft's
/// images stay out with it; one in the folder of no item at all is ignored, with a warning.
struct PublishedFiles {
    let siteRoot: String
    let maxFileSize: Int

    /// The published files, sorted by output path (then source), and the problems found.
    func find(contentFiles: [String], content: SiteContent, markdownFiles: [ContentFile]) -> (
        files: [PublishedFile], diagnostics: [Diagnostic]
    ) {
        let walk = SiteFolderWalk(siteRoot: siteRoot, skips: Self.skipsInStatic).files(under: "static")
        var diagnostics = walk.diagnostics
        var files: [PublishedFile] = []
        for source in walk.files {
            files.append(contentsOf: file(source, output: String(source.dropFirst("static/".count)), &diagnostics))
        }
        // Only a site with files beside its content files needs to know its items' folders.
        let collections = content.settings.collections.declaredNames
        let (published, items): (Set<String>, Set<String>) =
            contentFiles.isEmpty
            ? ([], [])
            : (
                Set(
                    content.posts.map { "posts/" + $0.slug } + content.menu.map { "menu/" + $0.slug }
                        + content.profiles.map { "profiles/" + $0.slug }
                        + content.items.values.joined().map { $0.collection + "/" + $0.slug }),
                Set(
                    markdownFiles.compactMap {
                        Self.itemFolder(of: $0.path, markdown: true, collections: collections)
                    })
            )
        for source in contentFiles {
            if let folder = Self.itemFolder(of: source, markdown: false, collections: collections) {
                guard items.contains(folder) else {
                    let (section, slug) = (folder.prefix { $0 != "/" }, folder.drop { $0 != "/" }.dropFirst())
                    diagnostics.append(
                        Diagnostic(
                            .warning, at: SourceLocation(path: source),
                            "this file is in the folder of no item (content/\(section)/\(slug)/index.md or content/\(section)/\(slug).md); ignored"
                        ))
                    continue
                }
                guard published.contains(folder) else { continue }  // A draft's, or a future post's.
            }
            files.append(contentsOf: file(source, output: String(source.dropFirst("content/".count)), &diagnostics))
        }
        files.sort {
            $0.output != $1.output
                ? $0.output.precedesByBytes($1.output)
                : $0.source.precedesByBytes($1.source)
        }
        return (files, diagnostics)
    }

    /// The file to publish, or none (with why) when it is unreadable or too large.
    private func file(_ source: String, output: String, _ diagnostics: inout [Diagnostic]) -> [PublishedFile] {
        guard let status = FileStatus(path: siteRoot + "/" + source) else {
            diagnostics.append(
                Diagnostic(
                    at: SourceLocation(path: source), "cannot read file: \(FileSystemError(path: source).reason)"))
            return []
        }
        guard status.size <= maxFileSize else {
            diagnostics.append(
                Diagnostic(
                    at: SourceLocation(path: source),
                    "file is \(status.size) bytes, larger than max_file_size (\(maxFileSize)); raise max_file_size in site.yml if this is intended"
                ))
            return []
        }
        return [PublishedFile(source: source, output: output, status: status)]
    }

    /// `posts/<slug>` for a file inside an item's folder (`content/posts/<slug>/…`), or for an
    /// item's Markdown file itself (`content/posts/<slug>.md`, `content/posts/<slug>/index.md`) when `markdown`.
    /// `collections` names the declared collections, whose items are folders too.
    static func itemFolder(of path: String, markdown: Bool, collections: Set<String> = []) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "content",
            ContentKind.bundleSections.contains(String(parts[1])) || collections.contains(String(parts[1]))
        else {
            return nil
        }
        if markdown {
            if parts.count == 3, parts[2].hasSuffix(".md") { return "\(parts[1])/\(parts[2].dropLast(3))" }
            if parts.count == 4, parts[3] == "index.md" { return "\(parts[1])/\(parts[2])" }
            return nil
        }
        return parts.count >= 4 ? "\(parts[1])/\(parts[2])" : nil
    }

    /// Names `static/` leaves out: editors' temp files and version control. Other
    /// hidden files are published (`.nojekyll`, `.well-known/`).
    @Sendable static func skipsInStatic(_ name: String) -> Bool {
        name == ".git" || name == ".DS_Store" || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swo")
            || (name.hasPrefix("#") && name.hasSuffix("#")) || name.hasPrefix(".#")
            || (name.hasPrefix(".") && name.hasSuffix(".tmp"))
    }
}
