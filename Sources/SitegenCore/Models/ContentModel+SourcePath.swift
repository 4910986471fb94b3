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
