/// A forum post: `content/posts/<slug>.md`.
///
/// A value whose fields sit behind one reference, copied when changed while
/// shared: a site's posts are copied from build to build (the preview changes
/// one post of ten thousand), and copying a post then retains one reference,
/// not each of its texts.
package struct Post: ContentModel, Sendable, Equatable {
    private struct Fields: Equatable {
        var slug: String
        var username: String
        var title: String?
        var date: ContentDate?
        var tags: [String]
        var isDraft: Bool
        var body: String
        var displayTitle: String
        var description: String?
        var aliases: [String]
        var isBundle: Bool
        var layout: PageLayout?
        /// `image`, `updated` and the fields `site.yml` adds to posts (`collections: posts: fields:`), by name.
        var fieldValues: [String: FieldValue] = [:]
        /// `content/posts/<slug>.md`, or `…/<slug>/index.md`; kept with the fields it is made of.
        var sourcePath: String

        mutating func placeSource() {
            sourcePath = isBundle ? "content/posts/\(slug)/index.md" : "content/posts/\(slug).md"
        }
    }

    /// Two posts are equal when every field is.
    package static func == (a: Post, b: Post) -> Bool { a.fields == b.fields }

    private var storage: CopyOnWrite<Fields>

    private var fields: Fields {
        _read { yield storage.fields }
        _modify { yield &storage.fields }
    }

    package init(
        slug: String,
        username: String,
        title: String?,
        date: ContentDate?,
        tags: [String],
        isDraft: Bool,
        body: String,
        displayTitle: String,
        description: String? = nil,
        aliases: [String] = [],
        isBundle: Bool = false
    ) {
        var fields = Fields(
            slug: slug,
            username: username,
            title: title,
            date: date,
            tags: tags,
            isDraft: isDraft,
            body: body,
            displayTitle: displayTitle,
            description: description,
            aliases: aliases,
            isBundle: isBundle,
            layout: nil,
            sourcePath: "")
        fields.placeSource()
        storage = CopyOnWrite(fields)
    }

    /// The post's id, from its file name.
    package var slug: String {
        get { fields.slug }
        set {
            fields.slug = newValue
            fields.placeSource()
        }
    }
    /// Who wrote it; set at creation and never changed.
    package var username: String {
        get { fields.username }
        set { fields.username = newValue }
    }
    /// An optional title.
    package var title: String? {
        get { fields.title }
        set { fields.title = newValue }
    }
    /// When it was posted.
    package var date: ContentDate? {
        get { fields.date }
        set { fields.date = newValue }
    }
    /// Free-form tags.
    package var tags: [String] {
        get { fields.tags }
        set { fields.tags = newValue }
    }
    /// Drafts are left out of the site unless built with `--drafts`.
    package var isDraft: Bool {
        get { fields.isDraft }
        set { fields.isDraft = newValue }
    }
    /// The Markdown body: the post's content.
    package var body: String {
        get { fields.body }
        set { fields.body = newValue }
    }
    /// The title, or the start of the body when the post has none.
    package var displayTitle: String {
        get { fields.displayTitle }
        set { fields.displayTitle = newValue }
    }
    /// A line about the post for its page's meta description and its card (instead of the excerpt).
    package var description: String? {
        get { fields.description }
        set { fields.description = newValue }
    }
    /// Addresses the page had before (`aliases:`), each redirecting to it.
    package var aliases: [String] {
        get { fields.aliases }
        set { fields.aliases = newValue }
    }
    /// Whether it is a page bundle (`<slug>/index.md`, with the files it shows beside it).
    package var isBundle: Bool {
        get { fields.isBundle }
        set {
            fields.isBundle = newValue
            fields.placeSource()
        }
    }
    /// `layout:`, the template its page renders with instead of `post`.
    package var layout: PageLayout? {
        get { fields.layout }
        set { fields.layout = newValue }
    }
    /// `content/posts/<slug>.md`, or `content/posts/<slug>/index.md` for a page bundle.
    package var sourcePath: String { fields.sourcePath }
    /// The values of `image`, `updated` and the fields `site.yml` adds to posts, by name.
    package var fieldValues: [String: FieldValue] {
        get { fields.fieldValues }
        set { fields.fieldValues = newValue }
    }
    /// `image:`, the picture its link previews show.
    package var image: ImageReference? {
        if case .image(let image)? = fields.fieldValues["image"] { return image }
        return nil
    }
    /// `updated:`, when it was last changed.
    package var updated: ContentDate? {
        if case .date(let date)? = fields.fieldValues["updated"] { return date }
        return nil
    }

    package static let kindName = "a post"

    /// The title, or the start of the body when the post has none.
    static func displayTitle(title: String?, body: String, slug: String) -> String {
        if let title, !title.isEmpty { return title }
        // Only the start of the body matters; bodies can be megabytes long.
        let start = String(decoding: body.utf8.prefix(400), as: UTF8.self)
        let firstLine = start.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }
        let plain = String(firstLine ?? Substring(slug)).trimmingCharacters(in: "#>*-_` ")
        return plain.count > 60 ? String(plain.prefix(60)) + "…" : plain
    }
}

/// A post read like any collection's item (`BuiltInKind`), by the schema `BuiltInCollections.posts`:
/// `image`, `updated` and the fields `site.yml` adds stay values by name (`fieldValues`).
extension Post: BuiltInKind {
    package static var builtInSchema: CollectionSchema { BuiltInCollections.posts }

    /// The fields a post holds in fields of its own.
    private static let ownFields: Set<String> = ["username", "title", "date", "tags", "draft", "description"]

    package init?(slug: String, fields: CollectionSchema.ItemFields, body: String) {
        let values = fields.values
        guard let username = values.text("username") else { return nil }
        let title = values.text("title")
        var date: ContentDate?
        if case .date(let written)? = values["date"] { date = written }
        var tags: [String] = []
        if case .list(let written)? = values["tags"] { tags = written }
        var isDraft = false
        if case .boolean(let written)? = values["draft"] { isDraft = written }
        self.init(
            slug: slug, username: username, title: title, date: date, tags: tags, isDraft: isDraft, body: body,
            displayTitle: Self.displayTitle(title: title, body: body, slug: slug),
            description: values.text("description"), aliases: fields.aliases)
        layout = fields.layout
        fieldValues = values.without(Self.ownFields)
    }

    package var values: [String: FieldValue] {
        var own: [String: FieldValue] = ["username": .text(username), "tags": .list(tags), "draft": .boolean(isDraft)]
        if let title { own["title"] = .text(title) }
        if let date { own["date"] = .date(date) }
        if let description { own["description"] = .text(description) }
        return own.merging(fieldValues) { _, added in added }
    }
}

/// A post as the source cache keeps it (`StoredModel`): every field but the body, and but
/// `isBundle`, which the file's path says.
extension Post: StoredModel {
    static var blank: Post {
        // Its fields made whole, without `init`'s path: a read makes that once it has the slug.
        Post(
            storage: CopyOnWrite(
                Fields(
                    slug: "", username: "", title: nil, date: nil, tags: [], isDraft: false, body: "",
                    displayTitle: "", description: nil, aliases: [], isBundle: false, layout: nil, sourcePath: "")))
    }

    private init(storage: CopyOnWrite<Fields>) { self.storage = storage }

    mutating func walkStoredFields(_ record: inout some StoredRecord) { Self.walk(&fields, through: &record) }

    /// The walk on the fields themselves: one access to the shared storage, not one per field.
    private static func walk(_ fields: inout Fields, through record: inout some StoredRecord) {
        record.text(&fields.slug)
        record.text(&fields.username)
        record.optionalText(&fields.title)
        record.date(&fields.date)
        record.texts(&fields.tags)
        record.flag(&fields.isDraft)
        record.text(&fields.displayTitle)
        record.optionalText(&fields.description)
        record.texts(&fields.aliases)
        record.layout(&fields.layout)
        record.values(&fields.fieldValues)
        fields.placeSource()  // Made of the slug, which a read sets.
    }
}

extension String {
    /// The string without the given characters at either end.
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        return String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
