// Where each item's source file sits in the site: the one place that spells it.

extension Post {
    /// `content/posts/<slug>.md`.
    public var sourcePath: String { "content/posts/\(slug).md" }
}

extension MenuItem {
    /// `content/menu/<slug>.md`.
    public var sourcePath: String { "content/menu/\(slug).md" }
}

extension Profile {
    /// `content/profiles/<slug>.md`.
    public var sourcePath: String { "content/profiles/\(slug).md" }
}

extension PlainPage {
    /// `content/<slug>.md` (`slug` may hold folders: `guides/setup`).
    public var sourcePath: String { "content/\(slug).md" }
}

extension PrimesPage {
    /// The one primes page: `content/primes.md`.
    public static let sourcePath = "content/primes.md"
}

extension SiteContent {
    /// The source files of a collection's items, in the order the site shows them.
    public func sourcePaths(of collection: SiteDependencies.Collection) -> [String] {
        switch collection {
        case .posts: return posts.map(\.sourcePath)
        case .menu: return menu.map(\.sourcePath)
        case .profiles: return profiles.map(\.sourcePath)
        case .pages: return pages.map(\.sourcePath)
        case .primes: return primes == nil ? [] : [PrimesPage.sourcePath]
        }
    }
}
