import Foundation

/// The site's settings from `site.yml`.
package struct SiteSettings: ContentModel, Sendable {
    /// One link of the navigation bar.
    package struct NavLink: Sendable, Hashable {
        /// The link's text.
        package var title: String
        /// Where it goes: a site path like `/posts/` or a full URL.
        package var url: String
        /// Where `site.yml` gives the URL, for a broken link's message; `nil` for the default navigation.
        package var location: SourceLocation? = nil
    }

    /// The site's name, shown in every page's header and title.
    package var title: String
    /// One line about the site, for the home page and feeds.
    package var description: String?
    /// The username `sitegen new post` writes when none is given (`default_username`); checked like a post's username.
    package var defaultUsername: String?
    /// The URL the site is published at (e.g. `https://example.org/club/`).
    package var baseURL: BaseURL
    /// The BCP 47 language of the content, for `<html lang>`.
    package var language: String
    /// The navigation bar; `nil` when `site.yml` has none (then it lists the site's sections).
    package var nav: [NavLink]?
    /// Where `base_url` is written (the file's start when it is not).
    package var baseURLLocation = SourceLocation(path: "site.yml", line: 1, column: 1)
    /// The zone dates written without an offset are read in (`timezone:`, an IANA name; UTC by default).
    package var timeZone: TimeZone = .utc
    /// The theme's words replaced by `site.yml` (`strings:`), by key.
    package var strings: [String: String] = [:]
    /// The GitHub Markdown extensions in use (`markdown:` switches each off; all on by default).
    package var markdownExtensions: MarkdownExtensions = .all
    /// A link template for "edit this page", with `{path}` replaced by the file's path in the site.
    package var editLink: String?
    /// Broken internal links are warnings rather than errors (`links: warn`, for moving a site over).
    package var warnsOfBrokenLinks = false
    /// Where pages with a ```` ```mermaid ```` diagram load mermaid from (`mermaid: {script: URL}`); without it
    /// a diagram is a code block.
    package var mermaidScript: String?
    /// What becomes of raw HTML in Markdown (`unsafe_html:`; left out when not set).
    package var rawHTML: RawHTMLPolicy = .omitted
    /// Markdown keeps raw HTML and unsafe links as written (`unsafe_html: true`).
    package var allowsUnsafeHTML: Bool { rawHTML == .kept }
    /// Output files sitegen never deletes (besides `.git` and `CNAME`).
    package var keep: [String]
    /// Content and static files larger than this many bytes are refused.
    package var maxFileSize: Int
    /// Posts per page of the posts list, each tag page and each author page; 0 for one page each.
    package var paginate = 20
    /// The built-in kinds with the fields `collections:` adds, and the collections it declares.
    package var collections = SiteCollections()
    /// `image:`, the picture link previews show of a page that has none of its own: a file the site
    /// publishes (`/img/card.png`, from `static/`) or an absolute URL.
    package var image: ImageReference?
    /// `lastmod: git`: each content file's `updated` date is its last commit's, where it has one.
    package var lastModifiedFromGit = false
    /// Where `lastmod` is written, for the warnings of a site outside git.
    package var lastModifiedLocation = SourceLocation(path: "site.yml", line: 1, column: 1)
    /// How local photos are published: widths, quality, metadata (`images:`).
    package var images = ImageSettings()

    package static let kindName = "site.yml"
    package static let immutableFields: Set<String> = []
    package static let requiredFields: Set<String> = ["title"]
    package static let valueKinds: [String: FieldValueKind] = [
        "max_file_size": .wholeNumber, "paginate": .wholeNumber,
    ]
    /// The default `max_file_size`: 10 MB.
    package static let defaultMaxFileSize = 10_000_000

    package static func read(_ fields: inout FieldReader, slug: String) -> SiteSettings? {
        let title = fields.requiredText("title")
        let description = fields.optionalText("description")
        let defaultUsername =
            fields.document.fields?["default_username"] == nil ? nil : fields.requiredText("default_username")
        let baseURL = readBaseURL(&fields)
        let baseURLLocation = fields.node("base_url").map { fields.document.location(of: $0.start) }
        let timeZone = readTimeZone(&fields)
        let strings = readStrings(&fields)
        let extensions = readMarkdown(&fields)
        let language = readLanguage(&fields)
        let nav = readNav(&fields)
        let editLink = fields.optionalText("edit_link")
        let rawHTML = readRawHTML(&fields)
        let mermaidScript = readMermaid(&fields)
        let keep = fields.textList("keep")
        let maxFileSize = fields.wholeNumber("max_file_size", meaning: "a size in bytes", minimum: 1)
        let paginate = fields.wholeNumber(
            "paginate", meaning: "a number of posts per page (0 for one page)", minimum: 0)
        let warnsOfBrokenLinks = readLinks(&fields)
        let collections = CollectionDeclarations.read(&fields)
        let image = readImage(&fields)
        let lastModified = readLastModified(&fields)
        let images = ImageSettings.read(&fields)
        guard let title else { return nil }
        var settings = SiteSettings(
            title: title, description: description, defaultUsername: defaultUsername, baseURL: baseURL,
            language: language, nav: nav,
            editLink: editLink, keep: keep,
            maxFileSize: maxFileSize ?? defaultMaxFileSize)
        if let baseURLLocation { settings.baseURLLocation = baseURLLocation }
        settings.timeZone = timeZone
        settings.strings = strings
        settings.markdownExtensions = extensions
        if let paginate { settings.paginate = paginate }
        settings.warnsOfBrokenLinks = warnsOfBrokenLinks
        settings.rawHTML = rawHTML
        settings.mermaidScript = mermaidScript
        settings.collections = collections
        settings.image = image
        if let lastModified {
            settings.lastModifiedFromGit = true
            settings.lastModifiedLocation = lastModified
        }
        settings.images = images
        return settings
    }

    /// `image: /img/card.png` (or `https://…`), checked against the published files by the model.
    private static func readImage(_ fields: inout FieldReader) -> ImageReference? {
        guard let node = fields.node("image"), let written = fields.optionalText("image") else { return nil }
        let location = fields.document.location(of: node.start)
        return ImageReference(source: written, line: location.line ?? 0, column: location.column ?? 0)
    }

    /// `lastmod: git`: where it is written, or `nil` when it is not.
    private static func readLastModified(_ fields: inout FieldReader) -> SourceLocation? {
        guard let node = fields.node("lastmod") else { return nil }
        guard node.scalarText == "git" else {
            fields.report(
                "lastmod must be git (each content file's last commit date), got \(FieldReader.quoted(node)); "
                    + "leave it out to use the updated field", at: node)
            return nil
        }
        return fields.document.location(of: node.start)
    }

    /// `language: en`: a BCP 47 tag, which goes into every page's `lang` and picks the theme's words.
    private static func readLanguage(_ fields: inout FieldReader) -> String {
        guard let node = fields.node("language"), let tag = fields.optionalText("language") else { return "en" }
        guard !LanguageTag.isWellFormed(tag) else { return tag }
        let hint = LanguageTag.suggestion(for: tag).map { "; did you mean \"\($0)\"?" } ?? ""
        fields.report(
            "language must be a BCP 47 language tag such as en, ko or en-GB (the built-in theme has words for en and "
                + "ko), got \(FieldReader.quoted(node))\(hint)", at: node)
        return "en"
    }

    /// `unsafe_html: false | safe | true`.
    private static func readRawHTML(_ fields: inout FieldReader) -> RawHTMLPolicy {
        guard let node = fields.node("unsafe_html") else { return .omitted }
        switch node.scalarValue {
        case .bool(false): return .omitted
        case .bool(true): return .kept
        default:
            guard node.scalarText == "safe" else {
                fields.report(
                    "unsafe_html must be false (raw HTML left out), safe (harmless HTML kept) or true (all kept), "
                        + "got \(FieldReader.quoted(node))", at: node)
                return .omitted
            }
            return .safe
        }
    }

    /// `links: error` (the default) or `links: warn`: what a broken internal link is.
    private static func readLinks(_ fields: inout FieldReader) -> Bool {
        guard let node = fields.node("links") else { return false }
        switch node.scalarText {
        case "error": return false
        case "warn": return true
        default:
            fields.report(
                "links must be error or warn (what a broken internal link is), got \(FieldReader.quoted(node))",
                at: node)
            return false
        }
    }

    /// `markdown: {tables: false, …}`: each GitHub extension switched on or off.
    private static func readMarkdown(_ fields: inout FieldReader) -> MarkdownExtensions {
        guard let node = fields.node("markdown") else { return .all }
        let names = MarkdownExtensions.names.map(\.name).joined(separator: ", ")
        guard let pairs = node.pairs else {
            fields.report(
                "markdown must be a mapping of extensions to true or false (\(names)), found \(node.kindName)", at: node
            )
            return .all
        }
        var extensions = MarkdownExtensions.all
        for pair in pairs {
            guard let name = pair.key.scalarText, let known = MarkdownExtensions.names.first(where: { $0.name == name })
            else {
                fields.report(
                    "markdown has no extension \(FieldReader.quoted(pair.key)); they are \(names)", at: pair.key)
                continue
            }
            guard case .bool(let on) = pair.value.scalarValue else {
                fields.report(
                    "markdown.\(name) must be true or false, got \(FieldReader.quoted(pair.value))", at: pair.value)
                continue
            }
            if on { extensions.insert(known.extension) } else { extensions.remove(known.extension) }
        }
        return extensions
    }

    /// `timezone: Asia/Seoul`: an IANA zone name, or UTC.
    private static func readTimeZone(_ fields: inout FieldReader) -> TimeZone {
        guard let node = fields.node("timezone") else { return .utc }
        guard let name = node.scalarText, let zone = TimeZone(identifier: name == "UTC" || name == "utc" ? "GMT" : name)
        else {
            fields.report(
                "timezone must be an IANA time zone name such as Asia/Seoul, Europe/Berlin or UTC, got \(FieldReader.quoted(node))",
                at: node)
            return .utc
        }
        return zone
    }

    /// `strings:`, a mapping of the theme's string keys to the words to use instead.
    private static func readStrings(_ fields: inout FieldReader) -> [String: String] {
        guard let node = fields.node("strings") else { return [:] }
        guard let pairs = node.pairs else {
            fields.report(
                "strings must be a mapping of string keys to text, like {recent_posts: Latest}, found \(node.kindName)",
                at: node)
            return [:]
        }
        var strings: [String: String] = [:]
        for pair in pairs {
            guard let key = pair.key.scalarText, let text = pair.value.scalarText else {
                fields.report("each of strings must be a key and a text, like recent_posts: Latest", at: pair.value)
                continue
            }
            strings[key] = text
        }
        return strings
    }

    /// `base_url: https://example.org/club/` (or a path, `/club/`); the root when absent.
    private static func readBaseURL(_ fields: inout FieldReader) -> BaseURL {
        guard let written = fields.optionalText("base_url"), let node = fields.node("base_url") else { return .root }
        do {
            return try BaseURL(parsing: written)
        } catch {
            fields.report("base_url \(error.message)", at: node)
            return .root
        }
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
            links.append(
                NavLink(title: title, url: url, location: item["url"].map { fields.document.location(of: $0.start) }))
        }
        return links
    }

    /// The path part of the base URL: `/club/` for `https://example.org/club/`.
    package var rootPath: String { baseURL.path }

    /// Settings with defaults, for a site without `site.yml` (tests and `render`).
    package static func defaults(title: String) -> SiteSettings {
        SiteSettings(
            title: title, description: nil, baseURL: .root, language: "en", nav: nil, editLink: nil,
            keep: [], maxFileSize: defaultMaxFileSize)
    }
}

extension TimeZone {
    /// Coordinated Universal Time.
    static let utc = TimeZone(secondsFromGMT: 0)!
}

/// What becomes of raw HTML written in Markdown: `unsafe_html:` in `site.yml`.
package enum RawHTMLPolicy: Sendable, Hashable {
    /// `false` (the default): left out, with a warning.
    case omitted
    /// `safe`: the harmless elements and attributes kept, the rest left out with a warning at each.
    case safe
    /// `true`: kept as written.
    case kept
}
