/// `sitegen new`: a post, menu item or profile to create, and the file it becomes.
public struct NewItem: Sendable {
    /// What is created, with the fields given on the command line.
    public enum Fields: Sendable {
        /// A forum post.
        case post(username: String, title: String?)
        /// A dish; the price as typed, checked like any other edit.
        case menuItem(name: String, price: String)
        /// A member's profile.
        case profile(name: String, bio: String?)
    }

    /// The fields.
    public var fields: Fields
    /// The slug asked for, or `nil` to make one from the title or name.
    public var slug: String?
    /// The Markdown body.
    public var body: [UInt8]
    /// When it is created (a post's `date`).
    public var date: ContentDate

    /// An item to create.
    public init(_ fields: Fields, slug: String? = nil, body: [UInt8] = [], date: ContentDate) {
        self.fields = fields
        self.slug = slug
        self.body = body
        self.date = date
    }

    /// The kind of content created.
    public var kind: ContentKind {
        switch fields {
        case .post: return .post
        case .menuItem: return .menuItem
        case .profile: return .profile
        }
    }

    /// The slug to use: the one asked for, else one made from the title, name
    /// or first line, else (a post with nothing to go on) from the date.
    public func resolvedSlug() throws(EditFailure) -> String {
        if let slug {
            if let problem = SlugRules.problem(in: slug) { throw .failed("cannot use \"\(slug)\" as a slug: \(problem)") }
            return slug
        }
        let source: String
        switch fields {
        case .post(_, let title):
            let firstLine = String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
            source = title ?? firstLine ?? ""
        case .menuItem(let name, _), .profile(let name, _): source = name
        }
        let slug = Self.shortened(SlugRules.slug(from: source))
        if !slug.isEmpty { return slug }
        guard case .post = fields else {
            throw .failed("cannot make a file name from \"\(source)\"; give one with --slug")
        }
        let parts = date.components
        return "\(date.dayText)-" + [parts.hour, parts.minute, parts.second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
    }

    /// The new file's bytes: front matter in the usual field order, then the body, ending with a line break.
    public var fileBytes: [UInt8] {
        var lines = ["---"]
        switch fields {
        case .post(let username, let title):
            lines.append("username: " + YAMLScalarWriter.text(username))
            if let title { lines.append("title: " + YAMLScalarWriter.text(title)) }
            lines.append("date: " + date.rfc3339)
        case .menuItem(let name, let price):
            lines.append("name: " + YAMLScalarWriter.text(name))
            lines.append("price: " + YAMLScalarWriter.value(price, as: .wholeNumber).yaml)
        case .profile(let name, let bio):
            lines.append("name: " + YAMLScalarWriter.text(name))
            if let bio { lines.append("bio: " + YAMLScalarWriter.text(bio)) }
        }
        lines.append("---")
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8) + body
        if !body.isEmpty && body.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }

    /// Long titles make long file names; a slug made from one stops at a word
    /// boundary within 60 characters.
    private static func shortened(_ slug: String) -> String {
        guard slug.count > 60 else { return slug }
        let cut = slug.prefix(60)
        guard let dash = cut.lastIndex(of: "-") else { return String(cut) }
        return String(cut[..<dash])
    }
}
