/// The site's settings from `site.yml`.
public struct SiteSettings: ContentModel, Sendable {
    /// One link of the navigation bar.
    public struct NavLink: Sendable, Hashable {
        /// The link's text.
        public var title: String
        /// Where it goes: a site path like `/posts/` or a full URL.
        public var url: String
    }

    /// The site's name, shown in every page's header and title.
    public var title: String
    /// One line about the site, for the home page and feeds.
    public var description: String?
    /// The username `sitegen new post` writes when none is given (`default_username`); checked like a post's username.
    public var defaultUsername: String?
    /// The URL the site is published at, ending in `/` (e.g. `https://example.org/club/`).
    public var baseURL: String
    /// The BCP 47 language of the content, for `<html lang>`.
    public var language: String
    /// The navigation bar; defaults to every section.
    public var nav: [NavLink]
    /// A link template for "edit this page", with `{path}` replaced by the file's path in the site.
    public var editLink: String?
    /// Let Markdown keep raw HTML and unsafe links (off by default).
    public var allowsUnsafeHTML: Bool
    /// Output files sitegen never deletes (besides `.git` and `CNAME`).
    public var keep: [String]
    /// Content files larger than this many bytes are refused.
    public var maxFileSize: Int

    public static let kindName = "site.yml"
    public static let immutableFields: Set<String> = []
    public static let requiredFields: Set<String> = ["title"]
    public static let valueKinds: [String: FieldValueKind] = ["unsafe_html": .flag, "max_file_size": .wholeNumber]
    /// The default `max_file_size`: 10 MB.
    public static let defaultMaxFileSize = 10_000_000

    /// The links shown when `site.yml` has no `nav`.
    public static let defaultNav = [
        NavLink(title: "Home", url: "/"),
        NavLink(title: "Forum", url: "/posts/"),
        NavLink(title: "Menu", url: "/menu/"),
        NavLink(title: "Profiles", url: "/profiles/"),
        NavLink(title: "Counter", url: "/counter/"),
        NavLink(title: "Primes", url: "/primes/"),
    ]

    public static func read(_ fields: inout FieldReader, slug: String) -> SiteSettings? {
        let title = fields.requiredText("title")
        let description = fields.optionalText("description")
        let defaultUsername = fields.document.fields?["default_username"] == nil ? nil : fields.requiredText("default_username")
        var baseURL = fields.optionalText("base_url") ?? "/"
        if !baseURL.hasSuffix("/") { baseURL += "/" }
        let language = fields.optionalText("language") ?? "en"
        let nav = readNav(&fields)
        let editLink = fields.optionalText("edit_link")
        let unsafe = fields.flag("unsafe_html", default: false)
        let keep = fields.textList("keep")
        let maxFileSize = fields.wholeNumber("max_file_size", meaning: "a size in bytes", minimum: 1)
        guard let title else { return nil }
        return SiteSettings(
            title: title, description: description, defaultUsername: defaultUsername, baseURL: baseURL,
            language: language, nav: nav ?? defaultNav,
            editLink: editLink, allowsUnsafeHTML: unsafe, keep: keep,
            maxFileSize: maxFileSize ?? defaultMaxFileSize)
    }

    private static func readNav(_ fields: inout FieldReader) -> [NavLink]? {
        guard let node = fields.node("nav") else { return nil }
        guard case .sequence(let items, _) = node.content else {
            fields.report("nav must be a list of links with title and url, found \(node.kindName)", at: node)
            return nil
        }
        var links: [NavLink] = []
        for item in items {
            guard let title = item["title"]?.scalarText, let url = item["url"]?.scalarText else {
                fields.report("each nav link needs a title and a url, like {title: Forum, url: /posts/}", at: item)
                continue
            }
            links.append(NavLink(title: title, url: url))
        }
        return links
    }

    /// The path part of the base URL: `/club/` for `https://example.org/club/`.
    public var rootPath: String {
        guard let scheme = baseURL.range(of: "://") else { return baseURL.hasPrefix("/") ? baseURL : "/" + baseURL }
        let afterHost = baseURL[scheme.upperBound...].firstIndex(of: "/").map { String(baseURL[$0...]) }
        return afterHost ?? "/"
    }

    /// Settings with defaults, for a site without `site.yml` (tests and `render`).
    public static func defaults(title: String) -> SiteSettings {
        SiteSettings(
            title: title, description: nil, baseURL: "/", language: "en", nav: defaultNav, editLink: nil,
            allowsUnsafeHTML: false, keep: [], maxFileSize: defaultMaxFileSize)
    }
}
