// Where each item's source file sits in the site: the one place that spells it.

// A post's is kept with its fields (`Post`), from the same spelling.

extension MenuItem {
    /// `content/menu/<slug>.md`, or `content/menu/<slug>/index.md` for a page bundle.
    package var sourcePath: String { isBundle ? "content/menu/\(slug)/index.md" : "content/menu/\(slug).md" }
}

extension Profile {
    /// `content/profiles/<slug>.md`, or `content/profiles/<slug>/index.md` for a page bundle.
    package var sourcePath: String { isBundle ? "content/profiles/\(slug)/index.md" : "content/profiles/\(slug).md" }
}

extension PlainPage {
    /// `content/<slug>.md` (`slug` may hold folders: `guides/setup`).
    package var sourcePath: String { "content/\(slug).md" }
}

extension PrimesPage {
    /// The one primes page: `content/primes.md`.
    package static let sourcePath = "content/primes.md"
}
