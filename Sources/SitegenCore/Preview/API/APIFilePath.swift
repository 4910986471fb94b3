/// A content file named by an API request, checked before anything touches the
/// file system: a relative path under `content/` with plain names only (no `.`
/// or `..`, no empty name, no backslash or control character), a Markdown file
/// of a kind the preview edits (post, menu item, profile, an item of a collection
/// site.yml declares, the primes page), and
/// no symbolic link on the way to it.
enum APIFilePath {
    /// The kinds of content the preview edits; plain pages are left to the editor.
    static let editableKinds: Set<ContentKind> = [.post, .menuItem, .profile, .primes]

    /// The target for `path` in the site whose real path is `siteRoot`, or the refusal to send.
    static func target(_ path: String, siteRoot: String, mustExist: Bool = true) throws(APIRefusal) -> EditTarget {
        let names = path.split(separator: "/", omittingEmptySubsequences: false)
        let plain = names.allSatisfy { name in
            !name.isEmpty && name != "." && name != ".."
                && !name.unicodeScalars.contains { $0 == "\\" || $0.properties.generalCategory == .control }
        }
        guard plain, names.first == "content", path.hasSuffix(".md") else {
            throw APIRefusal(400, "\"\(path)\" is not a content file's path like content/posts/hello.md")
        }
        let target: EditTarget
        do {
            target = try EditTarget(
                siteRoot: siteRoot, sitePath: path,
                collections: ContentEditor(siteRoot: siteRoot).collections.declaredNames)
        } catch {
            throw APIRefusal(error)
        }
        guard editableKinds.contains(target.kind) || isItem(target.kind) else {
            throw APIRefusal(
                403,
                "the preview edits posts, menu items, profiles, the items of site.yml's collections and content/primes.md, not \(path)"
            )
        }
        let folder = String(path[..<path.lastIndex(of: "/")!])
        guard let realFolder = DirectoryListing.realPath(siteRoot + "/" + folder) else {
            if mustExist { throw APIRefusal(404, "there is no \(path)") }
            return target
        }
        guard realFolder == siteRoot + "/" + folder else {
            throw APIRefusal(403, "refused: \(folder)/ is reached through a symbolic link")
        }
        guard let real = DirectoryListing.realPath(target.path) else {
            if mustExist { throw APIRefusal(404, "there is no \(path)") }
            return target
        }
        guard real == target.path, DirectoryListing.isFile(real) else {
            throw APIRefusal(403, "refused: \(path) is a symbolic link or not a file")
        }
        return target
    }

    /// Whether `kind` is an item of a collection site.yml declares.
    private static func isItem(_ kind: ContentKind) -> Bool {
        if case .item = kind { return true }
        return false
    }
}
