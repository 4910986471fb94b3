/// `sitegen new`: a post, menu item, profile or item of a declared collection to create, and the file it becomes.
package struct NewItem: Sendable {
    /// What is created, with the fields given on the command line.
    package enum Fields: Sendable {
        /// A forum post: its author, title, tags and whether it is a draft.
        case post(username: String, title: String?, tags: [String] = [], isDraft: Bool = false)
        /// A dish; the price as typed, checked like any other edit.
        case menuItem(name: String, price: String)
        /// A member's profile, with the username they post as, if given (their author page shows the profile).
        case profile(name: String, bio: String?, username: String? = nil)
        /// An item of a collection `site.yml` declares, with the values given for its schema's fields.
        case item(collection: String, values: SchemaValues)
    }

    /// The fields.
    package var fields: Fields
    /// The slug asked for, or `nil` to make one from the title or name.
    package var slug: String?
    /// The Markdown body.
    package var body: [UInt8]
    /// When it is created (a post's `date`).
    package var date: ContentDate
    /// A post's `date` as the file gives it: as the user wrote it, or `date` in RFC 3339 (UTC).
    package var dateText: String
    /// Values for the fields `site.yml` adds to a built-in kind (a post's `image`), written after its own.
    package var addedFields: SchemaValues?

    /// An item to create. `dateText` is the date as the user wrote it, in a form `ContentDate(parsing:)` reads as `date`.
    package init(_ fields: Fields, slug: String? = nil, body: [UInt8] = [], date: ContentDate, dateText: String? = nil)
    {
        self.fields = fields
        self.slug = slug
        self.body = body
        self.date = date
        self.dateText = dateText ?? date.rfc3339
    }

    /// An item of the declared collection `collection`; it has no date of its own (its schema's date fields are values).
    package init(collection: String, values: SchemaValues, slug: String? = nil, body: [UInt8] = []) {
        self.init(
            .item(collection: collection, values: values), slug: slug, body: body,
            date: ContentDate(secondsSince1970: 0, in: .utc))
    }

    /// Why `sitegen new NAME` cannot create `name`: it is no built-in kind and no collection site.yml declares.
    package static func unknownKindMessage(_ name: String, collections: SiteCollections) -> String {
        let declared = collections.declared.map(\.name)
        let listed = declared.isEmpty ? "" : " (\(declared.joined(separator: ", ")))"
        let hint =
            FieldReader.nearMiss(of: name, among: Set(declared + ["post", "menu", "profile"]))
            .map { "; did you mean \"\($0)\"?" } ?? ""
        return "cannot create \"\(name)\"; choose post, menu, profile or a collection site.yml declares\(listed)\(hint)"
    }

    /// Why a `--tags` list cannot be used.
    package struct TagListProblem: Error, Sendable, Hashable {
        /// What is wrong, naming the option.
        package var message: String
    }

    /// The tags of `--tags a,b`: split at commas, each trimmed; an empty or repeated tag is refused.
    package static func tags(commaSeparated text: String) throws(TagListProblem) -> [String] {
        let tags = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace }
        if tags.allSatisfy(\.isEmpty) {
            throw TagListProblem(message: "--tags needs at least one tag, like --tags scrum,retro")
        }
        if tags.contains(where: \.isEmpty) {
            throw TagListProblem(
                message:
                    "--tags \"\(text)\" has an empty tag; separate tags with single commas, like --tags scrum,retro")
        }
        // Tags are grouped by `GroupName.key`: two spellings of one tag are one tag.
        for (index, tag) in tags.enumerated() {
            guard let earlier = tags[..<index].first(where: { GroupName.key($0) == GroupName.key(tag) }) else {
                continue
            }
            if earlier.unicodeScalars.elementsEqual(tag.unicodeScalars) {
                throw TagListProblem(message: "--tags names \"\(tag)\" twice")
            }
            throw TagListProblem(
                message:
                    "--tags names \"\(earlier)\" and \"\(tag)\", which are one tag: they differ only in case or Unicode normalization; keep one"
            )
        }
        return tags
    }

    /// The kind of content created.
    package var kind: ContentKind {
        switch fields {
        case .post: return .post
        case .menuItem: return .menuItem
        case .profile: return .profile
        case .item(let collection, _): return .item(collection: collection)
        }
    }

    /// The folder under `content/` the item goes into.
    package var folder: String { kind.folder ?? "" }

    /// The slug to use: the one asked for, else one made from the title, name
    /// or first line, else (a post with nothing to go on) from the date.
    package func resolvedSlug() throws(EditFailure) -> String {
        if let slug {
            if let problem = SlugRules.problem(in: slug) {
                throw .failed("cannot use \"\(slug)\" as a slug: \(problem)")
            }
            return slug
        }
        let source: String
        switch fields {
        case .post(_, let title, _, _):
            let firstLine = String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(
                String.init)
            source = title ?? firstLine ?? ""
        case .menuItem(let name, _), .profile(let name, _, _): source = name
        case .item(_, let values):
            let firstLine = String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(
                String.init)
            source = values.values["title"]?.plainText ?? firstLine ?? ""
        }
        let slug = Self.shortened(SlugRules.slug(from: source))
        if !slug.isEmpty { return slug }
        guard case .post = fields else {
            throw .failed("cannot make a file name from \"\(source)\"; give one with --slug")
        }
        let parts = date.components
        return "\(date.dayText)-"
            + [parts.hour, parts.minute, parts.second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
    }

    /// The new file's bytes: front matter in the usual field order (a post's: username, title, date,
    /// tags, draft), then the body, ending with a line break.
    package var fileBytes: [UInt8] {
        var lines = ["---"]
        switch fields {
        case .post(let username, let title, let tags, let isDraft):
            lines.append("username: " + YAMLScalarWriter.text(username))
            if let title { lines.append("title: " + YAMLScalarWriter.text(title)) }
            lines.append("date: " + YAMLScalarWriter.text(dateText))
            // One line like every other field: the flow style `sitegen edit` also uses for a new list.
            if !tags.isEmpty { lines.append("tags: " + YAMLScalarWriter.flowList(tags)) }
            if isDraft { lines.append("draft: true") }
        case .menuItem(let name, let price):
            lines.append("name: " + YAMLScalarWriter.text(name))
            lines.append("price: " + YAMLScalarWriter.value(price, as: .wholeNumber).yaml)
        case .profile(let name, let bio, let username):
            lines.append("name: " + YAMLScalarWriter.text(name))
            if let username { lines.append("username: " + YAMLScalarWriter.text(username)) }
            if let bio { lines.append("bio: " + YAMLScalarWriter.text(bio)) }
        case .item(_, let values):
            lines += values.lines.map { "\($0.key): \($0.yaml)" }
        }
        lines += (addedFields?.lines ?? []).map { "\($0.key): \($0.yaml)" }
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
