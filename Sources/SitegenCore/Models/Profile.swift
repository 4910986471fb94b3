/// A member's profile: `content/profiles/<slug>.md`.
public struct Profile: ContentModel, Sendable, Equatable {
    /// The profile's id, from its file name.
    public var slug: String
    /// The member's name; set at creation and never changed.
    public var name: String
    /// A one-line bio.
    public var bio: String?
    /// The username this member posts as, if the profile says: their author page shows the profile.
    public var username: String? = nil
    /// The Markdown body: about the member.
    public var body: String
    /// Addresses the page had before (`aliases:`), each redirecting to it.
    public var aliases: [String] = []
    /// Whether it is a page bundle (`<slug>/index.md`, with the files it shows beside it).
    public var isBundle = false
    /// `layout:`, the template its page renders with instead of `profile`.
    public var layout: PageLayout? = nil
    /// The values of the fields `site.yml` adds to this kind, by name.
    public var fieldValues: [String: FieldValue] = [:]

    public static let kindName = "a profile"
    public static let immutableFields: Set<String> = ["name"]
    public static let requiredFields: Set<String> = ["name"]
    public static let valueKinds: [String: FieldValueKind] = ["aliases": .textList]

    public static func read(_ fields: inout FieldReader, slug: String) -> Profile? {
        let name = fields.requiredText("name")
        let bio = fields.optionalText("bio")
        let username = fields.pageName("username", fields.optionalText("username"))
        let aliases = fields.aliases()
        let layout = fields.layout()
        guard let name else { return nil }
        return Profile(
            slug: slug, name: name, bio: bio, username: username, body: fields.document.body, aliases: aliases,
            layout: layout)
    }
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
