/// Any other Markdown page: `content/about.md` → `/about/`; `content/index.md` is the home page.
package struct PlainPage: ContentModel, Sendable, Equatable {
    /// The page's path under `content/` without `.md`, e.g. `about` or `guides/setup`.
    package var slug: String
    /// The page title; defaults to the slug.
    package var title: String?
    /// A one-line summary for the page's `<meta name="description">`.
    package var description: String?
    /// The Markdown body.
    package var body: String
    /// Addresses the page had before (`aliases:`), each redirecting to it.
    package var aliases: [String] = []
    /// `layout:`, the template its page renders with instead of `page` (`home` for the home page).
    package var layout: PageLayout? = nil
    /// `updated:`, when it was last changed (the sitemap's `lastmod`).
    package var updated: ContentDate? = nil

    package static let kindName = "a page"
    package static let immutableFields: Set<String> = []
    package static let requiredFields: Set<String> = []
    package static let valueKinds: [String: FieldValueKind] = ["aliases": .textList]

    package static func read(_ fields: inout FieldReader, slug: String) -> PlainPage? {
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
