/// Which model a content file is read as, decided by where it sits under `content/`.
package enum ContentKind: Sendable, Hashable {
    /// `content/posts/<slug>.md`, or the page bundle `content/posts/<slug>/index.md`.
    case post
    /// `content/menu/<slug>.md`.
    case menuItem
    /// `content/profiles/<slug>.md`.
    case profile
    /// `content/primes.md`.
    case primes
    /// Any other Markdown file.
    case page
    /// `content/<name>/<slug>.md` (or `<slug>/index.md`) for a collection `site.yml` declares.
    case item(collection: String)

    /// A content file's kind and slug from its name under `content/` without `.md`
    /// (`posts/hello`), or why that file cannot be content. `collections` names the collections
    /// `site.yml` declares (their folders hold their items).
    package static func of(contentName name: String, collections: Set<String> = []) -> Result<
        (kind: ContentKind, slug: String), KindProblem
    > {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let isBundle =
            parts.count == 3 && parts[2] == "index"
            && (bundleSections.contains(parts[0]) || collections.contains(parts[0]))
        let slug = isBundle ? parts[1] : parts.last ?? name
        if let problem = SlugRules.problem(in: slug) {
            return .failure(KindProblem(message: "cannot use this file name as a page address: \(problem)"))
        }
        let section = parts.count > 1 ? parts[0] : nil
        switch (section, parts.count) {
        case ("posts", 2),
            ("posts", 3) where isBundle:
            return .success((.post, slug))
        case ("menu", 2),
            ("menu", 3) where isBundle:
            return .success((.menuItem, slug))
        case ("profiles", 2),
            ("profiles", 3) where isBundle:
            return .success((.profile, slug))
        case (nil, 1) where slug == "primes": return .success((.primes, slug))
        case (let section?, 2) where collections.contains(section),
            (let section?, 3) where isBundle && collections.contains(section):
            return .success((.item(collection: section), slug))
        case (let section?, _) where bundleSections.contains(section) || collections.contains(section):
            return .failure(
                KindProblem(
                    message: "put this file directly in content/\(section)/, or name it index.md in its own folder"
                        + " (content/\(section)/<slug>/index.md)"))
        default: return .success((.page, name))
        }
    }

    /// Why a file under `content/` cannot be read as content.
    package struct KindProblem: Error, Sendable, Hashable {
        /// What is wrong with the file's name or place.
        package var message: String
    }

    /// The sections whose items may be page bundles: a folder with `index.md` and the files it shows.
    static let bundleSections: Set<String> = ["posts", "menu", "profiles"]

    /// The model type that reads this kind. A declared collection's item is read by its schema
    /// (`CollectionItem.load(_:slug:schema:)`); its static rules here know no schema.
    package var model: any ContentModel.Type {
        switch self {
        case .item: return CollectionItem.self
        case .post: return Post.self
        case .menuItem: return MenuItem.self
        case .profile: return Profile.self
        case .primes: return PrimesPage.self
        case .page: return PlainPage.self
        }
    }

    /// The folder under `content/` that holds items of this kind, for kinds created by `sitegen new`.
    package var folder: String? {
        switch self {
        case .post: return "posts"
        case .menuItem: return "menu"
        case .profile: return "profiles"
        case .item(let collection): return collection
        case .primes, .page: return nil
        }
    }

    /// Every problem (and warning) `build` would report for the document read as this kind;
    /// a collection's item is read by its schema in `collections`.
    package func check(_ document: ContentDocument, slug: String, collections: SiteCollections = SiteCollections())
        -> [Diagnostic]
    {
        if case .item(let name) = self {
            guard let schema = collections.schema(named: name) else { return [] }
            return CollectionItem.load(document, slug: slug, schema: schema).diagnostics
        }
        guard let model = model as? any BuiltInKind.Type else { return model.load(document, slug: slug).diagnostics }
        let schema = folder.flatMap { collections.schema(named: $0) } ?? model.builtInSchema
        return model.load(document, slug: slug, schema: schema).diagnostics
    }
}
