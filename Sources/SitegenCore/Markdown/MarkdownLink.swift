/// A link or image of a Markdown text that points into the site, as link
/// resolution found it: where it goes (as a file of the site, not yet checked),
/// and where it is written. The build checks every one against the site's
/// pages and files (`LinkCheck`); nothing here depends on the base URL, so it
/// is kept in the source cache with the file's excerpt.
struct MarkdownLink: Sendable, Hashable {
    /// What the link names.
    enum Target: Sendable, Hashable {
        /// Only a `#fragment`: this page.
        case samePage
        /// A content file's page: `content/posts/b.md`.
        case page(source: String)
        /// A file of the site published as it is: `content/posts/a/photo.jpg`, `static/img/a.png`.
        case file(sitePath: String)
        /// A root-relative address, percent-decoded, without its leading `/`: `about/`, `img/a.png`.
        case address(String)
        /// A file of the site that is not published: outside `content/` and `static/` (`README.md`).
        case unpublished(sitePath: String)
        /// More `..` than there are folders: a path out of the site.
        case climbsOut
    }

    var target: Target
    /// The `#fragment`, percent-decoded; `nil` when there is none.
    var fragment: String?
    /// The destination as written, for messages.
    var written: String
    /// Whether it is an image (`![…](…)`).
    var isImage: Bool
    /// Where it starts: line and column in the file (1-based).
    var line: Int
    var column: Int
}

/// Where a Markdown text's links are resolved from: its file and the path the site lives under.
struct LinkBase: Sendable {
    /// The text's file in the site: `content/posts/a.md`.
    var source: String
    /// The base URL's path, starting and ending with `/`: `/club/`.
    var root: String
    /// The sizes of the site's images, by output path, for `<img width height>`.
    var images: [String: ImageSize] = [:]
    /// The collections `site.yml` declares, whose folders hold items (`events/a/index.md` is the item `a`).
    var collections: Set<String> = []
}
