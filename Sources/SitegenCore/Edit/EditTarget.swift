/// The content file an edit is about: where it is, its path in the site, and how it is read.
package struct EditTarget: Sendable, Hashable {
    /// The file's path as found (absolute or relative to the current folder); may be a link.
    package let path: String
    /// The path relative to the site folder, as messages show it: `content/posts/hello.md`.
    package let sitePath: String
    /// Which model reads the file.
    package let kind: ContentKind
    /// The item's id (the page path for plain pages).
    package let slug: String

    /// The file at `sitePath` (`content/…/name.md`) in the site at `siteRoot`; it need not exist yet.
    /// `collections` names the collections site.yml declares: a file in one of their folders is an item.
    package init(siteRoot: String, sitePath: String, collections: Set<String> = []) throws(EditFailure) {
        guard sitePath.hasPrefix("content/"), sitePath.hasSuffix(".md") else {
            throw .failed("\(sitePath) is not a Markdown file in content/")
        }
        let name = String(sitePath.dropFirst("content/".count).dropLast(".md".count))
        switch ContentKind.of(contentName: name, collections: collections) {
        case .success(let found):
            kind = found.kind
            slug = found.slug
        case .failure(let problem):
            throw .refused(at: SourceLocation(path: sitePath), problem.message)
        }
        path = siteRoot + "/" + sitePath
        self.sitePath = sitePath
    }

    /// Finds the file a user named: a path (absolute, or relative to
    /// `currentFolder`), or a name under the site's `content/` such as
    /// `posts/hello` or `content/posts/hello.md`, with or without `.md`. What it is
    /// read as follows site.yml's collections (an item of `events` in `content/events/`).
    package static func locate(_ file: String, siteRoot: String, currentFolder: String) throws(EditFailure)
        -> EditTarget
    {
        let content = siteRoot + "/content"
        guard let realContent = DirectoryListing.realPath(content), DirectoryListing.isFolder(realContent) else {
            throw .failed(
                "\(siteRoot) has no content/ folder; is this a sitegen site? (give its folder with --site DIR)")
        }
        let bases = file.hasPrefix("/") ? [""] : [currentFolder + "/", content + "/", siteRoot + "/"]
        let found = bases.flatMap { [$0 + file, $0 + file + ".md"] }.filter(DirectoryListing.isFile)
        // A path may exist outside content/ too (a README beside it); the one inside wins.
        let inside = found.compactMap { path in Self.place(of: path, in: realContent) }
        guard let (path, relativeFolder, name) = inside.first(where: { $0.name.hasSuffix(".md") }) ?? inside.first
        else {
            if found.isEmpty {
                throw .failed(
                    "no content file \"\(file)\" in \(content)/; name it like posts/hello or content/posts/hello.md")
            }
            // A file of the site's own folder reached through a link out of it: say which link.
            for path in found where path.hasPrefix(siteRoot + "/") {
                let sitePath = String(path.dropFirst(siteRoot.count + 1))
                if let target = try? EditTarget(siteRoot: siteRoot, sitePath: sitePath) {
                    try ContentEditor.checkInsideSite(target, siteRoot: siteRoot)
                }
            }
            throw .failed("\(file) is not in the site's content/ folder (\(content)/)")
        }
        guard name.hasSuffix(".md") else { throw .failed("\(file) is not a Markdown (.md) file") }
        let target = try EditTarget(
            siteRoot: siteRoot, sitePath: "content" + relativeFolder + "/" + name,
            collections: declaredCollections(siteRoot: siteRoot, folder: relativeFolder))
        return EditTarget(path: path, sitePath: target.sitePath, kind: target.kind, slug: target.slug)
    }

    /// The collections site.yml declares, for a file in `folder` (relative to the content folder,
    /// `""` or `/events/spring`). When site.yml has errors, which collections it declares is not
    /// known: a file outside the built-in kinds' folders would be taken for a plain page, so its
    /// edit is refused with site.yml's errors; the built-in kinds do not depend on them.
    private static func declaredCollections(siteRoot: String, folder: String) throws(EditFailure) -> Set<String> {
        do {
            return try ContentCreator(siteRoot: siteRoot).collections().declaredNames
        } catch {
            let section = folder.split(separator: "/").first.map(String.init)
            guard let section, !ContentKind.bundleSections.contains(section) else { return [] }
            throw error
        }
    }

    /// The path, its folder relative to the content folder (`""` or `/posts`) and its name, when it is inside.
    private static func place(of path: String, in realContent: String) -> (path: String, folder: String, name: String)?
    {
        let slash = path.lastIndex(of: "/")!
        guard let realFolder = DirectoryListing.realPath(String(path[..<slash])),
            realFolder == realContent || realFolder.hasPrefix(realContent + "/")
        else { return nil }
        return (path, String(realFolder.dropFirst(realContent.count)), String(path[path.index(after: slash)...]))
    }

    private init(path: String, sitePath: String, kind: ContentKind, slug: String) {
        self.path = path
        self.sitePath = sitePath
        self.kind = kind
        self.slug = slug
    }
}
