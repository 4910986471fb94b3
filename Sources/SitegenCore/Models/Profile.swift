/// A member's profile: `content/profiles/<slug>.md`.
package struct Profile: ContentModel, Sendable, Equatable {
    /// The profile's id, from its file name.
    package var slug: String
    /// The member's name; set at creation and never changed.
    package var name: String
    /// A one-line bio.
    package var bio: String?
    /// The username this member posts as, if the profile says: their author page shows the profile.
    package var username: String? = nil
    /// The Markdown body: about the member.
    package var body: String
    /// Addresses the page had before (`aliases:`), each redirecting to it.
    package var aliases: [String] = []
    /// Whether it is a page bundle (`<slug>/index.md`, with the files it shows beside it).
    package var isBundle = false
    /// `layout:`, the template its page renders with instead of `profile`.
    package var layout: PageLayout? = nil
    /// The values of the fields `site.yml` adds to this kind, by name.
    package var fieldValues: [String: FieldValue] = [:]

    package static let kindName = "a profile"
}

/// A profile read like any collection's item (`BuiltInKind`), by the schema `BuiltInCollections.profiles`.
extension Profile: BuiltInKind {
    package static var builtInSchema: CollectionSchema { BuiltInCollections.profiles }

    package init?(slug: String, fields: CollectionSchema.ItemFields, body: String) {
        guard let name = fields.values.text("name") else { return nil }
        self.init(
            slug: slug, name: name, bio: fields.values.text("bio"), username: fields.values.text("username"),
            body: body, aliases: fields.aliases, layout: fields.layout,
            fieldValues: fields.values.without(["name", "bio", "username"]))
    }

    package var values: [String: FieldValue] {
        var own: [String: FieldValue] = ["name": .text(name)]
        if let bio { own["bio"] = .text(bio) }
        if let username { own["username"] = .text(username) }
        return own.merging(fieldValues) { _, added in added }
    }

    package var displayTitle: String { name }
}

/// A profile as the source cache keeps it (`StoredModel`): every field but the body, and but
/// `isBundle`, which the file's path says.
extension Profile: StoredModel {
    static var blank: Profile { Profile(slug: "", name: "", bio: nil, body: "") }

    mutating func walkStoredFields(_ record: inout some StoredRecord) {
        record.text(&slug)
        record.text(&name)
        record.optionalText(&bio)
        record.optionalText(&username)
        record.texts(&aliases)
        record.layout(&layout)
        record.values(&fieldValues)
    }
}
