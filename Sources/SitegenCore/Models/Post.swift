/// A forum post: `content/posts/<slug>.md`.
public struct Post: ContentModel, Sendable {
    /// The post's id, from its file name.
    public var slug: String
    /// Who wrote it; set at creation and never changed.
    public var username: String
    /// An optional title.
    public var title: String?
    /// When it was posted.
    public var date: ContentDate?
    /// Free-form tags.
    public var tags: [String]
    /// Drafts are left out of the site unless built with `--drafts`.
    public var isDraft: Bool
    /// The Markdown body: the post's content.
    public var body: String
    /// The title, or the start of the body when the post has none.
    public var displayTitle: String
    /// A line about the post for its page's meta description and its card (instead of the excerpt).
    public var description: String? = nil
    /// Addresses the page had before (`aliases:`), each redirecting to it.
    public var aliases: [String] = []
    /// Whether it is a page bundle (`<slug>/index.md`, with the files it shows beside it).
    public var isBundle = false

    public static let kindName = "a post"
    public static let immutableFields: Set<String> = ["username"]
    public static let requiredFields: Set<String> = ["username"]
    public static let valueKinds: [String: FieldValueKind] = ["draft": .flag, "tags": .textList, "aliases": .textList]

    public static func read(_ fields: inout FieldReader, slug: String) -> Post? {
        let username = fields.pageName("username", fields.requiredText("username"))
        let title = fields.optionalText("title")
        let date = fields.date("date")
        let tags = fields.pageNames("tags", fields.textList("tags"))
        let isDraft = fields.flag("draft", default: false)
        let description = fields.optionalText("description")
        let aliases = fields.aliases()
        guard let username else { return nil }
        let body = fields.document.body
        var post = Post(
            slug: slug, username: username, title: title, date: date, tags: tags, isDraft: isDraft, body: body,
            displayTitle: displayTitle(title: title, body: body, slug: slug), description: description)
        post.aliases = aliases
        return post
    }

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

extension String {
    /// The string without the given characters at either end.
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        return String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
