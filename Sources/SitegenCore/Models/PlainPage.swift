/// Any other Markdown page: `content/about.md` → `/about/`; `content/index.md` is the home page.
public struct PlainPage: ContentModel, Sendable, Equatable {
    /// The page's path under `content/` without `.md`, e.g. `about` or `guides/setup`.
    public var slug: String
    /// The page title; defaults to the slug.
    public var title: String?
    /// A one-line summary for the page's `<meta name="description">`.
    public var description: String?
    /// The Markdown body.
    public var body: String
    /// Addresses the page had before (`aliases:`), each redirecting to it.
    public var aliases: [String] = []
    /// `layout:`, the template its page renders with instead of `page` (`home` for the home page).
    public var layout: PageLayout? = nil
    /// `updated:`, when it was last changed (the sitemap's `lastmod`).
    public var updated: ContentDate? = nil

    public static let kindName = "a page"
    public static let immutableFields: Set<String> = []
    public static let requiredFields: Set<String> = []
    public static let valueKinds: [String: FieldValueKind] = ["aliases": .textList]

    public static func read(_ fields: inout FieldReader, slug: String) -> PlainPage? {
        let title = fields.optionalText("title")
        let description = fields.optionalText("description")
        let aliases = fields.aliases()
        let layout = fields.layout()
        var page = PlainPage(
            slug: slug, title: title, description: description, body: fields.document.body, aliases: aliases,
            layout: layout)
        page.updated = fields.date("updated")
        return page
    }
}

/// A page as the source cache keeps it (`StoredModel`): every field but the body.
extension PlainPage: StoredModel {
    static var blank: PlainPage { PlainPage(slug: "", title: nil, description: nil, body: "") }

    mutating func walkStoredFields(_ record: inout some StoredRecord) {
        record.text(&slug)
        record.optionalText(&title)
        record.optionalText(&description)
        record.texts(&aliases)
        record.layout(&layout)
        record.date(&updated)
    }
}
