/// An item of a collection `site.yml` declares: `content/<collection>/<slug>.md` (or
/// `<slug>/index.md`), its fields read and checked against the collection's schema.
package struct CollectionItem: Sendable, Hashable {
    /// The collection's name: its folder under `content/`.
    package var collection: String
    /// The item's id, from its file name.
    package var slug: String
    /// Each declared field the item has (or has a default for), by name.
    package var values: [String: FieldValue]
    /// The Markdown body.
    package var body: String
    /// `layout:`, the template its page renders with instead of the collection's item template.
    package var layout: PageLayout?
    /// Addresses the page had before (`aliases:`), each redirecting to it.
    package var aliases: [String] = []
    /// Whether it is a page bundle (`<slug>/index.md`, with the files it shows beside it).
    package var isBundle = false

    /// An item with its values.
    package init(
        collection: String, slug: String, values: [String: FieldValue], body: String, layout: PageLayout? = nil,
        aliases: [String] = [], isBundle: Bool = false
    ) {
        self.collection = collection
        self.slug = slug
        self.values = values
        self.body = body
        self.layout = layout
        self.aliases = aliases
        self.isBundle = isBundle
    }

    /// `content/<collection>/<slug>.md`, or `content/<collection>/<slug>/index.md` for a page bundle.
    package var sourcePath: String {
        isBundle ? "content/\(collection)/\(slug)/index.md" : "content/\(collection)/\(slug).md"
    }

    /// The item's name where one is shown: its `title` if it has one as text, else its slug.
    package var displayTitle: String {
        switch values["title"] {
        case .text(let title)?, .markdown(let title)?, .choice(let title)?:
            return title.allSatisfy(\.isWhitespace) ? slug : title
        default: return slug
        }
    }
}
