/// `page.item` on the built-in kinds, as on any collection's item: every field of the kind's schema
/// the item has, its own (a post's `title`, a menu item's `price`) and those `site.yml` adds, by name.
/// The keys the built-in templates read beside `item` (`page.title`, `page.price_text`) stay.
/// Each is a lazy value of its own (`SiteModel.fieldsKind`), made only when a template reads it.
extension SiteValues {
    /// What an item's field values are made with: its kind's schema and the site's words and paths.
    struct KindFields: Sendable {
        let schema: CollectionSchema
        let context: FieldContext
    }

    /// A post's `item`: `username`, `title`, `date` (and `date_iso`), `tags`, `draft`, `description`,
    /// `image`, `updated`, and every field `site.yml` adds.
    static func itemFields(of post: Post, _ kind: KindFields) -> TemplateValue {
        var own: [String: FieldValue] = ["username": .text(post.username), "tags": .list(post.tags)]
        own["draft"] = .boolean(post.isDraft)
        if let title = post.title { own["title"] = .text(title) }
        if let date = post.date { own["date"] = .date(date) }
        if let description = post.description { own["description"] = .text(description) }
        own.merge(post.fieldValues) { _, added in added }
        return itemFields(own, source: post.sourcePath, title: post.displayTitle, kind)
    }

    /// A menu item's `item`: `name`, `price`, and every field `site.yml` adds.
    static func itemFields(of item: MenuItem, _ kind: KindFields) -> TemplateValue {
        var own: [String: FieldValue] = ["name": .text(item.name), "price": .integer(item.price)]
        own.merge(item.fieldValues) { _, added in added }
        return itemFields(own, source: item.sourcePath, title: item.name, kind)
    }

    /// A profile's `item`: `name`, `bio`, `username`, and every field `site.yml` adds.
    static func itemFields(of profile: Profile, _ kind: KindFields) -> TemplateValue {
        var own: [String: FieldValue] = ["name": .text(profile.name)]
        if let bio = profile.bio { own["bio"] = .text(bio) }
        if let username = profile.username { own["username"] = .text(username) }
        own.merge(profile.fieldValues) { _, added in added }
        return itemFields(own, source: profile.sourcePath, title: profile.name, kind)
    }

    private static func itemFields(
        _ values: [String: FieldValue], source: String, title: String, _ kind: KindFields
    ) -> TemplateValue {
        .object(
            fieldValues(values, of: kind.schema, source: source, title: title, kind.context, listing: false).byName)
    }
}
